import Foundation

/// Resolves the URLs a feed names, relative to the feed, and decides which
/// schemes may be followed: a feed from the network must not make the app
/// read local files, so `file` is allowed only for a feed that is itself a
/// local file (the bundled demo feed).
struct ItemURLResolver {
    let feedURL: URL

    func imageURL(_ string: String) -> URL? {
        guard let url = resolve(string), let scheme = url.scheme?.lowercased() else { return nil }
        switch scheme {
        case "http", "https": return url.host?.isEmpty == false ? url : nil
        case "file": return feedURL.isFileURL ? url : nil
        default: return nil
        }
    }

    /// Links are handed to the desktop's browser, so only web links count.
    func linkURL(_ string: String) -> URL? {
        guard let url = resolve(string), ["http", "https"].contains(url.scheme?.lowercased()) else { return nil }
        return url
    }

    private func resolve(_ string: String) -> URL? {
        let trimmed = string.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        return URL(string: trimmed, relativeTo: feedURL)?.absoluteURL
    }
}
