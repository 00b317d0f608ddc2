import Foundation
import ItemFeed

extension SQLiteLibraryStore {
    @discardableResult public func apply(_ refreshes: [FeedRefresh]) throws -> [URL: Int] {
        try database.transaction {
            var added: [URL: Int] = [:]
            let firstNew = try database.integer("SELECT coalesce(max(id), 0) + 1 FROM item")
            for refresh in refreshes {
                let address = SQLiteValue.text(refresh.address.absoluteString)
                let feed = try database.integer("SELECT id FROM feed WHERE address = ? AND account_id = \(Self.localAccount)", [address])
                guard feed != 0 else { continue }
                let checked = SQLiteValue.real(refresh.date.timeIntervalSince1970)
                let nextDue = refresh.nextDue?.timeIntervalSince1970
                switch refresh.outcome {
                case let .loaded(title, siteLink, items, articles, enclosures):
                    try database.statement("""
                        UPDATE feed SET feed_title = coalesce(nullif(?, ''), feed_title), site_link = coalesce(?, site_link),
                            etag = ?, last_modified = ? WHERE id = ?
                        """).run([
                            .optional(title), .optional(siteLink?.absoluteString), .optional(refresh.validators?.entityTag),
                            .optional(refresh.validators?.lastModified), .integer(feed),
                        ])
                    try setState("ok", reason: nil, until: nextDue, feed: feed, checked: checked, failures: "0")
                    added[refresh.address] = try store(items, feed: feed, seen: refresh.date, articles: articles, enclosures: enclosures)
                case .unchanged:
                    if let validators = refresh.validators {
                        try database.statement("UPDATE feed SET etag = ?, last_modified = ? WHERE id = ?")
                            .run([.optional(validators.entityTag), .optional(validators.lastModified), .integer(feed)])
                    }
                    try setState("ok", reason: nil, until: nextDue, feed: feed, checked: checked, failures: "0")
                    added[refresh.address] = 0
                case let .failed(reason):
                    try setState("failed", reason: reason, until: nextDue, feed: feed, checked: checked, failures: "failures + 1")
                case .gone:
                    try setState("gone", reason: nil, until: nil, feed: feed, checked: checked)
                case let .deferred(until):
                    try setState("deferred", reason: nil, until: until.timeIntervalSince1970, feed: feed, checked: checked)
                }
                if let icon = refresh.icon {
                    try database.statement("UPDATE feed SET icon = ? WHERE id = ?").run([.text(icon.absoluteString), .integer(feed)])
                }
                if let movedTo = refresh.movedTo {
                    try database.statement("UPDATE feed SET address = ?1 WHERE id = ?2 AND NOT EXISTS (SELECT 1 FROM feed WHERE address = ?1 AND account_id = \(Self.localAccount))")
                        .run([.text(movedTo.absoluteString), .integer(feed)])
                }
            }
            let anyNew = added.values.contains { $0 > 0 }
            if anyNew { try applyRules(toItemsFrom: firstNew) }
            try keepSavedViews(toItemsFrom: anyNew ? firstNew : nil)
            return added
        }
    }

    /// `failures`: a fixed SQL expression (the count kept, reset or one more).
    private func setState(_ state: String, reason: String?, until: Double?, feed: Int64, checked: SQLiteValue, failures: String = "failures") throws {
        try database.statement("UPDATE feed SET state = ?, reason = ?, next_due = ?, checked = ?, failures = \(failures) WHERE id = ?")
            .run([.text(state), .optional(reason), .optional(until), checked, .integer(feed)])
    }

