import Foundation
import ItemFeed
import ItemFeedStore
import ItemFeedTestSupport
import XCTest

/// An account in a new library and a server's feeds and items, for the
/// rounds' tests.
enum SyncFixtures {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let monthAgo = now.addingTimeInterval(-30 * 86_400)

    static func feed(_ id: String) -> RemoteFeed {
        RemoteFeed(id: id, title: "Feed \(id)", address: URL(string: "https://site\(id).example/feed")!)
    }

    static func item(_ id: String, feed: String, daysAgo: Double) -> RemoteItem {
        RemoteItem(id: id, feedID: feed, title: "Item \(id)", published: now.addingTimeInterval(-daysAgo * 86_400), content: "<p>\(id)</p>", summary: id)
    }
}

extension XCTestCase {
    /// An account on `https://rss.example/` in a new library.
    func makeSyncAccount(_ service: SyncServiceKind = .example) throws -> (SQLiteLibraryStore, SyncAccount.ID) {
        let store = try SQLiteLibraryStore(path: temporaryLibraryFolder().appendingPathComponent("library.sqlite").path)
        return (store, try store.addAccount(service: service, address: URL(string: "https://rss.example/")!, userName: "ann"))
    }
}
