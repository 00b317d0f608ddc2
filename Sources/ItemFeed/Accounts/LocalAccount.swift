import Foundation

/// The library on this computer: feeds asked for by their own addresses,
/// the polite way (`SubscriptionLoader`), and every change written through
/// the library's writer (in the window, a connection on a queue of its
/// own), so the UI thread never writes.
@MainActor
public final class LocalAccount: Account {
    private let writer: LibraryWriter
    private let load: LibraryRefresh.Load
    private let now: () -> Date

    /// `load`: one subscription, as a refresh loads it.
    public init(writer: LibraryWriter, load: @escaping LibraryRefresh.Load, now: @escaping () -> Date = Date.init) {
        self.writer = writer
        self.load = load
        self.now = now
    }

    /// `loader`: the polite loader for a feed's address (the app's libcurl
    /// client for it, its formats, the web page's links); made, then asked
    /// here, so a refresh never passes through the app on its way.
    public convenience init(writer: LibraryWriter, loader: @escaping (URL) -> SubscriptionLoader, now: @escaping () -> Date = Date.init) {
        self.init(writer: writer, load: { subscription, completion in
            loader(subscription.address).refresh(subscription, completion: completion)
        }, now: now)
    }

    public func makeRefresh() -> LibraryRefresh {
        LibraryRefresh(writer: writer, load: load)
    }

    @discardableResult
    public func subscribe(_ request: SubscribeRequest, completion: @escaping (Result<Subscribed, Error>) -> Void) -> FeedLoadTask {
        let asked = Subscription(address: request.address, title: request.title ?? FeedAddress.displayName(of: request.address), folder: request.folder)
        return load(asked) { [weak self] loaded in
            guard let self else { return }
            guard let refresh = Self.firstRefresh(loaded, shown: request.shown, date: now()) else {
                if case let .failed(reason) = loaded.outcome { return completion(.failure(SubscribeError.unreadable(reason: reason))) }
                return completion(.failure(SubscribeError.unreadable(reason: tr("The feed has nothing to show yet."))))
            }
            let feedAddress = loaded.movedTo ?? request.address
            let title = request.title ?? Self.title(of: refresh) ?? FeedAddress.displayName(of: feedAddress)
            let subscription = Subscription(address: request.address, title: title, folder: request.folder)
            writer.write({ store in
                // Following the feed already, by its own address or the page's.
                if try store.subscriptions().contains(where: { $0.address == feedAddress || $0.address == request.address }) { return Int?.none }
                return try store.subscribe(subscription, loaded: refresh)
            }) { written in
                completion(written.map { added in
                    Subscribed(address: feedAddress, page: feedAddress == request.address ? nil : request.address, title: title, added: added)
                })
            }
        }
    }

    /// What the first load keeps: the feed as loaded, with any items the
    /// window showed that it no longer lists; the shown items alone when
    /// the feed cannot be reached now; `nil` when there is nothing to keep.
    private static func firstRefresh(_ loaded: FeedRefresh, shown: ShownFeed?, date: Date) -> FeedRefresh? {
        var refresh = loaded
        switch loaded.outcome {
        case let .loaded(title, siteLink, items, articles, enclosures):
            guard let shown else { return loaded }
            let listed = Set(items.map(\.id))
            refresh.outcome = .loaded(
                title: title ?? shown.title, siteLink: siteLink, items: items + shown.items.filter { !listed.contains($0.id) },
                articles: shown.articles.merging(articles) { _, new in new }, enclosures: shown.enclosures.merging(enclosures) { _, new in new }
            )
            return refresh
        case .unchanged, .failed, .gone, .deferred:
            guard let shown, !shown.items.isEmpty else { return nil }
            return FeedRefresh(
                address: loaded.address, outcome: .loaded(title: shown.title, siteLink: nil, items: shown.items, articles: shown.articles, enclosures: shown.enclosures),
                date: date, nextDue: loaded.nextDue
            )
        }
    }

    private static func title(of refresh: FeedRefresh) -> String? {
        guard case let .loaded(title, _, _, _, _) = refresh.outcome, let title, !title.isEmpty else { return nil }
        return title
    }

    public func unsubscribe(_ address: URL, completion: @escaping (Result<RemovedSubscription?, Error>) -> Void) {
        writer.write({ store in
            guard let subscription = try store.subscriptions().first(where: { $0.address == address }) else { return RemovedSubscription?.none }
            let items = try store.items(LibraryView(.feed(address)), in: 0..<Int.max / 2)
            try store.unsubscribe(address)
            return RemovedSubscription(subscription: subscription, items: items)
        }, completion: completion)
    }

    public func restore(_ removed: RemovedSubscription, completion: @escaping (Result<Void, Error>) -> Void) {
        let date = now()
        writer.write({ store in
            let address = removed.subscription.address
            try store.add([removed.subscription], folders: [])
            try store.apply([FeedRefresh(address: address, outcome: .loaded(title: nil, siteLink: nil, items: removed.items.map(\.item)), date: date)])
            let keys = Dictionary(
                try store.items(LibraryView(.feed(address)), in: 0..<Int.max / 2).map { ($0.item.id, $0.key) }, uniquingKeysWith: { first, _ in first }
            )
            try store.setRead(true, removed.items.filter(\.isRead).compactMap { keys[$0.item.id] })
            try store.setStarred(true, removed.items.filter(\.isStarred).compactMap { keys[$0.item.id] })
        }, completion: completion)
    }

    public func rename(_ address: URL, to title: String, completion: @escaping (Result<Void, Error>) -> Void) {
        writer.write({ try $0.rename(address, to: title) }, completion: completion)
    }

    public func move(_ address: URL, toFolder folder: String?, completion: @escaping (Result<Void, Error>) -> Void) {
        writer.write({ try $0.move(address, toFolder: folder) }, completion: completion)
    }

    public func mark(_ change: MarkChange, completion: @escaping (Result<[LibraryItem.Key], Error>) -> Void) {
        writer.mark(change, completion: completion)
    }

    /// Feeds an import writes between looks at its stop.
    public nonisolated static let importedAtOnce = 2_000

    public func importSubscriptions(_ subscriptions: [Subscription], folders: [String], stop: SyncStop, completion: @escaping (Result<[URL], Error>) -> Void) {
        writer.write({ store in
            try store.changing {
                var added: [URL] = []
                for start in stride(from: 0, to: max(subscriptions.count, 1), by: Self.importedAtOnce) {
                    guard !stop.isStopped else { throw CancellationError() }
                    let batch = Array(subscriptions[start..<min(start + Self.importedAtOnce, subscriptions.count)])
                    added += try store.add(batch, folders: start == 0 ? folders : [])
                }
                return added
            }
        }, completion: completion)
    }
}
