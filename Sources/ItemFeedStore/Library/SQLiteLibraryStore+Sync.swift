import Foundation
import ItemFeed

/// Accounts on feed servers, their feeds and items beside the local ones,
/// and the changes made here waiting to be sent (`pending_change`).
extension SQLiteLibraryStore: SyncStore {
    public func accounts() throws -> [SyncAccount] {
        try database.statement("""
            SELECT account.id, account.service, account.address, account.user_name, account.state, account.reason, account.last_sync,
                   count(feed.id), coalesce(sum(feed.unread), 0), coalesce(sum(feed.total), 0), account.failures, account.retry_at
            FROM account LEFT JOIN feed ON feed.account_id = account.id
            WHERE account.id != \(Self.localAccount) GROUP BY account.id ORDER BY account.id
            """).rows { row -> SyncAccount? in
            guard let service = row.text(1).map(SyncServiceKind.init(rawValue:)),
                  let address = row.text(2).flatMap(URL.init(string:))
            else { return nil }
            return SyncAccount(
                id: row.integer(0), service: service, address: address, userName: row.text(3) ?? "",
                state: Self.accountState(row.text(4), reason: row.text(5), until: row.real(11)),
                lastSync: row.real(6).map(Date.init(timeIntervalSince1970:)), feedCount: Int(row.integer(7)),
                counts: ItemCounts(unread: Int(row.integer(8)), total: Int(row.integer(9))), failures: Int(row.integer(10))
            )
        }.compactMap { $0 }
    }

    public func feeds(of account: SyncAccount.ID) throws -> [AccountFeed] {
        try database.statement("""
            SELECT feed.remote_id, coalesce(feed.custom_title, feed.feed_title, feed.address), feed.address, feed.site_link, feed.icon,
                   feed.unread, feed.total, folder.remote_id, folder.name, feed.full_articles
            FROM feed LEFT JOIN folder ON folder.id = feed.folder_id WHERE feed.account_id = ? AND feed.remote_id IS NOT NULL
            """).rows([.integer(account)]) { row -> AccountFeed? in
            guard let id = row.text(0), let address = row.text(2).flatMap(URL.init(string:)) else { return nil }
            let folder = row.text(7).map { RemoteFolder(id: $0, name: row.text(8) ?? $0) }
            return AccountFeed(
                id: id, title: row.text(1) ?? "", address: address, siteLink: row.text(3).flatMap(URL.init(string:)),
                icon: row.text(4).flatMap(URL.init(string:)), folder: folder, counts: ItemCounts(unread: Int(row.integer(5)), total: Int(row.integer(6))),
                fetchesFullArticles: row.integer(9) != 0
            )
        }.compactMap { $0 }.sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
    }

    public func addAccount(service: SyncServiceKind, address: URL, userName: String) throws -> SyncAccount.ID {
        try database.transaction {
            try database.statement("INSERT INTO account (service, address, user_name, title, state, added) VALUES (?, ?, ?, ?, 'new', ?)").run([
                .text(service.rawValue), .text(address.absoluteString), .text(userName), .text(userName), .real(now().timeIntervalSince1970),
            ])
            return database.lastInsertedRow
        }
    }

    @discardableResult public func removeAccount(_ id: SyncAccount.ID) throws -> Bool {
        try database.transaction {
            try database.statement("DELETE FROM account WHERE id = ? AND id != \(Self.localAccount)").run([.integer(id)])
            return database.changes == 1
        }
    }

    /// A failure counts one more in a row and keeps when to try again; any
    /// other state ends the row.
    public func setState(_ state: SyncAccountState, lastSync: Date?, of account: SyncAccount.ID) throws {
        let (name, reason, until): (String, String?, Date?) = switch state {
        case .neverSynced: ("new", nil, nil)
        case .ok: ("ok", nil, nil)
        case .needsSignIn: ("needs-sign-in", nil, nil)
        case let .failed(reason, until): ("failed", reason, until)
        }
        try database.transaction {
            try database.statement("""
                UPDATE account SET state = ?1, reason = ?2, last_sync = coalesce(?3, last_sync), retry_at = ?4,
                    failures = CASE WHEN ?1 = 'failed' THEN failures + 1 ELSE 0 END
                WHERE id = ?5
                """).run([.text(name), .optional(reason), .optional(lastSync?.timeIntervalSince1970), .optional(until?.timeIntervalSince1970), .integer(account)])
        }
    }

