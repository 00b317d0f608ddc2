import Foundation
import ItemFeed

/// The baselines: Debian's `sqlite3` shell running, on a file of the same
/// schema, the statements the store runs for the same work. The SQL here is
/// the baseline's own, typed again for the shell from `ItemFeedStore`'s
/// queries; the app's SQL stays in that target.
enum ShellBaseline {
    static func sqlite3(_ file: URL, sql: String) throws {
        try run("/usr/bin/sqlite3", [file.path, sql])
    }

    static func sqlite3(_ file: URL, input: URL) throws {
        try run("/usr/bin/sqlite3", [file.path, ".read \(input.path)"])
    }

    static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(executable) \(arguments.prefix(1)) exited with \(process.terminationStatus)"])
        }
    }

    /// A refresh's items as plain INSERTs in one transaction: the floor the
    /// store's upsert is measured against.
    static func inserts(for refreshes: [FeedRefresh]) -> String {
        var sql = "BEGIN IMMEDIATE;\n"
        for (feedIndex, refresh) in refreshes.enumerated() {
            guard case let .loaded(_, _, items, _, _) = refresh.outcome else { continue }
            let seen = refresh.date.timeIntervalSince1970
            for item in items.reversed() {
                let date = item.date.map { String($0.timeIntervalSince1970) } ?? "NULL"
                sql += "INSERT INTO item (feed_id, guid, title, author, date, link, image, summary, first_seen, sort_date) VALUES ("
                sql += "\(feedIndex + 1), \(quoted(item.id)), \(quoted(item.name)), \(quoted(item.author)), \(date), "
                sql += "\(quoted(item.linkAddress)), \(quoted(item.imageAddress)), \(quoted(item.summary)), \(seen), coalesce(\(date), \(seen)));\n"
            }
        }
        return sql + "COMMIT;\n"
    }

    static func search(_ word: String, limit: Int = 201) -> String {
        let match = quoted("\"" + word + "\"")
        return """
        SELECT item.id, feed.address, item.guid, item.title, item.author, item.date, item.link, item.image,
               item.summary, item.priority, item.likes, item.tags, item.read, item.starred
        FROM item_text JOIN item ON item.id = item_text.rowid JOIN feed ON feed.id = item.feed_id
        WHERE item_text MATCH \(match) ORDER BY item_text.rowid DESC LIMIT \(limit) OFFSET 0;
        """
    }

    static let sidebarCounts = """
    SELECT feed.address, coalesce(feed.custom_title, feed.feed_title, feed.address), feed.site_link, folder.name,
           feed.state, feed.reason, feed.next_due, feed.unread, feed.total
    FROM feed LEFT JOIN folder ON folder.id = feed.folder_id;
    SELECT name FROM folder;
    SELECT count(*) FROM item WHERE item.starred = 1;
    """

    static func markFolderRead(_ folder: String) -> String {
        let condition = "item.feed_id IN (SELECT feed.id FROM feed JOIN folder ON folder.id = feed.folder_id WHERE folder.name = \(quoted(folder)))"
        return """
        BEGIN IMMEDIATE;
        SELECT item.id FROM item WHERE item.read = 0 AND \(condition) ORDER BY item.id;
        UPDATE item SET read = 1 WHERE item.read = 0 AND \(condition);
        COMMIT;
        """
    }

    /// Those items unread again, by id, in one transaction.
    static func markUnread(_ ids: [Int64]) -> String {
        """
        BEGIN IMMEDIATE;
        UPDATE item SET read = 0 WHERE id IN (\(ids.map(String.init).joined(separator: ",")));
        COMMIT;
        """
    }

    private static func quoted(_ text: String?) -> String {
        guard let text else { return "NULL" }
        return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
