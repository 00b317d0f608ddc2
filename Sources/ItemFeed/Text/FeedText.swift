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
    /// a string in one copy, without a string made first only to be checked.
    public static func text(utf8 bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> String? {
        if isAlreadyClean(bytes, limit: limit) { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
        return clean(utf8: bytes, limit: limit)
    }

    /// The same, on UTF-8 bytes (invalid sequences become U+FFFD), written
    /// straight into the new string's storage a run of printable ASCII with
    /// single spaces at a time, not scalar by scalar nor through an array
    /// first: this is where a feed's mapping spends its time. The loop stops
    /// a few times past the limit, so a 30 MB title costs no more than a
    /// short one. Spaces and zero-width marks are written as they come but
    /// only kept once something visible follows them, so none is left at
    /// either end.
    public static func clean(utf8 input: UnsafeBufferPointer<UInt8>, limit: Int) -> String? {
        var scalars = 0
        var truncated = false
        // Each scalar kept is at most 4 bytes, and the output is never
        // longer than the input.
        let capacity = min(input.count, limit * 16 + 8)
        let result = String(unsafeUninitializedCapacity: capacity) { output in
            var count = 0
            // What was written up to the last visible scalar.
            var kept = (bytes: 0, scalars: 0)
            var afterSpace = false
            var index = 0
            func write(_ bytes: UnsafeBufferPointer<UInt8>, scalars written: Int) {
                _ = UnsafeMutableBufferPointer(rebasing: output[count...]).initialize(from: bytes)
                count += bytes.count
                scalars += written
            }
            while index < input.count {
                var end = index
                while end < input.count, scalars + (end - index) < limit * 4 {
                    let byte = input[end]
                    if byte >= 0x21 && byte <= 0x7E || byte == 0x20 && end > index && end + 1 < input.count
                        && input[end + 1] >= 0x21 && input[end + 1] <= 0x7E {
                        end += 1
                    } else {
                        break
                    }
                }
                if end > index {
                    write(UnsafeBufferPointer(rebasing: input[index..<end]), scalars: end - index)
                    kept = (count, scalars)
                    afterSpace = false
                    index = end
                    continue
                }
                let length = sequenceLength(input, at: index)
                end = index + length
                // Past this, nothing more is written: the capacity holds it.
                let full = scalars >= limit * 4
                switch kind(of: input, at: index, length: length) {
                case .space where kept.scalars > 0 && !afterSpace && !full:
                    output[count] = 0x20
                    count += 1
                    scalars += 1
                    afterSpace = true
                case .space, .dropped:
                    break
                case .zeroWidth:
                    if kept.scalars > 0 && !full {
                        write(UnsafeBufferPointer(rebasing: input[index..<end]), scalars: 1)
                        afterSpace = false
                    }
                case .kept:
                    if full {
                        truncated = true
                        index = input.count
                        continue
                    }
                    write(UnsafeBufferPointer(rebasing: input[index..<end]), scalars: 1)
                    kept = (count, scalars)
                    afterSpace = false
                }
                index = end
            }
            scalars = kept.scalars
            return kept.bytes
        }
        guard scalars > 0 else { return nil }
        // Characters, not scalars, for the cap, so a cut never splits an
        // accented letter or an emoji; only counted when it could matter.
        guard truncated || scalars > limit && result.count > limit else { return result }
        var cut = String(result.prefix(limit - 1))
        while cut.last == " " { cut.removeLast() }
        return cut + "…"
    }

    private enum Kind { case kept, space, zeroWidth, dropped }

    /// The bytes of the scalar starting at `index`: only continuation bytes
    /// are taken after a lead byte, so a broken sequence never swallows the
    /// control characters or spaces after it (an `0xF0` before an escape
    /// once carried the escape through). Broken ones become U+FFFD.
    private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let expected: Int
        switch bytes[index] {
        case 0xF0...0xF4: expected = 4
        case 0xE0...0xEF: expected = 3
        case 0xC2...0xDF: expected = 2
        default: return 1
        }
        var length = 1
        while length < expected, index + length < bytes.count, bytes[index + length] & 0xC0 == 0x80 { length += 1 }
        return length
    }

    /// Unicode's White_Space set becomes a space; C0 and C1 controls (Cc),
    /// bidirectional embeddings, overrides and isolates are dropped; a
    /// zero-width space or byte-order mark is kept only between visible
    /// text (Foundation trims U+200B as whitespace, Unicode does not). Read
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
            case 0x200B: return .zeroWidth
            default: return .kept
            }
        case 0xEF where length == 3 && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
            return .zeroWidth
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