    private static func accountState(_ name: String?, reason: String?, until: Double?) -> SyncAccountState {
        switch name {
        case "ok": return .ok
        case "needs-sign-in": return .needsSignIn
        case "failed": return .failed(reason: reason ?? "", until: until.map(Date.init(timeIntervalSince1970:)))
        default: return .neverSynced
        }
    }

    // MARK: Pending changes

    public func pendingChanges(of account: SyncAccount.ID, limit: Int) throws -> [PendingChange] {
        try database.statement("""
            SELECT id, kind, item_remote_id, feed_remote_id, value FROM pending_change WHERE account_id = ? ORDER BY id LIMIT ?
            """).rows([.integer(account), .int(limit)]) { row -> PendingChange? in
            if let mark = row.text(1).flatMap(RemoteMark.init(rawValue:)), let item = row.text(2) {
                return PendingChange(id: row.integer(0), mark: mark, itemID: item)
            }
            guard let feed = row.text(3) else { return nil }
            switch row.text(1) {
            case "unsubscribe": return PendingChange(id: row.integer(0), change: .feed(.unsubscribe, feedID: feed))
            case "rename": return PendingChange(id: row.integer(0), change: .feed(.rename(row.text(4) ?? ""), feedID: feed))
            default: return nil
            }
        }.compactMap { $0 }
    }

    public func removePendingChanges(_ ids: [PendingChange.ID]) throws {
        try database.transaction {
            let delete = try database.statement("DELETE FROM pending_change WHERE id = ?")
            for id in ids { try delete.run([.integer(id)]) }
        }
    }

    public func change(_ feedID: String, of account: SyncAccount.ID, _ change: FeedChange) throws {
        try database.transaction {
            let (kind, value): (String, String?) = switch change {
            case .unsubscribe: ("unsubscribe", nil)
            case let .rename(title): ("rename", title)
            }
            let target: [SQLiteValue?] = [.integer(account), .text(feedID)]
            switch change {
            case .unsubscribe:
                try database.statement("DELETE FROM feed WHERE account_id = ? AND remote_id = ?").run(target)
            case let .rename(title):
                try database.statement("UPDATE feed SET custom_title = ? WHERE account_id = ? AND remote_id = ?").run([.text(title)] + target)
            }
            try database.statement("INSERT INTO pending_change (account_id, kind, feed_remote_id, value, made) VALUES (?, ?, ?, ?, ?)")
                .run([.integer(account), .text(kind), .text(feedID), .optional(value), .real(now().timeIntervalSince1970)])
        }
    }

    /// Within the caller's transaction: each of `keys` that is an account's
    /// item gets `mark` queued for its server.
    func queueMarks(_ mark: RemoteMark, _ keys: [LibraryItem.Key]) throws {
        // A library of local feeds only queues nothing: its keys are not looked up each.
        guard !keys.isEmpty, try database.integer("SELECT EXISTS (SELECT 1 FROM feed WHERE account_id != \(Self.localAccount))") != 0 else { return }
        // Kept in the order given.
        let queue = try database.statement("""
            INSERT INTO pending_change (account_id, kind, item_remote_id, made)
            SELECT feed.account_id, ?1, item.remote_id, ?2 FROM json_each(?3) AS marked
            JOIN item ON item.id = marked.value JOIN feed ON feed.id = item.feed_id
            WHERE feed.account_id != \(Self.localAccount) AND item.remote_id IS NOT NULL
            ORDER BY marked.key
            """)
        let made = SQLiteValue.real(now().timeIntervalSince1970)
        for batch in KeyBatches.json(keys) { try queue.run([.text(mark.rawValue), made, batch]) }
    }

