import Foundation

/// Thumbnails decoded a moment ago, kept in memory up to `maxBytes` so that
/// scrolling back over rows seen a moment ago shows them at once instead of
/// reading and decoding them again. The least recently shown go first. Used on the
/// UI thread only, like the row controllers that ask it.
public final class DecodedThumbnails<Image> {
    public let maxBytes: Int
    private let cost: (Image) -> Int
    private var entries: [URL: Entry] = [:]
    private var usedBytes = 0
    /// Bumped on each use; the smallest is the least recently used.
    private var clock = 0

    private struct Entry {
        let image: Image
        let bytes: Int
        var lastUse: Int
    }

    /// `cost` is an image's size in memory (a texture's pixels × 4).
    public init(maxBytes: Int, cost: @escaping (Image) -> Int) {
        self.maxBytes = maxBytes
        self.cost = cost
    }

    public func image(for url: URL) -> Image? {
        guard var entry = entries[url] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[url] = entry
        return entry.image
    }

    /// An image larger than the whole budget is not kept.
    public func insert(_ image: Image, for url: URL) {
        let bytes = max(1, cost(image))
        guard bytes <= maxBytes else { return }
        if let old = entries.removeValue(forKey: url) { usedBytes -= old.bytes }
        clock += 1
        entries[url] = Entry(image: image, bytes: bytes, lastUse: clock)
        usedBytes += bytes
        evictUntilWithinBudget()
    }

    public var count: Int { entries.count }
    public var bytes: Int { usedBytes }

    /// Evicts in batches (the oldest quarter at once), so a scroll that
    /// keeps the cache full does not sort it on every insert.
    private func evictUntilWithinBudget() {
        guard usedBytes > maxBytes else { return }
        let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        var index = 0
        let target = maxBytes - maxBytes / 4
        while usedBytes > target, index < oldestFirst.count {
            let (url, entry) = oldestFirst[index]
            entries.removeValue(forKey: url)
            usedBytes -= entry.bytes
            index += 1
        }
    }
}
