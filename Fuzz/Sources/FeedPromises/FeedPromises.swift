import Foundation
import ItemFeed

/// What every mapped feed promises the rest of the app, checked on each
/// fuzz input: a broken promise stops the run (`abort`), so libFuzzer keeps
/// the input like any crash.
public enum FeedPromises {
    /// The address fuzz inputs are read from: a web feed, so the promise
    /// about local files applies.
    public static let webFeedURL = URL(string: "https://feeds.example.com/blog/feed")!

    /// Maps `body` with `format` as if fetched from `url`, and checks the
    /// result. A thrown error is a refusal, which is allowed.
    public static func check(_ body: UnsafeRawBufferPointer, format: any FeedFormat, from url: URL = webFeedURL) {
        let response = HTTPResponse(statusCode: 200, body: Data(body))
        guard let feed = try? format.map(response, from: url) else { return }
        check(feed, from: url)
    }

    public static func check(_ feed: Feed, from url: URL) {
        var ids = Set<String>()
        for item in feed.items {
            promise(!item.id.isEmpty, "an item with an empty id")
            promise(ids.insert(item.id).inserted, "two items with the id \(item.id.debugDescription)")
            promise(!item.name.isEmpty, "an item with an empty title")
            text(item.id, limit: FeedText.idLimit, "id")
            text(item.name, limit: FeedText.titleLimit, "title")
            item.author.map { text($0, limit: FeedText.nameLimit, "author") }
            item.summary.map { text($0, limit: FeedText.summaryLimit, "summary") }
            item.tags.forEach { text($0, limit: FeedText.nameLimit, "tag") }
            if !url.isFileURL {
                for address in [item.imageURL, item.link].compactMap({ $0 }) {
                    promise(["http", "https"].contains(address.scheme?.lowercased()), "a \(address.scheme ?? "relative") address from a web feed: \(address)")
                }
            }
        }
        feed.title.map { text($0, limit: FeedText.nameLimit, "feed title") }
        // Printed on stderr and shown in a toast: made of the document's
        // names, so cleaned like its text.
        feed.problem.map { text($0, limit: FeedText.nameLimit * 2, "problem") }
        if let next = feed.nextPage, !url.isFileURL {
            promise(["http", "https"].contains(next.scheme?.lowercased()), "a next page that is not http(s): \(next)")
        }
    }

    /// What a web page's feed links promise: absolute http(s) addresses,
    /// each named once, with cleaned titles.
    public static func check(_ links: [FeedLink]) {
        var addresses = Set<URL>()
        for link in links {
            promise(["http", "https"].contains(link.url.scheme?.lowercased()), "a \(link.url.scheme ?? "relative") feed link: \(link.url)")
            promise(link.url.host != nil, "a feed link without a host: \(link.url)")
            promise(addresses.insert(link.url).inserted, "the feed link \(link.url) named twice")
            link.title.map { text($0, limit: FeedText.nameLimit, "feed link title") }
        }
    }

    /// What an OPML import promises: web addresses with a host, each once,
    /// cleaned titles, and every feed's folder among the folders, each once.
    public static func check(_ document: OPMLDocument) {
        var addresses = Set<URL>()
        for feed in document.feeds {
            promise(["http", "https"].contains(feed.address.scheme?.lowercased()), "an OPML feed that is not http(s): \(feed.address)")
            promise(feed.address.host?.isEmpty == false, "an OPML feed without a host: \(feed.address)")
            promise(addresses.insert(feed.address).inserted, "the OPML feed \(feed.address) kept twice")
            text(feed.title, limit: FeedText.titleLimit, "OPML feed title")
            promise(!feed.title.isEmpty, "an OPML feed without a title: \(feed.address)")
            if let folder = feed.folder { promise(document.folders.contains(folder), "the folder \(folder.debugDescription) of a feed is not listed") }
        }
        promise(Set(document.folders).count == document.folders.count, "a folder listed twice: \(document.folders)")
    }

    /// A promise of the fuzz target's own.
    public static func expect(_ kept: Bool, _ broken: @autoclosure () -> String) {
        promise(kept, broken())
    }

    /// Stops the run with why.
    public static func fail(_ broken: String) -> Never {
        FileHandle.standardError.write(Data("Broken promise: \(broken)\n".utf8))
        abort()
    }

    /// Cleaned text: no C0/C1 controls, no bidirectional overrides or
    /// isolates, no outer whitespace, and within its cap.
    private static func text(_ value: String, limit: Int, _ field: String) {
        promise(value.count <= limit, "a \(field) of \(value.count) characters (cap \(limit))")
        promise(value == value.trimmingCharacters(in: .whitespacesAndNewlines), "a \(field) with outer whitespace: \(value.debugDescription)")
        for scalar in value.unicodeScalars {
            let v = scalar.value
            let control = v < 0x20 || (0x7F...0x9F).contains(v)
            let bidi = (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            promise(!control && !bidi, "a \(field) holding U+\(String(v, radix: 16, uppercase: true)): \(value.debugDescription)")
        }
    }

    private static func promise(_ kept: Bool, _ broken: @autoclosure () -> String) {
        guard !kept else { return }
        FileHandle.standardError.write(Data("Broken promise: \(broken())\n".utf8))
        abort()
    }
}