    // MARK: The server's feeds and items

    public func keep(_ subscriptions: RemoteSubscriptions, of account: SyncAccount.ID) throws {
        try database.transaction {
            let accountValue = SQLiteValue.integer(account)
            var folderIDs: [String: Int64] = [:]
            for folder in subscriptions.folders {
                let existing = try database.integer("SELECT id FROM folder WHERE account_id = ? AND remote_id = ?", [accountValue, .text(folder.id)])
                if existing != 0 {
                    try database.statement("UPDATE OR IGNORE folder SET name = ? WHERE id = ?").run([.text(folder.name), .integer(existing)])
                    folderIDs[folder.id] = existing
                } else {
                    try database.statement("INSERT OR IGNORE INTO folder (account_id, name, remote_id) VALUES (?, ?, ?)")
                        .run([accountValue, .text(folder.name), .text(folder.id)])
                    folderIDs[folder.id] = try database.integer("SELECT id FROM folder WHERE account_id = ? AND remote_id = ?", [accountValue, .text(folder.id)])
                }
            }
            try removeRows(from: "folder", of: account, keeping: subscriptions.folders.map(\.id))
            let added = SQLiteValue.real(now().timeIntervalSince1970)
            for feed in subscriptions.feeds {
                let folder = feed.folderID.flatMap { folderIDs[$0] }.flatMap { $0 == 0 ? nil : $0 }
                let values: [SQLiteValue?] = [
                    .text(feed.address.absoluteString), .text(feed.title), .optional(feed.siteLink?.absoluteString),
                    .optional(feed.icon?.absoluteString), folder.map(SQLiteValue.integer), accountValue, .text(feed.id),
                ]
                try database.statement("""
                    UPDATE OR IGNORE feed SET address = ?, feed_title = ?, site_link = ?, icon = ?, folder_id = ?
                    WHERE account_id = ? AND remote_id = ?
                    """).run(values)
                if database.changes == 0 {
                    try database.statement("""
                        INSERT OR IGNORE INTO feed (address, feed_title, site_link, icon, folder_id, account_id, remote_id, state, added)
                        VALUES (?, ?, ?, ?, ?, ?, ?, 'ok', ?)
                        """).run(values + [added])
                }
            }
            try removeRows(from: "feed", of: account, keeping: subscriptions.feeds.map(\.id))
        }
    }

    /// The account's rows of `table` whose server id is not in `ids`.
    private func removeRows(from table: String, of account: SyncAccount.ID, keeping ids: [String]) throws {
        let kept = Set(ids)
        let rows = try database.statement("SELECT id, remote_id FROM \(table) WHERE account_id = ?").rows([.integer(account)]) { row in
            (row.integer(0), row.text(1))
        }
        let delete = try database.statement("DELETE FROM \(table) WHERE id = ?")
        for (id, remote) in rows where !kept.contains(remote ?? "") { try delete.run([.integer(id)]) }
    }

    public func remoteItemIDs(of account: SyncAccount.ID) throws -> Set<String> {
        Set(try database.statement("""
            SELECT item.remote_id FROM item JOIN feed ON feed.id = item.feed_id WHERE feed.account_id = ? AND item.remote_id IS NOT NULL
            """).rows([.integer(account)]) { $0.text(0) ?? "" })
    }

