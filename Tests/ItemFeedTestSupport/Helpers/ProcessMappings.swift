import Foundation

/// What the kernel says this process has mapped (`/proc/self/smaps`): how
/// a test sees that a body is a file's pages, and how many of them are the
/// process's now.
public struct ProcessMapping {
    public let addresses: Range<UInt>
    /// The mapped file's path; a file with no name ends in " (deleted)".
    public let path: String
    public let residentKiB: Int

    /// Every mapping now, in address order.
    public static func all() -> [ProcessMapping] {
        // Read to its end: `String(contentsOfFile:)` gave only its start.
        let smaps = String(decoding: FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        var mappings: [ProcessMapping] = []
        var current: (addresses: Range<UInt>, path: String)?
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            if let bounds = fields.first?.split(separator: "-"), bounds.count == 2,
               let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16) {
                current = (start..<end, fields.count > 5 ? String(fields[5]).trimmingCharacters(in: .whitespaces) : "")
            } else if fields.first == "Rss:", let current, let kiB = Int(fields[1]) {
                mappings.append(ProcessMapping(addresses: current.addresses, path: current.path, residentKiB: kiB))
            }
        }
        return mappings
    }

    /// The mapping that holds `bytes`, if they are all in one.
    public static func holding(_ bytes: UnsafeRawBufferPointer) -> ProcessMapping? {
        guard let base = bytes.baseAddress else { return nil }
        let start = UInt(bitPattern: base)
        return all().first { $0.addresses.contains(start) && $0.addresses.contains(start + UInt(bytes.count) - 1) }
    }

    /// The mapping that holds `data`'s bytes (a mapped body), if any.
    public static func holding(_ data: Data) -> ProcessMapping? {
        data.withUnsafeBytes(holding)
    }
}
