import Foundation

/// Thumbnails' bytes on disk, one file per image address. Synchronous and
/// thread-safe, so the app can run it on a worker queue.
///
/// With `maxBytes`, the folder stays within that cap plus one image for the
/// whole session: writes are counted, and the write that goes over trims
/// the oldest files to three quarters of the cap, so a long scroll does not
/// list the folder at every thumbnail; trimmed only at start-up, one long
/// scroll could take the cache far past its cap.
public final class ImageDataCache: ItemImageDataStore, Sendable {
    private let directory: URL
    private let maxBytes: Locked<Int?>
    /// What the folder holds as last counted, plus what was written since;
    /// `nil` until counted.
    private let storedBytes = Locked<Int?>(nil)

    public init(directory: URL, maxBytes: Int? = nil) {
        self.directory = directory
        self.maxBytes = Locked(maxBytes)
    }

    /// A new cap, kept from now on: the folder is trimmed to it at once
    /// (the reader chose a smaller one, or the first one of a session).
    public func keep(atMost bytes: Int) {
        maxBytes.withLock { $0 = bytes }
        trim(toBytes: bytes)
    }

    public func data(for url: URL) -> Data? {
        try? Data(contentsOf: file(for: url))
    }

    public func save(_ data: Data, for url: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: file(for: url), options: .atomic)
        guard let maxBytes = maxBytes.withLock({ $0 }) else { return }
        let isOverCap = storedBytes.withLock { storedBytes in
            storedBytes = storedBytes.map { $0 + data.count }
            return (storedBytes ?? .max) > maxBytes
        }
        if isOverCap { trim(toBytes: maxBytes / 4 * 3) }
    }

    /// Deletes the least recently written files until the rest fit in
    /// `limit` bytes.
    public func trim(toBytes limit: Int) {
        storedBytes.withLock { $0 = trimmingFolder(toBytes: limit) }
    }

    /// What the folder holds after trimming; `nil` if it cannot be listed.
    private func trimmingFolder(toBytes limit: Int) -> Int? {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return nil }
        let entries = files.compactMap { file -> (file: URL, date: Date, size: Int)? in
            guard let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
            return (file, values.contentModificationDate ?? .distantPast, values.fileSize ?? 0)
        }
        var total = entries.reduce(0) { $0 + $1.size }
        for entry in entries.sorted(by: { $0.date < $1.date }) where total > limit {
            if (try? FileManager.default.removeItem(at: entry.file)) != nil { total -= entry.size }
        }
        return total
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
