import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A body too big for the heap, kept in a file as it arrives and mapped
/// when it is whole, so that the pages a mapping has read can be given back.
///
/// Held in the heap while its items are made, a big feed's body would sit
/// beside them until the last one. Mapped from a file, the bytes are the
/// kernel's cache, which it can drop and read again, not the app's, and the JSON formats give back each
/// stretch they have read (`giveBack`). The file has no name from the
/// moment it is made, so nothing is left behind however the app ends.
public final class FeedBodyFile {
    /// Bodies past this are kept in a file (downloads) or mapped (saved
    /// copies): the 36-item demo feed is 15 KB and a 100,000-item feed 28
    /// MiB. Below it, a body is read once and dropped, and a file would be a
    /// write and page faults for nothing.
    public static let maxHeapBytes = 8 * 1024 * 1024

    private let descriptor: Int32
    public private(set) var count = 0

    /// An unnamed file in `directory` (the app's cache folder: `/tmp` can be
    /// memory, which would defeat the point).
    public init(in directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var template = Array(directory.appendingPathComponent("body.XXXXXX").path.utf8CString)
        descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw Self.error(errno, "make a file in \(directory.path)") }
        unlink(template)
    }

    deinit {
        close(descriptor)
    }

    public func append(_ bytes: UnsafeRawBufferPointer) throws {
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { throw Self.error(errno, "write the body") }
            written += result
        }
        count += written
    }

    /// The whole file, mapped: it stays readable after this object is gone,
    /// until the `Data` is. Read back into the heap when it cannot be mapped.
    public func contents() throws -> Data {
        try Self.map(descriptor, from: 0, count: count) ?? readAll()
    }

    private func readAll() throws -> Data {
        var data = Data(count: count)
        let read = data.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
        guard read == count else { throw Self.error(errno, "read the body back") }
        return data
    }

    /// `count` bytes of an open file from `offset`, mapped read-only; `nil`
    /// when they cannot be (none at all included). Registered, so `giveBack` knows the pages are a
    /// file's; the `Data` unmaps them when it is released.
    public static func map(_ descriptor: Int32, from offset: Int, count: Int) -> Data? {
        let pageStart = offset - offset % pageSize
        let length = count + (offset - pageStart)
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, off_t(pageStart)), base != MAP_FAILED else {
            return nil
        }
        let region = UInt(bitPattern: base)..<UInt(bitPattern: base) + UInt(length)
        mapped.withLock { $0.append(region) }
        let lead = offset - pageStart
        return Data(bytesNoCopy: base + lead, count: count, deallocator: .custom { start, _ in
            mapped.withLock { $0.removeAll { $0 == region } }
            munmap(start - lead, length)
        })
    }

    /// Drops the whole pages of `bytes` from the process, when they are part
    /// of a body mapped here; the kernel reads them again if they are
    /// touched. Anything else is left alone: on heap memory the same call
    /// would zero it.
    public static func giveBack(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        let start = UInt(bitPattern: base), end = start + UInt(bytes.count)
        let page = UInt(pageSize)
        let first = (start + page - 1) / page * page, last = end / page * page
        guard first < last, mapped.withLock({ $0.contains { $0.contains(start) && $0.contains(end - 1) } }) else { return }
        madvise(UnsafeMutableRawPointer(bitPattern: first), Int(last - first), MADV_DONTNEED)
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// The address ranges of the bodies mapped now; a handful at most.
    private static let mapped = Locked<[Range<UInt>]>([])

    /// `code` is taken first, before the message is made.
    private static func error(_ code: Int32, _ action: String) -> Error {
        CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "Could not \(action): \(String(cString: strerror(code)))"])
    }
}

extension FeedBodyFile {
    /// How far a reader has come through a body: the pages behind it are
    /// given back each time it has passed another `stride` bytes, so at
    /// most that much of a mapped body is the process's at a time. On a
    /// body in the heap it does nothing (`giveBack`).
    public struct Reading {
        public static let stride = 4 * 1024 * 1024

        private let bytes: UnsafeRawBufferPointer
        private var givenBack = 0

        public init(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        /// The reader is done with everything before `offset`.
        public mutating func passed(_ offset: Int) {
            guard offset - givenBack >= Self.stride, offset <= bytes.count else { return }
            giveBack(UnsafeRawBufferPointer(rebasing: bytes[givenBack..<offset]))
            givenBack = offset
        }
    }
}

