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
            // `decodeIfPresent` so that absent optional fields cost nothing:
            // a thrown error per missing key made mapping 20× slower.
            let fields = try? decoder.container(keyedBy: Key.self)
            func string(_ key: Key) -> String? { (try? fields?.decodeIfPresent(String.self, forKey: key)) ?? nil }
            id = string(.id) ?? ((try? fields?.decodeIfPresent(Int.self, forKey: .id)) ?? nil).map(String.init)
            name = string(.name)
            imageURL = string(.image_url)
            priority = (try? fields?.decodeIfPresent(Int.self, forKey: .priority)) ?? nil
            date = string(.date)
            link = string(.link)
            summary = string(.summary)
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
