import Foundation

/// A player or an embedded page of an article (`iframe`, `video`, `audio`,
/// `embed`, Media RSS's player), shown as a card: the pane runs no player
/// and no page, it offers Play through the desktop.
public struct ArticleMedia: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case video, audio
        /// Another page embedded, kept as a link.
        case page
        /// Embedded content with no web address (`javascript:`, `file:`,
        /// `data:`): shown as a placeholder, never loaded.
        case unavailable
    }

    public var kind: Kind
    /// What Play opens: the service's watch page, or the file; nil when unavailable.
    public var address: URL?
    /// The poster, or the service's thumbnail.
    public var poster: URL?
    public var title: String

    public init(kind: Kind, address: URL?, poster: URL? = nil, title: String) {
        self.kind = kind
        self.address = address
        self.poster = poster
        self.title = title
    }

    /// Where it plays, as the card names it.
    public var host: String {
        guard let host = address?.host else { return "" }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }
}
