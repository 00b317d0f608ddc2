/// Makes a feed's text safe to show and to print, once, at mapping.
///
/// A feed is written by someone else: its text can carry terminal escape
/// sequences (`ESC ] 52` sets a reader's clipboard when `--print` writes
/// it), bidirectional overrides that flip what a reader sees, layout
/// whitespace from templates, and sizes no row could show. After `clean`,
/// a string has no C0/C1 control characters and no bidirectional overrides
/// or isolates, its whitespace runs are one space, it is trimmed, and it is
/// at most `limit` characters (the last being "…" when cut).
public enum FeedText {
    public static let titleLimit = 1_000
    public static let summaryLimit = 10_000
    /// Names: authors, tags, feed titles.
    public static let nameLimit = 200
    /// Ids are printed by `--print` too, so they are cleaned like text.
    public static let idLimit = 2_048

    /// `nil` when nothing readable is left.
    public static func clean(_ text: String, limit: Int) -> String? {
        var text = text
        return text.withUTF8 { isAlreadyClean($0, limit: limit) } ? (text.isEmpty ? nil : text) : text.withUTF8 { clean(utf8: $0, limit: limit) }
    }

    /// The same, from a parser's buffer: text that is already clean becomes
    /// a string in one copy, without a string made first only to be checked
    /// (5.7% of mapping a million-item feed was that check on new strings).
    public static func text(utf8 bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> String? {
        if isAlreadyClean(bytes, limit: limit) { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
        return clean(utf8: bytes, limit: limit)
    }

    /// The same, on UTF-8 bytes (invalid sequences become U+FFFD): building
    /// strings scalar by scalar was most of the time a 20,000-item RSS feed
    /// took to map. The loop stops a few
    /// times past the limit, so a 30 MB title costs no more than a short one.
    public static func clean(utf8 input: UnsafeBufferPointer<UInt8>, limit: Int) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(min(input.count, limit * 4 + 8))
        var scalars = 0
        var pendingSpace = false
        var truncated = false
        var index = 0
        while index < input.count {
            // A run of plain printable ASCII is copied in one go.
            var end = index
            while end < input.count, (0x21...0x7E).contains(input[end]), scalars + (end - index) < limit * 4 { end += 1 }
            if end > index {
                if pendingSpace { output.append(0x20); scalars += 1; pendingSpace = false }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<end]))
                scalars += end - index
                index = end
                continue
            }
            let length = min(sequenceLength(input[index]), input.count - index)
            end = index + length
            switch kind(of: input, at: index, length: length) {
            case .space:
                pendingSpace = scalars > 0
            case .dropped:
                break
            case .kept:
                if scalars >= limit * 4 {
                    truncated = true
                    index = input.count
                    continue
                }
                if pendingSpace {
                    output.append(0x20)
                    scalars += 1
                    pendingSpace = false
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<end]))
                scalars += 1
            }
            index = end
        }
        guard scalars > 0 else { return nil }
        // Invalid UTF-8 from a feed becomes U+FFFD here, once.
        let result = String(decoding: output, as: UTF8.self)
        // Characters, not scalars, for the cap, so a cut never splits an
        // accented letter or an emoji; only counted when it could matter.
        guard truncated || scalars > limit && result.count > limit else { return result }
        var cut = String(result.prefix(limit - 1))
        while cut.last == " " { cut.removeLast() }
        return cut + "…"
    }

    private enum Kind { case kept, space, dropped }

    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xFF: return 4
        case 0xE0...0xEF: return 3
        case 0xC0...0xDF: return 2
        default: return 1
        }
    }

    /// Unicode's White_Space set becomes a space; C0 and C1 controls (Cc),
    /// bidirectional embeddings, overrides and isolates are dropped. Read
    /// from the encoded bytes: only a few lead bytes can start any of them.
    private static func kind(of bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> Kind {
        let lead = bytes[index]
        switch lead {
        case 0x09...0x0D, 0x20: return .space
        case 0x00...0x1F, 0x7F: return .dropped
        case 0x21...0x7E: return .kept
        case 0xC2 where length == 2:
            switch bytes[index + 1] {
            case 0x85, 0xA0: return .space
            case 0x80...0x9F: return .dropped
            default: return .kept
            }
        case 0xE1...0xE3 where length == 3:
            let scalar = (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
            switch scalar {
            case 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return .space
            case 0x202A...0x202E, 0x2066...0x2069: return .dropped
            default: return .kept
            }
        default:
            return .kept
        }
    }

    /// Most feed text is short printable ASCII with single spaces: checked
    /// on bytes, it is returned as it is without building a new string.
    private static func isAlreadyClean(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
        guard bytes.count <= limit, bytes.first != 0x20, bytes.last != 0x20 else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            guard byte >= 0x21 && byte <= 0x7E || byte == 0x20 && previous != 0x20 else { return false }
            previous = byte
        }
        return true
    }
}
