import Foundation
import ItemFeed

/// The feeds and items the library specs use.
public enum LibrarySpecData {
    public static let tech = address("tech")
    public static let news = address("news")

    public static func address(_ name: String) -> URL { URL(string: "https://\(name).example/feed.xml")! }

    public static func date(_ day: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + Double(day) * 86_400) }

    /// Dated so that the first given is the newest, as feeds list them.
    public static func items(_ ids: String...) -> [Item] { items(ids) }

    public static func items(_ ids: [String]) -> [Item] {
        ids.enumerated().map { item($0.element, day: 10 - $0.offset) }
    }

    public static func item(_ id: String, day: Int? = nil) -> Item {
        let day = day ?? 10 - (Int(id.unicodeScalars.first!.value) - 97)
        return Item(
            id: id, name: "Item \(id)", imageAddress: "https://img.example/\(id).png", author: "Author \(id)",
            date: date(day), linkAddress: "https://tech.example/\(id)", summary: "Text of \(id)"
        )
    }

    public static func loaded(_ address: URL, title: String? = nil, site: URL? = nil, _ items: [Item]) -> FeedRefresh {
        FeedRefresh(address: address, outcome: .loaded(title: title, siteLink: site, items: items), date: date(0))
    }

    /// Tech (in Work) with t1 (day 40) and t2 (day 30); News with n1 (day 60).
    public static func subscribeTechAndNews(_ store: LibraryStore) throws {
        try store.subscribe(Subscription(address: tech, title: "Tech", folder: "Work"))
        try store.subscribe(Subscription(address: news, title: "News"))
        try store.apply([
            loaded(tech, [item("t1", day: 40), item("t2", day: 30)]),
            loaded(news, [item("n1", day: 60)]),
        ])
    }

    /// Each item's key, by the feed's id for it.
    public static func keys(_ store: LibraryStore) throws -> [String: LibraryItem.Key] {
        Dictionary(uniqueKeysWithValues: try store.items(.all, in: 0..<1_000).map { ($0.item.id, $0.key) })
    }
}