    /// Inserts new items and updates changed ones (the WHERE leaves an
    /// unchanged row, and its full-text entry, untouched); returns how many
    /// were new. Last to first, so undated items keep the feed's order.
    func store(_ items: [Item], feed: Int64, seen: Date, articles: [String: String], enclosures: [String: Enclosure]) throws -> Int {
        let before = try database.integer("SELECT total FROM feed WHERE id = ?", [.integer(feed)])
        let upsert = try database.statement("""
            INSERT INTO item (feed_id, guid, title, author, date, link, image, summary, priority, likes, tags, first_seen, sort_date, content, enclosure)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, coalesce(?5, ?12), ?13, ?14)
            ON CONFLICT (feed_id, guid) DO UPDATE SET
                title = excluded.title, author = excluded.author, date = excluded.date, link = excluded.link,
                image = excluded.image, summary = excluded.summary, priority = excluded.priority,
                likes = excluded.likes, tags = excluded.tags, sort_date = coalesce(excluded.date, item.first_seen),
                content = coalesce(excluded.content, item.content), enclosure = coalesce(excluded.enclosure, item.enclosure)
            WHERE item.title IS NOT excluded.title OR item.author IS NOT excluded.author OR item.date IS NOT excluded.date
                OR item.link IS NOT excluded.link OR item.image IS NOT excluded.image OR item.summary IS NOT excluded.summary
                OR item.priority IS NOT excluded.priority OR item.likes IS NOT excluded.likes OR item.tags IS NOT excluded.tags
                OR (excluded.content IS NOT NULL AND item.content IS NOT excluded.content)
                OR (excluded.enclosure IS NOT NULL AND item.enclosure IS NOT excluded.enclosure)
            """)
        let firstSeen = SQLiteValue.real(seen.timeIntervalSince1970)
        for item in items.reversed() {
            try upsert.run([
                .integer(feed), .text(item.id), .text(item.name), .optional(item.author),
                .optional(item.date?.timeIntervalSince1970), .optional(item.linkAddress), .optional(item.imageAddress),
                .optional(item.summary), item.priority.map(SQLiteValue.int), item.likes.map(SQLiteValue.int),
                item.tags.isEmpty ? nil : .text(item.tags.joined(separator: Item.tagSeparator)), firstSeen,
                .optional(articles[item.id]),
                .optional(enclosures[item.id].flatMap { try? JSONEncoder.sorted.encode($0) }.map { String(decoding: $0, as: UTF8.self) }),
            ])
        }
        return Int(try database.integer("SELECT total FROM feed WHERE id = ?", [.integer(feed)]) - before)
    }

    public func count(_ view: LibraryView) throws -> Int {
        // Unread is the sum of the feeds' own counts, kept as marks change,
        // not each unread item looked at with its feed's mark.
        if view.scope == .unread, try view.search.flatMap(LibraryQuery.parse) == nil {
            return Int(try database.integer("SELECT coalesce(sum(unread), 0) FROM feed"))
        }
        // All is every feed's total but the items rules hid (their own
        // index), not a walk over every item's row.
        if view.scope == .all, view.search == nil {
            return Int(try database.integer("SELECT (SELECT coalesce(sum(total), 0) FROM feed) - (SELECT count(*) FROM item WHERE hidden = 1)"))
        }
        if case let .query(text) = view.scope, let kept = try keptView(text), let count = kept.count(search: try view.search.flatMap(LibraryQuery.parse)) {
            return count
        }
        let query = try viewQuery(view)
        return Int(try database.integer("SELECT count(*) FROM \(query.from) WHERE \(query.condition)", query.values))
    }

    public func items(_ view: LibraryView, in range: Range<Int>) throws -> [LibraryItem] {
        let query = try viewQuery(view)
        return try items(query, ordered: query.order, in: range)
    }

    public func items(_ view: LibraryView, fromEnd range: Range<Int>) throws -> [LibraryItem] {
        let query = try viewQuery(view)
        return try items(query, ordered: query.reversedOrder, in: range).reversed()
    }

    /// A view's query, from its kept items when it is a kept saved view.
    func viewQuery(_ view: LibraryView) throws -> LibraryViewQuery {
        guard case let .query(text) = view.scope else { return try LibraryViewQuery(view) }
        return try LibraryViewQuery(view, kept: try keptView(text))
    }

