import Foundation

/// Items' articles as the formats keep them for a library (`Feed.articles`):
/// HTML, at most 512 KiB each; text made HTML that says it.
public enum FeedArticles {
    public static let maxBytes = 512 * 1024

    public static func capped(_ html: String) -> String {
        html.utf8.count <= maxBytes ? html : String(decoding: html.utf8.prefix(maxBytes), as: UTF8.self)
    }

    /// Text as HTML: its characters escaped, its blank lines paragraphs.
    /// One pass over the bytes, where three `replacingOccurrences` and a
    /// split would copy every article four times.
    public static func html(fromText text: String) -> String {
        var html: [UInt8] = []
        html.reserveCapacity(text.utf8.count + 16)
        html += "<p>".utf8
        var newlineHeld = false
        for byte in text.utf8 {
            if newlineHeld {
                newlineHeld = false
                if byte == UInt8(ascii: "\n") {
                    html += "</p><p>".utf8
                    continue
                }
                html.append(UInt8(ascii: "\n"))
            }
            switch byte {
            case UInt8(ascii: "\n"): newlineHeld = true
            case UInt8(ascii: "&"): html += "&amp;".utf8
            case UInt8(ascii: "<"): html += "&lt;".utf8
            case UInt8(ascii: ">"): html += "&gt;".utf8
            default: html.append(byte)
            }
        }
        if newlineHeld { html.append(UInt8(ascii: "\n")) }
        html += "</p>".utf8
        return String(decoding: html, as: UTF8.self)
    }
}
