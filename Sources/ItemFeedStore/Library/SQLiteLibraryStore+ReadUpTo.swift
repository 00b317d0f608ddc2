import Foundation
import ItemFeed

/// Mark All as Read of local feeds as one mark per feed (`read_up_to`,
/// `LibrarySchema` version 11), so marking a folder of 100,000 items writes
/// its feeds, not each item; the items' own marks are settled afterwards,
/// a batch at a time, by the writer.
extension SQLiteLibraryStore {
    public func markAllRead(_ view: LibraryView) throws -> [LibraryItem.Key] {
        let query = try viewQuery(view)
        return try database.transaction {
            guard let feeds = try Self.wholeLocalFeeds(of: view) else {
                let marked = try database.statement("SELECT item.id FROM item WHERE \(ReadMarkSQL.unread) AND item.id IN (\(query.itemIDs)) ORDER BY item.id")
                    .rows(query.values) { $0.integer(0) }
                try database.statement("UPDATE item SET read = 1 WHERE \(ReadMarkSQL.unread) AND item.id IN (\(query.itemIDs))").run(query.values)
                try queueMarks(.read, marked)
                return marked
            }
            // Found by feed, along each feed's own index.
            let unread = "item.hidden = 0 AND \(ReadMarkSQL.unread)"
            let local = try database.statement("SELECT item.id FROM item WHERE item.feed_id IN (\(feeds.sql)) AND \(unread)").rows(feeds.values) { $0.integer(0) }
            // The saved views count what was unread before the marks rise.
            try database.statement("""
                UPDATE saved_view SET unread = unread - marked.count FROM (
                    SELECT saved_view_item.view_id AS view_id, count(*) AS count
                    FROM item JOIN saved_view_item ON saved_view_item.item_id = item.id
                    WHERE item.feed_id IN (\(feeds.sql)) AND \(unread)
                    GROUP BY saved_view_item.view_id
                ) AS marked WHERE marked.view_id = saved_view.id
                """).run(feeds.values)
            try database.statement("""
                UPDATE feed SET unread = 0,
                    read_up_to = max(read_up_to, coalesce((SELECT max(item.id) FROM item WHERE item.feed_id = feed.id), 0))
                WHERE id IN (\(feeds.sql))
                """).run(feeds.values)
            database.written.note("item", .update)
            guard feeds.withAccounts else { return local.sorted() }
            // Every account's items too, each marked, for its server.
            let accountFeeds = "item.feed_id IN (SELECT id FROM feed WHERE account_id != \(Self.localAccount))"
            let accounts = try database.statement("SELECT item.id FROM item WHERE \(accountFeeds) AND \(unread)").rows { $0.integer(0) }
            try database.statement("UPDATE item SET read = 1 WHERE \(accountFeeds) AND \(unread)").run()
            try queueMarks(.read, accounts.sorted())
            return (local + accounts).sorted()
        }
    }

    /// The local feeds a view shows whole, as a query of their ids, and
    /// whether it shows every account's items too; `nil` when it shows only
    /// some of their items (a search, a saved view, an account's feeds).
    private static func wholeLocalFeeds(of view: LibraryView) throws -> (sql: String, values: [SQLiteValue?], withAccounts: Bool)? {
        guard try view.search.flatMap(LibraryQuery.parse) == nil else { return nil }
        switch view.scope {
        case .all, .unread:
            return ("SELECT id FROM feed WHERE account_id = \(localAccount)", [], true)
        case let .folder(name):
            return ("SELECT feed.id FROM feed JOIN folder ON folder.id = feed.folder_id WHERE folder.name = ?1 AND folder.account_id = \(localAccount)", [.text(name)], false)
        case let .feed(feed) where feed.isLocal:
            return ("SELECT id FROM feed WHERE \(FeedIDSQL.condition(feed, from: 1).sql)", FeedIDSQL.condition(feed, from: 1).values, false)
        case .starred, .feed, .account, .accountFolder, .query, .hiddenByRules:
            return nil
        }
    }

    /// Gives up to `limit` items below their feeds' marks a mark of their
    /// own; a feed with none left has its mark put back to 0. Nothing shown
    /// changes, so no change is told. Returns how many were settled.
    @discardableResult public func settleReadMarks(limit: Int) throws -> Int {
        let told = database.written.take()
        defer { database.written.restore(told) }
        return try database.transaction {
            var settled = 0
            let marks = try database.statement("SELECT id, read_up_to FROM feed WHERE read_up_to > 0 ORDER BY id").rows { ($0.integer(0), $0.integer(1)) }
            for (feed, mark) in marks {
                guard settled < limit else { break }
                settled += try settle(feed, upTo: mark, limit: limit - settled)
            }
            return settled
        }
    }

    /// Every feed's items, inside the caller's transaction.
    func settleReadMarks() throws {
        try settleReadMarks(ofFeedsWhere: "read_up_to > 0", [])
    }

    /// The feeds a condition on `feed` picks, whole, inside the caller's transaction.
    func settleReadMarks(ofFeedsWhere condition: String, _ values: [SQLiteValue?]) throws {
        for (feed, mark) in try database.statement("SELECT id, read_up_to FROM feed WHERE read_up_to > 0 AND \(condition)").rows(values, { ($0.integer(0), $0.integer(1)) }) {
            _ = try settle(feed, upTo: mark, limit: nil)
        }
    }

    /// The feeds of items about to be marked unread, so each can be.
    func settleFeeds(holding keys: [LibraryItem.Key]) throws {
        guard !keys.isEmpty, try database.integer("SELECT EXISTS (SELECT 1 FROM feed WHERE read_up_to > 0)") != 0 else { return }
        for batch in KeyBatches.json(keys) {
            try settleReadMarks(ofFeedsWhere: """
                id IN (SELECT item.feed_id FROM json_each(?1) AS marked JOIN item ON item.id = marked.value)
                """, [batch])
        }
    }

    private func settle(_ feed: Int64, upTo mark: Int64, limit: Int?) throws -> Int {
        try database.statement("UPDATE item SET read = 1 WHERE id IN (SELECT id FROM item WHERE feed_id = ?1 AND read = 0 AND id <= ?2 LIMIT ?3)")
            .run([.integer(feed), .integer(mark), .int(limit ?? -1)])
        let settled = database.changes
        if limit.map({ settled < $0 }) ?? true {
            try database.statement("UPDATE feed SET read_up_to = 0 WHERE id = ?").run([.integer(feed)])
        }
        return settled
    }
}
