import Foundation
import ItemFeed
import ItemFeedStore
import ItemFeedUI

/// SPEC 17's rows on the 1,000,000-item library: a saved view's count and
/// first page, the sidebar's counts with 20 saved views, a rule applied to
/// every item there, each beside the sqlite3 shell running the same SQL.
@MainActor
enum SmartViewRows {
    /// Words the items carry (the benchmark's own), a query per saved view.
    static func queries(_ words: [String]) -> [String] {
        (0..<20).map { index in
            let word = words[index % words.count], other = words[(index + 5) % words.count]
            return index.isMultiple(of: 2) ? "\(word) -\(other) is:unread" : "title:\(word) OR author:\"author \(index)\""
        }
    }

    static func measure(_ store: SQLiteLibraryStore, file: URL, words: [String], feeds: Int, table: inout BenchmarkTable) throws {
        let query = "swift -river is:unread"
        let view = LibraryView(.query(query))
        var saved: SavedView.ID = 0
        let saving = try seconds { saved = try store.addSavedView(name: "Swift", query: query) }
        let matching = try seconds {
            try ShellBaseline.sqlite3(file, sql: """
                SELECT count(*) FROM item WHERE item.id IN (SELECT rowid FROM item_text WHERE item_text MATCH '"swift"')
                  AND NOT (item.id IN (SELECT rowid FROM item_text WHERE item_text MATCH '"river"'));
                """)
        }
        table.add("saving a view, its items kept (writer's queue)", saving, "sqlite3 shell, matching its words", matching, limit: nil)
        let ours = try medianSeconds { _ = try store.count(view); _ = try store.items(view, in: 0..<201) }
        try store.removeSavedView(saved)
        let shellSQL = """
            SELECT count(*) FROM item WHERE item.id IN (SELECT rowid FROM item_text WHERE item_text MATCH '"swift"')
              AND NOT (item.id IN (SELECT rowid FROM item_text WHERE item_text MATCH '"river"')) AND item.read = 0 AND item.hidden = 0;
            SELECT item.id, item.title FROM item WHERE item.id IN (SELECT rowid FROM item_text WHERE item_text MATCH '"swift"')
              AND NOT (item.id IN (SELECT rowid FROM item_text WHERE item_text MATCH '"river"')) AND item.read = 0 AND item.hidden = 0
              ORDER BY item.sort_date DESC, item.id DESC LIMIT 201;
            """
        let shell = try medianSeconds { try ShellBaseline.sqlite3(file, sql: shellSQL) }
        table.add("a saved view's count and first page", ours, "sqlite3 shell, the same SQL", shell, limit: nil)
        table.absolute("a saved view's count and first page", ours, limit: 0.050)

        for (index, query) in queries(words).enumerated() { _ = try store.addSavedView(name: "View \(index)", query: query) }
        let sidebar = LibrarySidebarController(store: store)
        // As the window does: the views counted on the writer's queue, the UI thread reading the rest.
        sidebar.countSavedViews = { _ in }
        let counts = medianSeconds { sidebar.reload() }
        let counted = try medianSeconds(runs: 3) { _ = try store.savedViews() }
        table.absolute("20 saved views counted, off the UI thread", counted, limit: 0.060)
        let countsSQL = ShellBaseline.sidebarCounts + queries(words).map { _ in
            "SELECT count(*) FROM item WHERE item.id IN (SELECT rowid FROM item_text WHERE item_text MATCH '\"swift\"') AND item.read = 0;"
        }.joined(separator: "\n")
        let countsShell = try medianSeconds { try ShellBaseline.sqlite3(file, sql: countsSQL) }
        table.add("sidebar on the UI thread, 20 saved views", counts, "sqlite3 shell, feed counts + 20 counts", countsShell, limit: nil)
        table.absolute("sidebar on the UI thread, \(feeds) feeds and 20 saved views", counts, limit: 0.060)

        let rule = Rule(id: try store.addRule(query: "garden", action: .star, scope: .all), query: "garden", action: .star)
        var applied = RuleApplication()
        let applying = try seconds { applied = try store.apply(rule) }
        try store.revert(applied, of: .star)
        try store.removeRule(rule.id)
        // Committed, as ours is: writing the changed rows is most of the cost.
        let ruleShell = try seconds {
            try ShellBaseline.sqlite3(file, sql: """
                BEGIN; UPDATE item SET starred = 1 WHERE item.starred = 0 AND item.id IN (SELECT rowid FROM item_text WHERE item_text MATCH '"garden"'); COMMIT;
                """)
        }
        try store.revert(applied, of: .star)
        table.add("a rule applied to \(try store.count(.all)) items (\(applied.changed.count) starred)", applying, "sqlite3 shell, the same UPDATE, committed", ruleShell, limit: nil)
        table.absolute("a rule applied to every item", applying, limit: 2.0)
    }

    /// Storing a refresh's new items with 50 rules, against none: the rules' cost.
    static func storing(_ refresh: [FeedRefresh], template: URL, work: URL, words: [String], withoutRules: Double, table: inout BenchmarkTable) throws {
        var times: [Double] = []
        for run in 0..<5 {
            let file = work.appendingPathComponent("rules-\(run).sqlite")
            try FileManager.default.copyItem(at: template, to: file)
            let store = try SQLiteLibraryStore(path: file.path)
            for index in 0..<50 {
                let actions: [Rule.Action] = [.read, .star, .hide, .notify]
                try store.addRule(query: queries(words)[index % 20], action: actions[index % 4], scope: index < 25 ? .all : .folder("Folder \(index % 10)"))
            }
            times.append(try seconds { _ = try store.apply(refresh) })
        }
        table.add("store 20,000 new items with 50 rules", median(times), "the same, no rule", withoutRules, limit: 1.2)
    }
}
