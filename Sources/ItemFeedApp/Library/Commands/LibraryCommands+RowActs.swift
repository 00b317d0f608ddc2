import Foundation
import ItemFeed
import ItemFeedUI

/// Where a row's commands write, by row: the local account, an account's
/// work (done here at once, on its server at the next sync), or the writer
/// for saved views. The open view is read again after each.
extension LibraryCommands: RowActs {
    func rename(_ subject: RowSubject, to name: String, done: @escaping @MainActor (Result<Void, Error>) -> Void) {
        let reopened = reopening(done)
        switch subject {
        case let .feed(subscription): account.rename(subscription.address, to: name, completion: reopened)
        case let .accountFeed(account, feed): accountWork.change(feed.id, of: account, .rename(name), completion: reopened)
        case let .savedView(saved): writer.write({ try $0.updateSavedView(saved.id, name: name, query: saved.query) }, completion: reopened)
        }
    }

    /// The open view's rows change in place (the open article stays).
    func mark(_ change: MarkChange, done: @escaping @MainActor (Result<[LibraryItem.Key], Error>) -> Void) {
        account.mark(change) { [weak self] result in
            if case let .success(keys) = result { self?.shown?.loader?.show(change, madeOn: keys) }
            done(result)
        }
    }

    func remove(_ subject: RowSubject, done: @escaping @MainActor (Result<RowRestore?, Error>) -> Void) {
        switch subject {
        case let .feed(subscription):
            account.unsubscribe(subscription.address) { [weak self] result in
                self?.reopen()
                done(result.map { removed in removed.map { self?.restoring($0) } ?? nil })
            }
        case let .accountFeed(account, feed):
            accountWork.change(feed.id, of: account, .unsubscribe) { [weak self] result in
                guard let self else { return }
                reopen()
                // Its view was open: the list shows the row now selected.
                if !sidebar.showsARowsView { sidebar.select(at: sidebar.selectedIndex) }
                done(result.map { nil })
            }
        case let .savedView(saved):
            writer.write({ try $0.removeSavedView(saved.id) }) { [weak self] result in
                self?.reopen()
                done(result.map { removed in removed ? self?.restoring(saved) : nil })
            }
        }
    }

    func refresh(_ subject: RowSubject) {
        switch subject {
        case let .feed(subscription):
            session.refresher.refresh(.feed, where: { $0.address == subscription.address }, then: { [weak self] in self?.reopen() })
        case .accountFeed, .savedView:
            _ = session.refresher.refresh(subject.view) { [weak self] in self?.reopen() }
        }
    }

    var folders: [String] { (try? store.folders()) ?? [] }

    func move(_ subject: RowSubject, toFolder folder: String?, done: @escaping @MainActor (Result<Void, Error>) -> Void) {
        guard case let .feed(subscription) = subject else { return }
        account.move(subscription.address, toFolder: folder, completion: reopening(done))
    }

    /// Once on, the feed's unread items' pages are fetched in the quiet between refreshes.
    func setFetchesFullArticles(_ fetches: Bool, for subject: RowSubject, done: @escaping @MainActor (Result<Void, Error>) -> Void) {
        let scope = subject.view.scope
        writer.write({ store in try store.setFetchesFullArticles(fetches, for: scope) }) { [weak self] result in
            if fetches, case .success = result { self?.session.fullArticleFetch.start() }
            done(result)
        }
    }

    func changeSearch(of saved: SavedView, to query: String, done: @escaping @MainActor (Result<Void, Error>) -> Void) {
        writer.write({ try $0.updateSavedView(saved.id, name: saved.name, query: query) }, completion: reopening(done))
    }

    /// Undo of an unsubscribe: the feed, its items and their marks back.
    private func restoring(_ removed: RemovedSubscription) -> RowRestore {
        { [weak self] restored in
            guard let self else { return }
            account.restore(removed, completion: reopening(restored))
        }
    }

    /// Undo of a removed view: kept again, its items matched anew.
    private func restoring(_ saved: SavedView) -> RowRestore {
        { [weak self] restored in
            guard let self else { return }
            writer.write({ try $0.addSavedView(name: saved.name, query: saved.query) }, completion: reopening { restored($0.map { _ in () }) })
        }
    }

    /// `done`, once the open view is read again.
    private func reopening<Value>(_ done: @escaping @MainActor (Result<Value, Error>) -> Void) -> (Result<Value, Error>) -> Void {
        { [weak self] result in
            MainActor.assumeIsolated {
                self?.reopen()
                done(result)
            }
        }
    }
}
