import Foundation

/// Items' articles as the formats keep them for a library (`Feed.articles`):
/// HTML, at most 512 KiB each; text made HTML that says it.
public enum FeedArticles {
    public static let maxBytes = 512 * 1024

    public static func capped(_ html: String) -> String {
        html.utf8.count <= maxBytes ? html : String(decoding: html.utf8.prefix(maxBytes), as: UTF8.self)
    }

    /// Text as HTML: its characters escaped, its blank lines paragraphs.
    public static func html(fromText text: String) -> String {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        return escaped.components(separatedBy: "\n\n").map { "<p>" + $0 + "</p>" }.joined()
    }
}
