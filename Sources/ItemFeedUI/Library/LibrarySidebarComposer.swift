import Foundation
import ItemFeed

/// Keeps the sidebar's counts following the library, as the window and the
/// headless tests both wire it: a refresh's batches, the accounts' syncs
/// and the marks a view writes reload it once a turn of the loop however
/// many came (j through a view writes one mark per item); a refresh's end
/// reloads it at once, before the window hears of it.
@MainActor
public final class LibrarySidebarComposer {
    private let sidebar: LibrarySidebarController
    private let schedule: ScheduleWork
    private var pending: ScheduledWork?

    private init(sidebar: LibrarySidebarController, schedule: @escaping ScheduleWork) {
        self.sidebar = sidebar
        self.schedule = schedule
    }

    /// `written`: what else a batch written means (the new items' button);
    /// `finished`: the refresh's end, once the counts are read again.
    public static func compose(
        _ sidebar: LibrarySidebarController, following refresher: LibraryRefreshController, schedule: @escaping ScheduleWork,
        written: @escaping @MainActor () -> Void, finished: @escaping @MainActor (Result<LibraryRefresh.Summary, Error>, [URL: Int]) -> Void
    ) -> LibrarySidebarComposer {
        let composer = LibrarySidebarComposer(sidebar: sidebar, schedule: schedule)
        refresher.written = { [weak composer] in
            composer?.reloadSoon()
            written()
        }
        refresher.finished = { [weak sidebar] outcome, brought in
            sidebar?.reload()
            finished(outcome, brought)
        }
        return composer
    }

    /// A view's loader wrote marks: the counts follow, once this turn.
    public func follow(_ loader: LibraryViewLoader) {
        loader.marksWritten = { [weak self] in self?.reloadSoon() }
    }

    /// Once a turn of the loop, however many asked in it.
    public func reloadSoon() {
        guard pending == nil else { return }
        pending = schedule(0) { [weak self] in
            self?.pending = nil
            self?.sidebar.reload()
        }
    }
}
