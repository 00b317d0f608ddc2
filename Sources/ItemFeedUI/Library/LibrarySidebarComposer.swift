import Foundation
import ItemFeed

/// Keeps the sidebar following the library, as the window and the headless
/// tests both wire it: what the writer says each write changed (a view's
/// marks among them), a refresh's batches and the accounts' syncs once a
/// turn of the loop however many came (j through a view writes one mark
/// per item); a refresh's end at once, before the window hears of it.
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
    /// `finished`: the refresh's end, once the counts are read again;
    /// `writer`: where the saved views' counts are read, off the UI thread
    /// (each is a query over the whole library); `nil`: read here.
    public static func compose(
        _ sidebar: LibrarySidebarController, following refresher: LibraryRefreshController, countingViewsOn writer: LibraryWriter? = nil,
        schedule: @escaping ScheduleWork,
        written: @escaping @MainActor () -> Void, finished: @escaping @MainActor (Result<LibraryRefresh.Summary, Error>, [URL: Int]) -> Void
    ) -> LibrarySidebarComposer {
        let composer = LibrarySidebarComposer(sidebar: sidebar, schedule: schedule)
        if let writer {
            sidebar.countSavedViews = { [writer] done in
                writer.write({ store in Dictionary(try store.savedViews().map { ($0.id, $0.unread) }, uniquingKeysWith: { first, _ in first }) }) { done((try? $0.get()) ?? [:]) }
            }
        }
        refresher.written = { [weak composer] in
            composer?.reloadSoon()
            written()
        }
        // After the sidebar, whoever followed the refresher before (the
        // library's session: its notification), then the window.
        let earlier = refresher.finished
        refresher.finished = { [weak sidebar] outcome, brought in
            sidebar?.reload()
            earlier(outcome, brought)
            finished(outcome, brought)
        }
        return composer
    }

    /// Follows what a write changed (the writer says, after each), so no
    /// command reloads the sidebar itself: feeds, folders, counts and views
    /// at once (the command goes on to select what it added); items alone
    /// (a star: Starred's count) once a turn.
    public func follow(_ change: LibraryChange) {
        if !change.isDisjoint(with: [.subscriptions, .feeds, .views]) {
            pending?.cancel()
            pending = nil
            sidebar.reload()
        } else if change.contains(.items) {
            reloadSoon()
        }
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
