import Foundation

/// One feed format: how to recognise its bodies and how to map them.
///
/// The feed loader asks each format it was given, in order, whether a
/// response is its own, and lets the first that says yes map it. Adding a
/// format is one file and its tests; nothing else switches on formats.
public protocol FeedFormat: Sendable {
    /// Stored with a saved copy, so the copy is mapped again the same way.
    var id: String { get }
    /// A name a user knows ("RSS"), for messages.
    var name: String { get }

    /// Whether this response is this format's, from what is cheap to look
    /// at: the first bytes of the body, the headers, and the address where a
    /// service needs it. Never from a file extension.
    func recognises(_ response: HTTPResponse, from url: URL) -> Bool

    /// The whole response to the load result. Throws `RemoteLoadError`
    /// (`invalidData` or `malformedFeed`) for a body that is not usable.
    /// With `batches`, items are also handed on as they are read.
    func map(_ response: HTTPResponse, from url: URL, batches: ItemBatches?) throws -> Feed

    /// What the status says before the body is looked at; `nil` means go on
    /// and map. Services with their own rules (rate limits) refine it.
    func error(for response: HTTPResponse) -> RemoteLoadError?
}

extension FeedFormat {
    public func map(_ response: HTTPResponse, from url: URL) throws -> Feed {
        try map(response, from: url, batches: nil)
    }

    public func error(for response: HTTPResponse) -> RemoteLoadError? {
        RemoteLoadError.check(response)
    }
}

extension Array where Element == any FeedFormat {
    /// The first format that recognises the response.
    public func format(for response: HTTPResponse, from url: URL) -> (any FeedFormat)? {
        first { $0.recognises(response, from: url) }
    }

    public func format(withID id: String) -> (any FeedFormat)? {
        first { $0.id == id }
    }

    /// The formats the core reads itself; the XML ones live in `ItemFeedXML`.
    /// Qiita first: its bodies are recognised by the address, the others'
    /// by their content.
    public static var json: [any FeedFormat] { [QiitaFormat(), JSONFeedFormat(), NativeFeedFormat()] }
}

/// Collects items in feed order, skipping and counting those without an id
/// or a title (which formats pass as `nil`), and second entries with an id
/// seen before; hands them on in batches when asked to.
public struct FeedItemCollector {
    public private(set) var items: [Item] = []
    public private(set) var skipped = 0
    private var seenIDs = Set<String>()
    private let batches: ItemBatches?
    private var delivered = 0
    private var batchSize = ItemBatches.firstSize

    public init(capacity: Int, batches: ItemBatches? = nil) {
        items.reserveCapacity(capacity)
        seenIDs.reserveCapacity(capacity)
        self.batches = batches
    }

    /// All the entries of a JSON feed's list, each read by `item`.
    init(entries: JSONEntryList, batches: ItemBatches?, item: (JSONFields) -> Item?) throws {
        self.init(capacity: entries.count, batches: batches)
        try entries.forEach { add($0.flatMap(item)) }
    }

    public mutating func add(_ item: Item?) {
        guard let item, seenIDs.insert(item.id).inserted else {
            skipped += 1
            return
        }
        items.append(item)
        if let batches, items.count == delivered + batchSize {
            batches.deliver(Array(items[delivered...]))
            delivered = items.count
            batchSize *= 2
        }
    }
}
