import Foundation

/// The body of the last good feed from one address, kept on disk so the app
/// still has something to show when the server cannot be reached.
///
/// It keeps the bytes as the server sent them, not mapped items, so they are
/// mapped again against the feed's own address (relative image URLs and the
/// rules about local files stay exactly as for a fresh load).
public final class FeedCache: Sendable {
    private let file: URL
    private let performWrite: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// - Parameters:
    ///   - directory: where caches live (the app passes its XDG cache folder).
    ///   - feedURL: the feed this cache is for; each address has its own file.
    ///   - performWrite: where `keep` writes: in place by default; the app
    ///     passes a worker queue, as a feed may be 32 MiB and the write would
    ///     otherwise stall the window after every load.
    public init(
        directory: URL,
        feedURL: URL,
        performWrite: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { $0() }
    ) {
        file = directory.appendingPathComponent("feed-\(Self.fileKey(for: feedURL)).json")
        self.performWrite = performWrite
    }

    /// Saves `body` as the last good feed, best effort: a full disk must not
    /// cost the user the load that produced it.
    public func keep(_ body: Data) {
        performWrite { [self] in try? save(body) }
    }

    public func save(_ body: Data) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try body.write(to: file, options: .atomic)
    }

    /// `nil` when nothing was saved (or it cannot be read).
    public func load() -> Data? {
        try? Data(contentsOf: file)
    }

    /// A stable file name for an address: FNV-1a, 64 bits, in hex. Addresses
    /// can be longer than a file name may be, and contain `/`.
    static func fileKey(for url: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
