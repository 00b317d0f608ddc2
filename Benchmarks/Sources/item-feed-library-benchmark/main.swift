import Foundation
import ItemFeed
import ItemFeedStore
import ItemFeedUI
import ItemFeedXML

// `make benchmark`'s library rows: the SQLite store (ItemFeedStore) beside
// the sqlite3 shell doing the same work on the same schema and rows, in the
// same run. Usage: item-feed-library-benchmark [ITEMS] [FEEDS] (defaults
// 1,000,000 and 1,000; build with -c release).

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let itemCount = arguments.first ?? 1_000_000
let feedCount = arguments.dropFirst().first ?? 1_000
let work = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-library-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

var table = BenchmarkTable()
let words = ["garden", "river", "swift", "linux", "feed", "reader", "gnome", "kernel", "window", "cloud", "forest", "harbour", "signal", "thread", "paper", "stone"]

/// Items as a refresh maps them: titled, dated, with an author and a
/// short summary, each with a word or two search can find.
func items(of feed: Int, count: Int, from start: Int = 0) -> [Item] {
    (start..<start + count).map { index in
        let word = words[(index * 7 + feed) % words.count], other = words[(index * 3 + feed * 5) % words.count]
        return Item(
            id: "item-\(feed)-\(index)", name: "The \(word) of \(other) number \(index)", imageAddress: "https://img.example/\(feed)/\(index).png",
            author: "Author \(feed % 97)", date: Date(timeIntervalSince1970: 1_700_000_000 + Double(index * 60 + feed)),
            linkAddress: "https://feed\(feed).example/\(index)", summary: "A note on \(word) and \(other), item \(index) of feed \(feed)."
        )
    }
}

func feedAddress(_ index: Int) -> URL { URL(string: "https://feed\(index).example/rss.xml")! }

func subscribeAll(_ store: LibraryStore, feeds: Int) throws {
    try store.add((0..<feeds).map { Subscription(address: feedAddress($0), title: "Feed \($0)", folder: "Folder \($0 % 10)") }, folders: [])
}

// MARK: Storing one refresh's 20,000 new items

do {
    let refreshItems = 20_000
    let template = work.appendingPathComponent("template.sqlite")
    do {
        let store = try SQLiteLibraryStore(path: template.path)
        try subscribeAll(store, feeds: 20)
    }
    var ours: [Double] = [], shell: [Double] = []
    let refresh = (0..<20).map { FeedRefresh(address: feedAddress($0), outcome: .loaded(title: nil, siteLink: nil, items: items(of: $0, count: refreshItems / 20)), date: Date()) }
    let sql = work.appendingPathComponent("inserts.sql")
    try ShellBaseline.inserts(for: refresh).write(to: sql, atomically: true, encoding: .utf8)
    for run in 0..<5 {
        let ourFile = work.appendingPathComponent("ours-\(run).sqlite"), shellFile = work.appendingPathComponent("shell-\(run).sqlite")
        try FileManager.default.copyItem(at: template, to: ourFile)
        try FileManager.default.copyItem(at: template, to: shellFile)
        let store = try SQLiteLibraryStore(path: ourFile.path)
        ours.append(try seconds { _ = try store.apply(refresh) })
        shell.append(try seconds { try ShellBaseline.sqlite3(shellFile, input: sql) })
    }
    table.add("store a refresh's 20,000 new items", median(ours), "sqlite3 shell, same rows, 1 transaction", median(shell), limit: 1.3)
    try SmartViewRows.storing(refresh, template: template, work: work, words: words, withoutRules: median(ours), table: &table)
}

// MARK: A library of 1,000 feeds and 1,000,000 items

let libraryFile = work.appendingPathComponent("library.sqlite")
let store = try SQLiteLibraryStore(path: libraryFile.path)
try subscribeAll(store, feeds: feedCount)
let built = try seconds {
    let perFeed = itemCount / feedCount
    for first in stride(from: 0, to: feedCount, by: 20) {
        let batch = (first..<min(first + 20, feedCount)).map {
            FeedRefresh(address: feedAddress($0), outcome: .loaded(title: nil, siteLink: nil, items: items(of: $0, count: perFeed)), date: Date())
        }
        _ = try store.apply(batch)
    }
}
let total = try store.count(.all)
print(String(format: "library: %d feeds, %d items, built in %.1f s, %.0f MiB on disk", feedCount, total, built, Double(fileSize(libraryFile)) / 1_048_576))

// MARK: Full-text search

do {
    // As the user types "harbour": a keystroke each, from the third letter.
    let keystrokes = ["har", "harb", "harbo", "harbou", "harbour"]
    var ours: [Double] = []
    var shell: [Double] = []
    for query in keystrokes {
        let view = LibraryView(.all, search: query)
        // What the list's loader asks for a keystroke: a page and one more.
        ours.append(try seconds { _ = try store.items(view, in: 0..<201) })
        shell.append(try seconds { try ShellBaseline.sqlite3(libraryFile, sql: ShellBaseline.search(query)) })
    }
    table.add("search a keystroke (median of 5)", median(ours), "sqlite3 shell, same FTS5 query", median(shell), limit: 1.5)
    table.absolute("search a keystroke over \(total) items", median(ours), limit: 0.050)
}

