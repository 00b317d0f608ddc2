import Foundation

/// Maps the native feed format to items:
///
///     {"items": [{"id": "…", "name": "…", "image_url": "…",
///                 "priority": 1, "date": "2026-01-31T12:00:00Z",
///                 "link": "https://…", "summary": "…"}]}
///
/// One bad entry must not cost the user the whole feed, so entries are
/// checked one by one: invalid ones are skipped and counted, the rest load.
/// A body that is not such a document at all is `invalidData`.
public enum FeedMapper {
    public static func map(_ data: Data, from feedURL: URL) throws -> Feed {
        guard let document = try? JSONDecoder().decode(Document.self, from: data) else {
            throw RemoteLoadError.invalidData
        }
        let resolver = ItemURLResolver(feedURL: feedURL)
        let dates = FeedDateParser()
        var items: [Item] = []
        var seenIDs = Set<String>()
        for entry in document.items {
            guard let item = entry.item(resolver: resolver, dates: dates), seenIDs.insert(item.id).inserted else {
                continue
            }
            items.append(item)
        }
        return Feed(items: items, skippedItemCount: document.items.count - items.count)
    }

    private struct Document: Decodable {
        let items: [Entry]
    }

    /// Decodes field by field and never throws, so a wrong type in one entry
    /// only invalidates that entry.
    private struct Entry: Decodable {
        let id: String?
        let name: String?
        let imageURL: String?
        let priority: Int?
        let date: String?
        let link: String?
        let summary: String?

        private enum Key: String, CodingKey {
            case id, name, image_url, priority, date, link, summary
        }

        init(from decoder: Decoder) throws {
            let fields = try? decoder.container(keyedBy: Key.self)
            id = (try? fields?.decode(String.self, forKey: .id))
                ?? (try? fields?.decode(Int.self, forKey: .id)).map(String.init)
            name = try? fields?.decode(String.self, forKey: .name)
            imageURL = try? fields?.decode(String.self, forKey: .image_url)
            priority = try? fields?.decode(Int.self, forKey: .priority)
            date = try? fields?.decode(String.self, forKey: .date)
            link = try? fields?.decode(String.self, forKey: .link)
            summary = try? fields?.decode(String.self, forKey: .summary)
        }

        func item(resolver: ItemURLResolver, dates: FeedDateParser) -> Item? {
            guard
                let id, !id.isEmpty,
                let name, !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                let imageURL = imageURL.flatMap(resolver.imageURL)
            else { return nil }
            return Item(
                id: id,
                name: name,
                imageURL: imageURL,
                priority: priority,
                date: date.flatMap(dates.date),
                link: link.flatMap(resolver.linkURL),
                summary: summary
            )
        }
    }
}
