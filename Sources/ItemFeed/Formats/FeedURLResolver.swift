import Foundation

/// Resolves the addresses a feed names, relative to the feed (or to a base
/// the feed declares, such as `xml:base`), and decides which schemes may be
/// followed: a feed from the network must not make the app read local
/// files, so `file` is allowed only for a feed that is itself a local file
/// (the bundled demo feeds).
public struct FeedURLResolver: Sendable {
    public let feedURL: URL
    /// The feed's address up to its last `/`, for the common relative path.
    private let feedDirectory: String?

    public init(feedURL: URL) {
        self.feedURL = feedURL
        let address = feedURL.absoluteString
        let beforeQuery = address.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        feedDirectory = feedURL.path.isEmpty || beforeQuery.contains("#") ? nil : beforeQuery.lastIndex(of: "/").map { String(beforeQuery[...$0]) }
    }

    /// `imageURL` as the text an item keeps. An address already in the
    /// form Foundation would give back (absolute `http(s)`, or a plain
    /// relative path under a web feed's folder) is kept as it is, with no
    /// `URL` made and taken apart: parsing every address would be most of
    /// the cost of mapping a feed of them.
    public func imageAddress(_ string: String, base: URL? = nil) -> String? {
        webAddressAsItIs(string, base: base) ?? imageURL(string, base: base)?.absoluteString
    }

    /// `linkURL` as the text an item keeps (see `imageAddress`).
    public func linkAddress(_ string: String, base: URL? = nil) -> String? {
        webAddressAsItIs(string, base: base) ?? linkURL(string, base: base)?.absoluteString
    }

    public func imageURL(_ string: String, base: URL? = nil) -> URL? {
        guard let url = resolve(string, base: base), let scheme = url.scheme?.lowercased() else { return nil }
        switch scheme {
        case "http", "https": return url.host?.isEmpty == false ? url : nil
        case "file": return feedURL.isFileURL ? url : nil
        default: return nil
        }
    }

    /// Links are handed to the desktop's browser, so only web links count.
    public func linkURL(_ string: String, base: URL? = nil) -> URL? {
        guard let url = resolve(string, base: base), ["http", "https"].contains(url.scheme?.lowercased()),
              url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// A next page is fetched like the feed itself, so it follows the feed's
    /// own rule, and it must lead somewhere new.
    public func nextPageURL(_ string: String, base: URL? = nil) -> URL? {
        guard let url = resolve(string, base: base), url != feedURL else { return nil }
        switch url.scheme?.lowercased() {
        case "http", "https": return url.host?.isEmpty == false ? url : nil
        case "file": return feedURL.isFileURL ? url : nil
        default: return nil
        }
    }

    private func resolve(_ string: String, base: URL?) -> URL? {
        guard let trimmed = Self.trimmed(string) else { return nil }
        // An absolute address needs no base, and parses once instead of twice.
        if trimmed.hasPrefix("https://") || trimmed.hasPrefix("http://") { return URL(string: trimmed) }
        // A plain relative path (`thumbs/1.png`) against the feed's folder is
        // the folder plus the path: joined and parsed once. Going through
        // `relativeTo:` and `absoluteURL` would parse and rebuild every
        // address. Anything else (`..`, `/`, `?`, `#`, a scheme) is left to
        // Foundation.
        if base == nil, let feedDirectory, Self.isPlainRelativePath(trimmed) {
            return URL(string: feedDirectory + trimmed)
        }
        return URL(string: trimmed, relativeTo: base ?? feedURL)?.absoluteURL
    }

    /// Trimmed on bytes: Foundation's `trimmingCharacters` goes through
    /// NSString for every address. `nil` for nothing, or an address too
    /// long to be one.
    private static func trimmed(_ string: String) -> String? {
        let bytes = string.utf8
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
              let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return nil }
        let trimmed = first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) ? string : String(string[first...last])
        return trimmed.utf8.count <= 8_192 ? trimmed : nil
    }

    /// The address, when it is a web address exactly as `URL` would give it
    /// back; `nil` leaves the decision to `URL`.
    private func webAddressAsItIs(_ string: String, base: URL?) -> String? {
        guard let trimmed = Self.trimmed(string) else { return nil }
        if WebAddressForm.isCanonicalAbsolute(trimmed) { return trimmed }
        if base == nil, let feedDirectory, Self.isPlainRelativePath(trimmed) {
            let joined = feedDirectory + trimmed
            return WebAddressForm.isCanonicalAbsolute(joined) ? joined : nil
        }
        return nil
    }

    private static func isPlainRelativePath(_ path: String) -> Bool {
        guard let first = path.utf8.first, first != UInt8(ascii: "/"), first != UInt8(ascii: ".") else { return false }
        return !path.utf8.contains { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\\") || $0 <= 0x20 || $0 >= 0x7F }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