do {
    // GNOME Shell's overview: a word's results, then their names, as the
    // search provider answers them (the D-Bus call is a hop on top).
    let search = LibrarySearchResults(store: store) { _ in "" }
    var ours: [Double] = []
    var shell: [Double] = []
    for word in ["harbour", "kernel", "garden", "signal", "paper"] {
        ours.append(seconds { _ = search.metas(for: search.results(for: [word])) })
        shell.append(try seconds { try ShellBaseline.sqlite3(libraryFile, sql: ShellBaseline.search(word, limit: LibrarySearchResults.limit)) })
    }
    table.add("Shell search: results, names (median of 5)", median(ours), "sqlite3 shell, same FTS5 query", median(shell), limit: nil)
    table.absolute("Shell search over \(total) items", median(ours), limit: 0.050)
}

// MARK: Sidebar counts, Mark All as Read, OPML import

do {
    let sidebar = LibrarySidebarController(store: store)
    let ours = try medianSeconds { _ = try store.subscriptions(); sidebar.reload() }
    let shell = try medianSeconds { try ShellBaseline.sqlite3(libraryFile, sql: ShellBaseline.sidebarCounts) }
    table.add("sidebar counts for \(feedCount) feeds", ours, "sqlite3 shell, the same rows", shell, limit: nil)
    table.absolute("sidebar counts for \(feedCount) feeds", ours, limit: 0.030)
}

do {
    // A tenth of the feeds in one folder: 100,000 unread items in its view.
    let view = LibraryView(.folder("Folder 0"))
    let unread = try store.count(LibraryView(.folder("Folder 0")))
    var ours: Double = 0
    var undo: [LibraryItem.Key] = []
    ours = try seconds { undo = try store.markAllRead(view) }
    // Its Undo: the same items unread again, each.
    let undone = try seconds { try store.setRead(false, undo) }
    let copy = work.appendingPathComponent("mark.sqlite")
    try? FileManager.default.removeItem(at: copy)
    try ShellBaseline.sqlite3(libraryFile, sql: "VACUUM INTO '\(copy.path)'")
    let shell = try seconds { try ShellBaseline.sqlite3(copy, sql: ShellBaseline.markFolderRead("Folder 0")) }
    table.add("Mark All as Read of \(unread) items", ours, "sqlite3 shell, the same UPDATE", shell, limit: nil)
    table.absolute("Mark All as Read of \(unread) items", ours, limit: 0.300)
    let unmark = work.appendingPathComponent("unmark.sql")
    try Data(ShellBaseline.markUnread(undo).utf8).write(to: unmark)
    let shellUndo = try seconds { try ShellBaseline.sqlite3(copy, input: unmark) }
    table.add("its Undo, \(undo.count) items unread again", undone, "sqlite3 shell, the same UPDATE by id", shellUndo, limit: 3)
}

do {
    let outlines = (0..<1_000).map { "<outline text=\"Feed \($0)\" xmlUrl=\"https://import\($0).example/feed.xml\"/>" }
    let document = "<?xml version=\"1.0\"?><opml version=\"2.0\"><body>" + stride(from: 0, to: 1_000, by: 50).map { start in
        "<outline text=\"Folder \(start / 50)\">" + outlines[start..<start + 50].joined() + "</outline>"
    }.joined() + "</body></opml>"
    let file = work.appendingPathComponent("import.opml")
    try Data(document.utf8).write(to: file)
    let importStore = try SQLiteLibraryStore(path: work.appendingPathComponent("import.sqlite").path)
    let ours = try seconds {
        let read = try OPMLReader.read(try Data(contentsOf: file))
        try importStore.add(read.feeds.map { Subscription(address: $0.address, title: $0.title, folder: $0.folder) }, folders: read.folders)
    }
    let shell = try seconds { try ShellBaseline.run("/usr/bin/xmllint", ["--noout", file.path]) }
    table.add("OPML import of 1,000 outlines", ours, "xmllint --noout, same file", shell, limit: nil)
    table.absolute("OPML import of 1,000 outlines", ours, limit: 1.0)
}

try SmartViewRows.measure(store, file: libraryFile, words: words, feeds: feedCount, table: &table)

table.print()

// The first-rows benchmark shows this library's All view in a window.
if let keep = ProcessInfo.processInfo.environment["LIBRARY_DIR"] {
    let folder = URL(fileURLWithPath: keep).appendingPathComponent("item-feed", isDirectory: true)
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try ShellBaseline.sqlite3(libraryFile, sql: "VACUUM INTO '\(folder.appendingPathComponent("library.sqlite").path)'")
}
