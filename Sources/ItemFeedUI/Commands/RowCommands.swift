import Foundation
import ItemFeed

/// A sidebar row's commands, whatever the row: each asks what it needs,
/// acts through `RowActs`, says what it did and offers Undo where it can;
/// a refusal says why. Tested headless; the window only routes to it.
@MainActor
public final class RowCommands {
    private let screen: CommandScreen
    /// Weak: the window that owns these commands is where they act.
    private weak var acts: RowActs?

    public init(screen: CommandScreen, acts: RowActs) {
        self.screen = screen
        self.acts = acts
    }

    /// A row's menu, used: what each command does for this kind of row
    /// (one a row does not offer does nothing).
    public func run(_ command: LibrarySidebarController.RowCommand, on subject: RowSubject) {
        switch command {
        case .refresh: acts?.refresh(subject)
        case .markAllRead: markAllRead(subject)
        case .rename: rename(subject)
        case .copyAddress: copyAddress(subject)
        case .unsubscribe, .removeView: remove(subject)
        case .move: move(subject)
        case .fullArticles:
            acts?.setFetchesFullArticles(!subject.fetchesFullArticles, for: subject) { [weak self] in self?.refused($0) }
        case .editView: editSearch(subject)
        }
    }

    /// A local feed's folder, asked naming the library's folders.
    public func move(_ subject: RowSubject) {
        guard case let .feed(subscription) = subject, let acts else { return }
        screen.ask(.folder(current: subscription.folder, among: acts.folders)) { [weak self] answer in
            self?.acts?.move(subject, toFolder: TextRequest.folderName(answer)) { [weak self] in self?.refused($0) }
        }
    }

    /// A saved view's search, asked with the one it has; an empty answer changes nothing.
    public func editSearch(_ subject: RowSubject) {
        guard case let .savedView(saved) = subject else { return }
        screen.ask(TextRequest(heading: tr("Edit Search"), body: saved.name, text: saved.query, accept: tr("_Save"))) { [weak self] answer in
            let query = answer.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !query.isEmpty else { return }
            self?.acts?.changeSearch(of: saved, to: query) { [weak self] in self?.refused($0) }
        }
    }

    /// A new name, asked with the current one; an empty answer changes nothing.
    public func rename(_ subject: RowSubject) {
        let heading = subject.address == nil ? tr("Rename View") : tr("Rename Feed")
        let body: String
        switch subject {
        case let .savedView(saved): body = saved.query
        case .feed, .accountFeed: body = subject.address?.absoluteString ?? ""
        }
        let limit = subject.address == nil ? FeedText.nameLimit : FeedText.titleLimit
        screen.ask(TextRequest(heading: heading, body: body, text: subject.title, accept: tr("_Rename"))) { [weak self] answer in
            let name = answer.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let self, !name.isEmpty else { return }
            acts?.rename(subject, to: String(name.prefix(limit))) { [weak self] in self?.refused($0) }
        }
    }

    public func copyAddress(_ subject: RowSubject) {
        guard let address = subject.address else { return }
        screen.copy(address.absoluteString)
        screen.notify(tr("Address copied"))
    }

    /// Every unread item the row shows, with Undo marking exactly them unread.
    public func markAllRead(_ subject: RowSubject) {
        acts?.mark(.allRead(subject.view)) { [weak self] result in
            guard let self else { return }
            guard case let .success(keys) = result else { return refused(result.map { _ in () }) }
            guard !keys.isEmpty else { return }
            screen.offerUndo(trPlural("{count} item marked as read", "{count} items marked as read", keys.count, ["count": String(keys.count)])) { [weak self] in
                self?.acts?.mark(.read(false, keys)) { [weak self] in self?.refused($0.map { _ in () }) }
            }
        }
    }

    /// Unsubscribes (or removes the view), with Undo where it can be put back.
    public func remove(_ subject: RowSubject) {
        acts?.remove(subject) { [weak self] result in
            guard let self else { return }
            guard case let .success(restore) = result else { return refused(result.map { _ in () }) }
            let message: String
            switch subject {
            case let .feed(subscription): message = tr("Unsubscribed from {title}", ["title": subscription.title])
            case let .accountFeed(account, feed):
                message = tr("Unsubscribed from {title} (on {account} at the next sync)", ["title": feed.title, "account": account.title])
            case let .savedView(saved): message = tr("Removed the view {name}", ["name": saved.name])
            }
            guard let restore else { return screen.notify(message) }
            screen.offerUndo(message) { restore { [weak self] in self?.refused($0) } }
        }
    }

    private func refused(_ result: Result<Void, Error>) {
        guard case let .failure(error) = result else { return }
        screen.notify(error.explanation)
    }
}
