import Foundation

/// Thumbnails' bytes on disk, one file per image address, bounded in size
/// by `trim(toBytes:)`. Synchronous and thread-safe (it keeps no state but
/// the folder), so the app can run it on a worker queue.
public final class ImageDataCache: ItemImageDataStore, Sendable {
    private let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public func data(for url: URL) -> Data? {
        try? Data(contentsOf: file(for: url))
    }

    public func save(_ data: Data, for url: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: file(for: url), options: .atomic)
    }

    /// Deletes the least recently written files until the rest fit in
    /// `limit` bytes.
    public func trim(toBytes limit: Int) {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        let entries = files.compactMap { file -> (file: URL, date: Date, size: Int)? in
            guard let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
            return (file, values.contentModificationDate ?? .distantPast, values.fileSize ?? 0)
        }
        var total = entries.reduce(0) { $0 + $1.size }
        for entry in entries.sorted(by: { $0.date < $1.date }) where total > limit {
            if (try? FileManager.default.removeItem(at: entry.file)) != nil { total -= entry.size }
        }
    }

    // MARK: ItemImageDataStore

    public func retrieve(dataFor url: URL, completion: @escaping (Data?) -> Void) {
        completion(data(for: url))
    }

    /// Best effort: a full disk costs a future download, nothing more.
    public func insert(_ data: Data, for url: URL) {
        try? save(data, for: url)
    }

    private func file(for url: URL) -> URL {
        directory.appendingPathComponent("image-\(FeedCache.fileKey(for: url))")
    }
}
