import Foundation
import ItemFeed

/// The library in a SQLite file (`LibraryFile` opens it): subscriptions
/// and folders here; items, marks and views in the extensions beside.
///
/// One instance per thread: the refresh's writer and the window's reader
/// each open their own, and WAL lets them run at once.
public final class SQLiteLibraryStore: LibraryStore, FullArticleStore {
    /// The library on this computer: the account schema 5 made first. Its
    /// feeds are the ones named by address; a server's are named by its ids.
    static let localAccount = 1
    let database: SQLiteDatabase
    /// When a change happens: a subscription's added time, an item's first-seen.
    let now: () -> Date

    /// Opens the file at `path` and brings it to the current schema. Throws
    /// `SQLiteError` (a damaged file) or `LibraryFileProblem`.
    /// SQLite's `data_version`: it moves when another connection commits.
    public func dataVersion() throws -> Int64 {
        try database.integer("PRAGMA data_version")
    }

    public init(path: String, memory: LibraryMemory = .window, now: @escaping () -> Date = Date.init) throws {
        database = try SQLiteDatabase(path: path, memory: memory)
        self.now = now
        do {
            try LibraryMigration.migrate(database)
        } catch LibraryMigration.Refusal.foreign {
            throw LibraryFileProblem.foreign
        } catch let LibraryMigration.Refusal.newer(version) {
            throw LibraryFileProblem.newer(version: Int(version))
        }
        // Bringing the file up to date is not a change the user made.
        _ = database.written.take()
    }

    public func takeChanges() -> LibraryChange {
        database.written.take().reduce(into: LibraryChange()) { change, write in
            switch (write.table, write.operation) {
            case ("feed", .insert), ("feed", .delete), ("folder", _), ("account", _): change.insert(.subscriptions)
            case ("feed", .update): change.insert(.feeds)
            case ("item", .insert): change.insert(.newItems)
            case ("item", _): change.insert(.items)
            case ("saved_view", _), ("rule", _): change.insert(.views)
            case ("setting", _): change.insert(.settings)
            default: break
            }
        }
    }

    public func changing<Result>(_ body: () throws -> Result) throws -> Result {
        try database.transaction(body)
    }

    public func subscriptions() throws -> [Subscription] {
        LibraryOrder.sorted(try database.statement("""
            SELECT feed.address, coalesce(feed.custom_title, feed.feed_title, feed.address), feed.site_link, folder.name,
                   feed.state, feed.reason, feed.next_due, feed.unread, feed.total, feed.etag, feed.last_modified, feed.failures, feed.icon,
                   feed.full_articles
            FROM feed LEFT JOIN folder ON folder.id = feed.folder_id
            WHERE feed.account_id = \(Self.localAccount)
            """).rows { row -> Subscription? in
            guard let address = row.text(0).flatMap(URL.init(string:)) else { return nil }
            return Subscription(
                address: address, title: row.text(1) ?? "", siteLink: row.text(2).flatMap(URL.init(string:)),
                folder: row.text(3), state: Self.state(row.text(4), reason: row.text(5), until: row.real(6)),
                counts: ItemCounts(unread: Int(row.integer(7)), total: Int(row.integer(8))),
                validators: HTTPValidators(entityTag: row.text(9), lastModified: row.text(10)),
                nextDue: row.real(6).map(Date.init(timeIntervalSince1970:)), failures: Int(row.integer(11)),
                icon: row.text(12).flatMap(URL.init(string:)), fetchesFullArticles: row.integer(13) != 0
            )
        }.compactMap { $0 })
    }

    public func folders() throws -> [String] {
        LibraryOrder.sorted(try database.statement("SELECT name FROM folder WHERE account_id = \(Self.localAccount)").rows { $0.text(0) ?? "" })
    }

    @discardableResult public func add(_ subscriptions: [Subscription], folders: [String]) throws -> [URL] {
        try database.transaction {
            for folder in folders { _ = try folderID(folder) }
            let insert = try database.statement("""
                INSERT INTO feed (address, feed_title, site_link, folder_id, added) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (account_id, address) DO NOTHING
                """)
            let added = SQLiteValue.real(now().timeIntervalSince1970)
            return try subscriptions.filter { subscription in
                let folder = try subscription.folder.map(folderID)
                try insert.run([
                    .text(subscription.address.absoluteString), .text(subscription.title),
                    .optional(subscription.siteLink?.absoluteString), folder.map(SQLiteValue.integer), added,
                ])
                return database.changes == 1
            }.map(\.address)
        }
    }

    @discardableResult public func unsubscribe(_ address: URL) throws -> Bool {
        try database.transaction {
            // Its items leave the saved views' counts as each is marked.
            try settleReadMarks(ofFeedsWhere: "address = ?1 AND account_id = \(Self.localAccount)", [.text(address.absoluteString)])
            try database.statement("DELETE FROM feed WHERE address = ? AND account_id = \(Self.localAccount)").run([.text(address.absoluteString)])
            return database.changes == 1
        }
    }

    public func rename(_ address: URL, to title: String) throws {
        try database.transaction {
            try database.statement("UPDATE feed SET custom_title = ? WHERE address = ? AND account_id = \(Self.localAccount)").run([.text(title), .text(address.absoluteString)])
            guard database.changes == 1 else { throw LibraryError.notSubscribed(address) }
        }
    }

    public func move(_ address: URL, toFolder folder: String?) throws {
        try database.transaction {
            let id = try folder.map(folderID)
            try database.statement("UPDATE feed SET folder_id = ? WHERE address = ? AND account_id = \(Self.localAccount)").run([id.map(SQLiteValue.integer), .text(address.absoluteString)])
            guard database.changes == 1 else { throw LibraryError.notSubscribed(address) }
        }
    }

    /// The folder's row, made when new (inside the caller's transaction).
    private func folderID(_ name: String) throws -> Int64 {
        try database.statement("INSERT INTO folder (name) VALUES (?) ON CONFLICT (account_id, name) DO NOTHING").run([.text(name)])
        return try database.integer("SELECT id FROM folder WHERE name = ? AND account_id = \(Self.localAccount)", [.text(name)])
    }

    private static func state(_ name: String?, reason: String?, until: Double?) -> SubscriptionState {
        switch name {
        case "ok": return .ok
        case "failed": return .failed(reason: reason ?? "")
        case "gone": return .gone
        case "deferred": return .deferred(until: Date(timeIntervalSince1970: until ?? 0))
        default: return .new
        }
    }
}

/// A library file that is a database, but not one this ItemFeed may use.
public enum LibraryFileProblem: Error, Equatable, LocalizedError {
    /// Another program's database.
    case foreign
    /// Written by a newer ItemFeed, whose schema this one does not know.
    case newer(version: Int)

    public var errorDescription: String? {
        switch self {
        case .foreign: return tr("The library file belongs to another program")
        case let .newer(version):
            return tr("The library was written by a newer ItemFeed (schema {version}); update ItemFeed to open it", ["version": String(version)])
        }
    }
}