    func items(_ query: LibraryViewQuery, ordered order: String, in range: Range<Int>) throws -> [LibraryItem] {
        let limits = query.values.count
        return try database.statement("""
            SELECT item.id, feed.address, item.guid, item.title, item.author, item.date, item.link, item.image,
                   item.summary, item.priority, item.likes, item.tags, item.read OR item.id <= feed.read_up_to, item.starred
            FROM \(query.from) JOIN feed ON feed.id = item.feed_id
            WHERE \(query.condition) ORDER BY \(order) LIMIT ?\(limits + 1) OFFSET ?\(limits + 2)
            """).rows(query.values + [.int(range.count), .int(range.lowerBound)]) { row -> LibraryItem? in
            guard let feedAddress = row.text(1).flatMap(URL.init(string:)) else { return nil }
            let item = Item(
                id: row.text(2) ?? "", name: row.text(3) ?? "", imageAddress: row.text(7), author: row.text(4),
                date: row.real(5).map(Date.init(timeIntervalSince1970:)), linkAddress: row.text(6), summary: row.text(8),
                priority: row.optionalInteger(9).map { Int($0) }, likes: row.optionalInteger(10).map { Int($0) },
                tags: row.text(11)?.components(separatedBy: Item.tagSeparator) ?? []
            )
            return LibraryItem(key: row.integer(0), feedAddress: feedAddress, item: item, isRead: row.integer(12) != 0, isStarred: row.integer(13) != 0)
        }.compactMap { $0 }
    }

    /// Counted along the view's own order and index, as its pages are read.
    public func position(of key: LibraryItem.Key, in view: LibraryView) throws -> Int? {
        let query = try viewQuery(view)
        let count = query.values.count
        let shown = try database.statement("SELECT item.sort_date FROM \(query.from) WHERE \(query.condition) AND item.id = ?\(count + 1)")
            .rows(query.values + [.integer(key)]) { $0.real(0) }
        guard let found = shown.first, let sortDate = found else { return nil }
        return Int(try database.integer(
            "SELECT count(*) FROM \(query.from) WHERE \(query.condition) AND \(query.comesBefore(sortDate: count + 1, key: count + 2))",
            query.values + [.real(sortDate), .integer(key)]
        ))
    }

    public func lastStored(_ count: Int, of feed: URL) throws -> [LibraryItem] {
        let query = LibraryViewQuery(condition: "item.feed_id = (SELECT id FROM feed WHERE address = ?1 AND account_id = \(Self.localAccount))", values: [.text(feed.absoluteString)])
        return try items(query, ordered: "item.id DESC", in: 0..<max(count, 0))
    }

    public func unreadKeys(among keys: [LibraryItem.Key]) throws -> Set<LibraryItem.Key> {
        var unread: Set<LibraryItem.Key> = []
        // SQLite's bound parameters run out past 32,766: asked in slices.
        for start in stride(from: 0, to: keys.count, by: 500) {
            let slice = keys[start..<min(start + 500, keys.count)]
            let marks = Array(repeating: "?", count: slice.count).joined(separator: ", ")
            unread.formUnion(try database.statement("SELECT item.id FROM item WHERE item.id IN (\(marks)) AND \(ReadMarkSQL.unread)")
                .rows(slice.map { .integer($0) }) { $0.integer(0) })
        }
        return unread
    }

    public func contains(_ key: LibraryItem.Key) throws -> Bool {
        try database.integer("SELECT count(*) FROM item WHERE id = ?", [.integer(key)]) > 0
    }

    public func articleHTML(_ key: LibraryItem.Key) throws -> String? {
        try database.statement("SELECT content FROM item WHERE id = ?").rows([.integer(key)]) { $0.text(0) }.first ?? nil
    }

    public func fullArticleHTML(_ key: LibraryItem.Key) throws -> String? {
        try database.statement("SELECT full_content FROM item WHERE id = ?").rows([.integer(key)]) { $0.text(0) }.first ?? nil
    }

    public func setFullArticle(_ html: String?, fetched: Date, of key: LibraryItem.Key) throws {
        try database.statement("UPDATE item SET full_content = ?, full_fetched = ? WHERE id = ?").run([
            .optional(html), .real(fetched.timeIntervalSince1970), .integer(key),
        ])
    }

