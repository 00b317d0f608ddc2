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
    /// mid-write leaves the previous copy, never half of one. The body is
    /// written as it is, a stretch at a time: a mapped body's pages are given
    /// back as they are written, and the body is never copied whole beside
    /// the items made from it.
    public func save(_ feed: SavedFeed) throws {
        let directory = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let partial = directory.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: partial.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: partial)
            defer { try? handle.close() }
            try handle.write(contentsOf: feed.fileHeader())
            let piece = FeedBodyFile.Reading.stride
            try feed.body.withUnsafeBytes { body in
                for start in stride(from: 0, to: body.count, by: piece) {
                    let stretch = UnsafeRawBufferPointer(rebasing: body[start..<min(body.count, start + piece)])
                    try handle.write(contentsOf: stretch)
                    FeedBodyFile.giveBack(stretch)
                }
            }
            guard rename(partial.path, file.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }

    /// `nil` when nothing was saved, or what is there cannot be read. An
    /// unreadable file (cut short, garbage, an older version's) is deleted,
    /// so it is reported once, not at every start, and the next good load
    /// replaces it. A big body is mapped, as a download is (reopening a
    /// 1,000,000-item feed is a 304 and this copy); a small one is read into
    /// one buffer of its own, not with the header and copied out. The file is
    /// only ever replaced by a rename, never cut short in place, so its
    /// mapping stays whole.
    public func load() -> SavedFeed? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        if let saved = Self.read(handle) { return saved }
        try? FileManager.default.removeItem(at: file)
        warn("The saved copy of this feed could not be read and was discarded (\(file.path)).")
        return nil
    }

    private static func read(_ handle: FileHandle) -> SavedFeed? {
        guard let start = try? handle.read(upToCount: SavedFeed.maxHeaderBytes),
              let (header, bodyOffset) = SavedFeed.header(startingWith: start)
        else { return nil }
        let length = header.length
        guard (try? handle.seekToEnd()) == UInt64(bodyOffset + length), (try? handle.seek(toOffset: UInt64(bodyOffset))) != nil else {
            return nil
        }
        let mapped = length > FeedBodyFile.maxHeapBytes ? FeedBodyFile.map(handle.fileDescriptor, from: bodyOffset, count: length) : nil
        let body = mapped ?? (length == 0 ? Data() : (try? handle.read(upToCount: length)) ?? Data())
        guard body.count == length else { return nil }
        return SavedFeed(formatID: header.format, validators: header.validators, body: body)
    }

    @Sendable public static func warnOnStandardError(_ message: String) {
        FileHandle.standardError.write(Data("item-feed: warning: \(message)\n".utf8))
    }

    /// The validators only, from the file's first line: asked before every
    /// request, so it must not read a 32 MiB body.
    public func loadValidators() -> HTTPValidators? {
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
