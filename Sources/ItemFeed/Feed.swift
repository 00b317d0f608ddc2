/// A mapped feed: the items that were valid, and how many were not.
public struct Feed: Equatable, Sendable {
    public let items: [Item]
    /// Entries left out because a required field was missing or invalid, an
    /// image URL had a scheme we do not load, or the id was a duplicate.
    public let skippedItemCount: Int

    public init(items: [Item], skippedItemCount: Int = 0) {
        self.items = items
        self.skippedItemCount = skippedItemCount
    }
}