    @discardableResult
    public func add(_ items: [RemoteItem], of account: SyncAccount.ID, unread: Set<String>, starred: Set<String>, seen: Date) throws -> Int {
        try database.transaction {
            let feeds = Dictionary(try database.statement("SELECT remote_id, id FROM feed WHERE account_id = ? AND remote_id IS NOT NULL")
                .rows([.integer(account)]) { ($0.text(0) ?? "", $0.integer(1)) }, uniquingKeysWith: { first, _ in first })
            let marks = try database.statement("UPDATE item SET remote_id = ?1, read = ?2, starred = ?3 WHERE feed_id = ?4 AND guid = ?1")
            let firstNew = try database.integer("SELECT coalesce(max(id), 0) + 1 FROM item")
            var added = 0
            for (feedID, group) in Dictionary(grouping: items, by: \.feedID) {
                guard let feed = feeds[feedID] else { continue }
                added += try store(
                    group.map(\.item), feed: feed, seen: seen,
                    articles: Dictionary(group.compactMap { item in item.content.map { (item.id, $0) } }, uniquingKeysWith: { first, _ in first }),
                    enclosures: Dictionary(group.compactMap { item in item.enclosure.map { (item.id, $0) } }, uniquingKeysWith: { first, _ in first })
                )
                for item in group {
                    try marks.run([.text(item.id), .bool(!unread.contains(item.id)), .bool(starred.contains(item.id)), .integer(feed)])
                }
            }
            // After the server's marks, so a rule's mark is the last word and is sent back.
            if added > 0 { try applyRules(toItemsFrom: firstNew) }
            try keepSavedViews(toItemsFrom: added > 0 ? firstNew : nil)
            return added
        }
    }

    @discardableResult
    public func reconcileMarks(of account: SyncAccount.ID, unread: Set<String>, starred: Set<String>) throws -> Int {
        try database.transaction {
            let held = try database.statement("""
                SELECT item.id, item.remote_id, item.read, item.starred FROM item JOIN feed ON feed.id = item.feed_id
                WHERE feed.account_id = ?1 AND item.remote_id IS NOT NULL
                  AND item.remote_id NOT IN (SELECT item_remote_id FROM pending_change WHERE account_id = ?1 AND item_remote_id IS NOT NULL)
                """).rows([.integer(account)]) { row in HeldMarks(key: row.integer(0), remoteID: row.text(1) ?? "", read: row.integer(2) != 0, starred: row.integer(3) != 0) }
            return try update(held, unread: unread, starred: starred)
        }
    }

    @discardableResult
    public func reconcileMarks(of account: SyncAccount.ID, unread: Set<String>, starred: Set<String>, among ids: Set<String>) throws -> Int {
        try database.transaction {
            let find = try database.statement("""
                SELECT item.id, item.remote_id, item.read, item.starred FROM item JOIN feed ON feed.id = item.feed_id
                WHERE item.remote_id = ?2 AND feed.account_id = ?1
                  AND NOT EXISTS (SELECT 1 FROM pending_change WHERE account_id = ?1 AND item_remote_id = ?2)
                """)
            let held = try ids.flatMap { id in
                try find.rows([.integer(account), .text(id)]) { row in
                    HeldMarks(key: row.integer(0), remoteID: row.text(1) ?? "", read: row.integer(2) != 0, starred: row.integer(3) != 0)
                }
            }
            return try update(held, unread: unread, starred: starred)
        }
    }

    private struct HeldMarks {
        var key: Int64, remoteID: String, read: Bool, starred: Bool
    }

    /// Answers how many changed.
    private func update(_ held: [HeldMarks], unread: Set<String>, starred: Set<String>) throws -> Int {
        let update = try database.statement("UPDATE item SET read = ?, starred = ? WHERE id = ?")
        var changed = 0
        for item in held {
            let read = !unread.contains(item.remoteID), star = starred.contains(item.remoteID)
            guard read != item.read || star != item.starred else { continue }
            try update.run([.bool(read), .bool(star), .integer(item.key)])
            changed += 1
        }
        return changed
    }

    public func listingCursor(of account: SyncAccount.ID) throws -> String? {
        try database.statement("SELECT listing_cursor FROM account WHERE id = ?").rows([.integer(account)]) { $0.text(0) }.first ?? nil
    }

    public func setListingCursor(_ cursor: String?, of account: SyncAccount.ID) throws {
        try database.statement("UPDATE account SET listing_cursor = ? WHERE id = ?").run([cursor.map { .text($0) }, .integer(account)])
    }
}

extension RemoteItem {
    /// As the library keeps any feed's item: the server's id is its id.
    var item: Item {
        Item(id: id, name: title, imageAddress: image?.absoluteString, author: author, date: published, linkAddress: link?.absoluteString, summary: summary)
    }
}
