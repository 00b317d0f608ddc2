import Foundation

/// Text folded for search: case and accents ignored ("Café" finds "cafe"),
/// kept as UTF-8 bytes so a match is a byte search.
///
/// Folding is what costs, so ASCII text (most feed text) is lower-cased
/// byte by byte and only other text goes through Foundation's `folding`.
public struct SearchText: Equatable, Sendable {
    let bytes: [UInt8]

    public init(_ text: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80 else {
                bytes = Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8)
                break
            }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        self.bytes = bytes
    }

    /// What a search looks at in an item: its title, author and summary,
    /// kept apart so a query cannot match across two of them.
    public init(item: Item) {
        self.init([item.name, item.author ?? "", item.summary ?? ""].joined(separator: "\n"))
    }

    public var isEmpty: Bool { bytes.isEmpty }

    public func contains(_ query: SearchText) -> Bool {
        guard !query.bytes.isEmpty else { return true }
        guard bytes.count >= query.bytes.count else { return false }
        return bytes.withUnsafeBytes { text in
            query.bytes.withUnsafeBytes { needle in
                guard let start = text.baseAddress, let needleStart = needle.baseAddress else { return false }
                let last = text.count - needle.count
                var index = 0
                while index <= last {
                    guard let found = memchr(start + index, Int32(needle[0]), last - index + 1) else { return false }
                    let offset = start.distance(to: found)
                    if memcmp(start + offset, needleStart, needle.count) == 0 { return true }
                    index = offset + 1
                }
                return false
            }
        }
    }
}