    public func fetchesFullArticles(of key: LibraryItem.Key) throws -> Bool {
        try database.integer("SELECT feed.full_articles FROM item JOIN feed ON feed.id = item.feed_id WHERE item.id = ?", [.integer(key)]) != 0
    }

    public func setFetchesFullArticles(_ fetches: Bool, for feed: LibraryView.Scope) throws {
        let value = SQLiteValue.integer(fetches ? 1 : 0)
        switch feed {
        case let .feed(feed):
            let condition = FeedIDSQL.condition(feed, from: 2)
            try database.statement("UPDATE feed SET full_articles = ?1 WHERE \(condition.sql)").run([value] + condition.values)
        case .all, .unread, .starred, .folder, .account, .accountFolder, .query, .hiddenByRules:
            break
        }
    }

    /// Unread items only: the read ones were read in the feed's text.
    public func pagesWantingFullArticles(limit: Int) throws -> [FullArticlePage] {
        try database.statement("""
            SELECT item.id, item.link FROM feed JOIN item ON item.feed_id = feed.id
            WHERE feed.full_articles = 1 AND item.read = 0 AND item.id > feed.read_up_to AND item.full_fetched IS NULL AND item.link IS NOT NULL
            ORDER BY item.sort_date DESC, item.id DESC LIMIT ?
            """).rows([.integer(Int64(max(0, limit)))]) { row -> FullArticlePage? in
            guard let address = row.text(1).flatMap(URL.init(string:)), ["http", "https"].contains(address.scheme?.lowercased() ?? "") else { return nil }
            return FullArticlePage(key: row.integer(0), address: address)
        }.compactMap { $0 }
    }

    public func enclosure(_ key: LibraryItem.Key) throws -> Enclosure? {
        let json = try database.statement("SELECT enclosure FROM item WHERE id = ?").rows([.integer(key)]) { $0.text(0) }.first ?? nil
        return json.flatMap { try? JSONDecoder().decode(Enclosure.self, from: Data($0.utf8)) }
    }

    /// An account's items also get the change queued for their server, in
    /// the same transaction: a mark is never lost, whatever happens next.
    public func setRead(_ isRead: Bool, _ keys: [LibraryItem.Key]) throws {
        try database.transaction {
            // Unread again below its feed's mark, an item needs its own.
            if !isRead { try settleFeeds(holding: keys) }
            try mark("read", isRead, keys, queueing: isRead ? .read : .unread)
        }
    }

    public func setStarred(_ isStarred: Bool, _ keys: [LibraryItem.Key]) throws {
        try mark("starred", isStarred, keys, queueing: isStarred ? .starred : .unstarred)
    }

    /// `column`: `read` or `starred`.
    private func mark(_ column: String, _ value: Bool, _ keys: [LibraryItem.Key], queueing remote: RemoteMark) throws {
        try database.transaction {
            let statement = try database.statement("UPDATE item SET \(column) = ?1 WHERE id IN (SELECT value FROM json_each(?2))")
            for batch in KeyBatches.json(keys) { try statement.run([.bool(value), batch]) }
            try queueMarks(remote, keys)
        }
    }

    public func setting(_ name: String) throws -> String? {
        try database.statement("SELECT value FROM setting WHERE name = ?").rows([.text(name)]) { $0.text(0) }.first ?? nil
    }

    public func setSetting(_ name: String, to value: String?) throws {
        try database.transaction {
            // `setting` has no rowid: SQLite's hook does not see it.
            database.written.note("setting", .update)
            if let value {
                try database.statement("INSERT INTO setting (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value")
                    .run([.text(name), .text(value)])
            } else {
                try database.statement("DELETE FROM setting WHERE name = ?").run([.text(name)])
            }
        }
    }

    @discardableResult public func pruneRead(before date: Date) throws -> Int {
        try database.transaction {
            // Read by their feeds' marks, items are pruned as read by their own.
            try settleReadMarks()
            try database.statement("DELETE FROM item WHERE read = 1 AND starred = 0 AND first_seen < ?").run([.real(date.timeIntervalSince1970)])
            return database.changes
        }
    }
}

private extension JSONEncoder {
    /// The same enclosure makes the same text, so an unchanged one is not written again.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
