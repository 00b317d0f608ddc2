import FeedPromises
import Foundation
import ItemFeed
import ItemFeedStore

/// The search language on any text: a query is refused with a
/// `LibraryQueryError` or read into a value within the caps, read the same
/// twice, and run by the SQLite store without a SQLite error (every word
/// is bound, never spliced into the SQL).
nonisolated(unsafe) let store: SQLiteLibraryStore = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-query-\(getpid()).sqlite").path
    guard let store = try? SQLiteLibraryStore(path: path) else { FeedPromises.fail("the library could not be made at \(path)") }
    let feed = URL(string: "https://tech.example/feed.xml")!
    _ = try? store.subscribe(Subscription(address: feed, title: "Tech", folder: "Work"))
    let items = ["Swift on GTK", "Rust and GTK", "日本語の記事", "100% \"quoted\""].enumerated().map { index, title in
        Item(id: "\(index)", name: title, imageURL: nil, author: "Ada", date: Date(timeIntervalSince1970: 1_800_000_000 - Double(index) * 86_400), summary: title)
    }
    _ = try? store.apply([FeedRefresh(address: feed, outcome: .loaded(title: nil, siteLink: nil, items: items), date: Date())])
    return store
}()

FuzzDriver.run { input in
    let text = String(decoding: input, as: UTF8.self)
    let query: LibraryQuery?
    do {
        query = try LibraryQuery.parse(text)
    } catch is LibraryQueryError {
        return
    } catch {
        FeedPromises.fail("the parser threw something else than a LibraryQueryError: \(error)")
    }
    FeedPromises.expect((try? LibraryQuery.parse(text)) == query, "the same text read twice gave two queries")
    FeedPromises.expect(text.count <= LibraryQuery.maxLength, "a query over the length cap was read")
    guard query != nil else { return }
    do {
        let count = try store.count(LibraryView(.all, search: text))
        let items = try store.items(LibraryView(.unread, search: text), in: 0..<10)
        FeedPromises.expect(items.count <= count && count <= 4, "more items than the library holds: \(count), \(items.count)")
    } catch {
        FeedPromises.fail("the store could not run a query it was given: \(error) for \(text)")
    }
}
