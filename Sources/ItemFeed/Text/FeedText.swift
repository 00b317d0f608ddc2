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
        var scalars = String.UnicodeScalarView()
        var count = 0
        var pendingSpace = false
        var truncated = false
        // Scalars, classified by value rather than by Unicode property
        // look-ups: the look-ups were 70% of mapping a 20,000-item RSS feed.
        // The loop stops a few times past the limit, so a 30 MB title costs
        // no more than a short one.
        for scalar in text.unicodeScalars {
            switch kind(of: scalar) {
            case .space:
                pendingSpace = count > 0
                continue
            case .dropped:
                continue
            case .kept:
                break
            }
            if count >= limit * 4 {
                truncated = true
                break
            }
            if pendingSpace {
                scalars.append(" ")
                count += 1
                pendingSpace = false
            }
            scalars.append(scalar)
            count += 1
        }
        guard count > 0 else { return nil }
        let result = String(scalars)
        // Characters, not scalars, for the cap, so a cut never splits an
        // accented letter or an emoji; only counted when it could matter.
        guard truncated || count > limit && result.count > limit else { return result }
        var cut = String(result.prefix(limit - 1))
        while cut.last == " " { cut.removeLast() }
        return cut + "…"
    }

    private enum Kind { case kept, space, dropped }

    /// Unicode's White_Space set becomes a space; C0 and C1 controls (Cc),
    /// bidirectional embeddings, overrides and isolates are dropped.
    private static func kind(of scalar: Unicode.Scalar) -> Kind {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return .space
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
            return .dropped
        default:
            return .kept
        }
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
}
