import Foundation
import ItemFeed

/// Reads an XML feed as the formats do, streamed; and a feed that is not
/// well-formed again, from libxml2's recovered tree, as far as recovery
/// reads it (SPEC 14): the items found, with the first error as the feed's
/// `problem`. A document that declares its own entities is refused either
/// way, and one where recovery finds no item fails with the first error.
enum XMLMapping {
    static func map(
        _ response: HTTPResponse,
        from url: URL,
        batches: ItemBatches?,
        read: (XMLReader, ItemBatches?) throws -> Feed
    ) throws -> Feed {
        var body = XMLBody(response)
        var streamed: XMLReader?
        do {
            let reader = try XMLReader(body: body, url: url)
            streamed = reader
            return try read(reader, batches)
        } catch let error as RemoteLoadError {
            guard case .malformedFeed = error, streamed?.refusesItsEntities != true else { throw error }
            // Batches already handed on are a preview the result replaces.
            if !body.entitiesReplaced {
                // Most often an undeclared HTML entity: read again with them
                // replaced, streamed, before any recovery.
                body = body.replacingEntities()
                if let reader = try? XMLReader(body: body, url: url), let feed = try? read(reader, nil) { return feed }
            }
            guard let recovered = try? XMLReader(body: body, url: url, recovering: true),
                  var feed = try? read(recovered, nil), !feed.items.isEmpty
            else { throw error }
            // Shown in a toast and printed: libxml2 quotes the document's
            // own names in it.
            feed.problem = (recovered.problem ?? error.errorDescription).flatMap { FeedText.clean($0, limit: FeedText.nameLimit * 2) }
            return feed
        }
    }
}
