/// Items whose contents came with an id listing at no extra request
/// (Fever's pages of recent items, tt-rss's headlines while nothing is
/// held): the round stores them and asks by id only for the rest. Its
/// limit keeps a first sync of a large account from holding every item's
/// contents at once; past it, a service lists ids alone.
public final class ListedContents {
    public let limit: Int
    private var items: [String: RemoteItem] = [:]

    public init(limit: Int = 20_000) {
        self.limit = limit
    }

    /// Whether another may be kept: a service stops asking for contents once not.
    public var hasRoom: Bool { items.count < limit }

    public var count: Int { items.count }

    /// Kept while there is room; an item listed twice is kept once.
    public func keep(_ item: RemoteItem) {
        guard hasRoom, items[item.id] == nil else { return }
        items[item.id] = item
    }

    /// Those of `ids` whose contents came, taken out (in the order asked),
    /// and the ids still to ask for.
    public func take(_ ids: [String]) -> (came: [RemoteItem], toAsk: [String]) {
        var came: [RemoteItem] = []
        var toAsk: [String] = []
        for id in ids {
            if let item = items.removeValue(forKey: id) { came.append(item) } else { toAsk.append(id) }
        }
        return (came, toAsk)
    }
}
