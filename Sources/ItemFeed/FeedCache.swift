import Foundation

/// The last good feed from one address, kept on disk so the app still has
/// something to show when the server cannot be reached, and so the next
/// request can ask the server whether it changed at all.
///
/// It keeps the bytes as the server sent them, not mapped items, with the
/// format that read them and the server's validators, so a saved copy is
/// mapped again exactly as a fresh load (relative addresses, the rules
/// about local files) and a 304 can be answered from it.
public final class FeedCache: Sendable {
    private let file: URL
    private let performWrite: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let warn: @Sendable (String) -> Void

    /// - Parameters:
    ///   - directory: where caches live (the app passes its XDG cache folder).
    ///   - feedURL: the feed this cache is for; each address has its own file.
    ///   - performWrite: where `keep` writes: in place by default; the app
    ///     passes a worker queue, as a feed may be 32 MiB and the write would
    ///     otherwise stall the window after every load.
    ///   - warn: told once about a saved copy that could not be read and was
    ///     discarded; standard error by default.
    public init(
        directory: URL,
        feedURL: URL,
        performWrite: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { $0() },
        warn: @escaping @Sendable (String) -> Void = FeedCache.warnOnStandardError
    ) {
        file = directory.appendingPathComponent("feed-\(Self.fileKey(for: feedURL)).saved")
        self.performWrite = performWrite
        self.warn = warn
    }

    /// Saves `feed` as the last good one, best effort: a full disk must not
    /// cost the user the load that produced it.
    public func keep(_ feed: SavedFeed) {
        performWrite { [self] in try? save(feed) }
    }

    /// One file, written to a temporary name and renamed, so a crash
    /// mid-write leaves the previous copy, never half of one.
    public func save(_ feed: SavedFeed) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try feed.fileContents().write(to: file, options: .atomic)
    }

    /// `nil` when nothing was saved, or what is there cannot be read. An
    /// unreadable file (cut short, garbage, an older version's) is deleted,
    /// so it is reported once, not at every start, and the next good load
    /// replaces it.
    public func load() -> SavedFeed? {
        guard let contents = try? Data(contentsOf: file) else { return nil }
        if let saved = SavedFeed(fileContents: contents) { return saved }
        try? FileManager.default.removeItem(at: file)
        warn("The saved copy of this feed could not be read and was discarded (\(file.path)).")
        return nil
    }

    @Sendable public static func warnOnStandardError(_ message: String) {
        FileHandle.standardError.write(Data("item-feed: warning: \(message)\n".utf8))
    }

    /// The validators only, from the file's first line: asked before every
    /// request, so it must not read a 32 MiB body.
    public func loadValidators() -> SavedFeed.Validators? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: SavedFeed.maxHeaderBytes)) ?? Data()
        return SavedFeed.header(in: start)?.validators
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
