import Foundation
import ItemFeed

/// What GNOME Shell's overview finds in the library (its search provider):
/// the items all its words match, through the library's full-text index,
/// newest stored first; each named by its key, with its title, and its
/// feed and date as the description.
@MainActor
public final class LibrarySearchResults {
    public struct Meta: Equatable, Sendable {
        public let id: String
        public let name: String
        public let description: String
    }

    private let store: LibraryStore
    private let dateText: (Date) -> String

    public init(store: LibraryStore, dateText: @escaping (Date) -> String) {
        self.store = store
        self.dateText = dateText
    }

    /// The Shell shows a few results per provider; more are never asked.
    public static let limit = 10
    /// The items searches found, for their metas (the Shell asks for them
    /// after each search); forgotten past a few hundred.
    private var found: [String: LibraryItem] = [:]

    /// The matching items' ids, newest stored first; none when no word is
    /// long enough for the index (the Shell asks at every keystroke).
    public func results(for terms: [String]) -> [String] {
        guard let query = Self.query(terms) else { return [] }
        let items = (try? store.items(LibraryView(.all, search: query), in: 0..<Self.limit)) ?? []
        if found.count > 50 * Self.limit { found = [:] }
        for item in items { found[String(item.key)] = item }
        return items.map { String($0.key) }
    }

    /// In the order asked; an id no search found is left out.
    public func metas(for ids: [String]) -> [Meta] {
        let titles = feedTitles()
        return ids.compactMap { id in
            guard let item = found[id] else { return nil }
            let feed = titles[item.feedAddress] ?? FeedAddress.displayName(of: item.feedAddress)
            let description = item.item.date.map { "\(feed) · \(dateText($0))" } ?? feed
            return Meta(id: id, name: item.item.name, description: description)
        }
    }

    /// The item a result names (activating it opens it).
    public func key(of id: String) -> LibraryItem.Key? {
        LibraryItem.Key(id)
    }

    /// The search as the library reads it: each term a phrase (quotes and
    /// control characters dropped, so nothing is syntax), at most 8 terms
    /// of 64 characters; `nil` unless one has the index's 3 characters.
    static func query(_ terms: [String]) -> String? {
        let words = terms.prefix(8).map { term in
            String(String.UnicodeScalarView(term.unicodeScalars.filter { $0 != "\"" && !CharacterSet.controlCharacters.contains($0) }).prefix(64))
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }.filter { !$0.isEmpty }
        guard words.contains(where: { $0.count >= 3 }) else { return nil }
        return words.map { "\"\($0)\"" }.joined(separator: " ")
    }

    private func feedTitles() -> [URL: String] {
        var titles = Dictionary(((try? store.subscriptions()) ?? []).map { ($0.address, $0.title) }, uniquingKeysWith: { first, _ in first })
        for account in (try? store.accounts()) ?? [] {
            for feed in (try? store.feeds(of: account.id)) ?? [] where titles[feed.address] == nil { titles[feed.address] = feed.title }
        }
        return titles
    }
}
