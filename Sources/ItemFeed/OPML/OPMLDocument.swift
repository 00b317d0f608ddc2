import Foundation

/// A list of subscriptions as OPML carries it between readers: feeds with
/// their folder, and the folders in their order (empty ones too, so a
/// library exported and imported again is the same library).
public struct OPMLDocument: Equatable, Sendable {
    public struct Feed: Hashable, Sendable {
        public var address: URL
        public var title: String
        public var siteLink: URL?
        /// Nested outlines above it, joined with " / " (the library keeps
        /// one level of folders); `nil` at the top level.
        public var folder: String?

        public init(address: URL, title: String, siteLink: URL? = nil, folder: String? = nil) {
            self.address = address
            self.title = title
            self.siteLink = siteLink
            self.folder = folder
        }
    }

    public var title: String?
    /// In document order; an address given twice is kept once, where it
    /// first appears.
    public var feeds: [Feed]
    public var folders: [String]
    /// Outlines with an address no feed can have (not http, https or file),
    /// left out and counted so the import can say so.
    public var skipped: Int

    public init(title: String? = nil, feeds: [Feed], folders: [String], skipped: Int = 0) {
        self.title = title
        self.feeds = feeds
        self.folders = folders
        self.skipped = skipped
    }
}

/// Why an OPML file was refused (whole: nothing of it is imported).
public enum OPMLError: Error, Equatable, LocalizedError {
    case malformed(reason: String)
    case notOPML
    case tooLarge

    public var errorDescription: String? {
        switch self {
        case let .malformed(reason): return tr("The file is not well-formed OPML ({reason}); nothing was imported.", ["reason": reason])
        case .notOPML: return tr("The file is not an OPML list of feeds; nothing was imported.")
        case .tooLarge: return tr("The file is too large for a list of feeds; nothing was imported.")
        }
    }
}
