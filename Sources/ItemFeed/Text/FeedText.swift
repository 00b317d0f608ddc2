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
        if isAlreadyClean(text, limit: limit) { return text.isEmpty ? nil : text }
        var result = ""
        var count = 0
        var pendingSpace = false
        // Characters, not scalars, so a cut never splits an accented letter
        // or an emoji; the loop stops at the limit, so a 30 MB title costs
        // no more than a short one.
        for character in text {
            if character.isWhitespace {
                pendingSpace = count > 0
                continue
            }
            if isControl(character) || isBidiControl(character) { continue }
            if pendingSpace {
                result.append(" ")
                count += 1
                pendingSpace = false
            }
            if count == limit {
                result.removeLast()
                if result.last == " " { result.removeLast() }
                result.append("…")
                return result
            }
            result.append(character)
            count += 1
        }
        return result.isEmpty ? nil : result
    }

    /// Most feed text is short printable ASCII with single spaces: checked
    /// on bytes, it is returned as it is without building a new string.
    private static func isAlreadyClean(_ text: String, limit: Int) -> Bool {
        let bytes = text.utf8
        guard bytes.count <= limit, bytes.first != 0x20, bytes.last != 0x20 else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            guard byte >= 0x21 && byte <= 0x7E || byte == 0x20 && previous != 0x20 else { return false }
            previous = byte
        }
        return true
    }

    private static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// LRE, RLE, PDF, LRO, RLO and the isolates LRI, RLI, FSI, PDI.
    private static func isBidiControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
    }
}
