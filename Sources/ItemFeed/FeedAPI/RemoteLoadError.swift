import Foundation

/// Why a feed or an image could not be loaded from a server, in words a
/// user can act on.
public enum RemoteLoadError: Error, Equatable, LocalizedError {
    /// No response: offline, server down, timed out, connection reset.
    case connectivity
    /// A response that is not what was asked for: not a feed in a format
    /// ItemFeed reads, not an image.
    case invalidData
    /// A feed in a known format that cannot be read: broken XML, or XML
    /// that asks for what a feed has no need of (its own entities).
    case malformedFeed(reason: String)
    /// The server answered, but not with the resource: a 4xx, or a 1xx/3xx
    /// that was not resolved into a final answer.
    case client(statusCode: Int)
    /// The server failed (5xx).
    case server(statusCode: Int)
    /// The service allows no more requests until then (Qiita's rate limit).
    case rateLimited(until: Date?)
    /// The response was larger than anything a feed or thumbnail should be.
    case tooLarge(limitBytes: Int)
    /// A web page, not a feed, that names no feed in its links.
    case pageNamesNoFeed
    /// A web page, not a feed, naming these feeds: one is opened, several
    /// are offered to choose from (`--print` takes the first).
    case pageNamesFeeds([FeedLink])

    public var errorDescription: String? {
        switch self {
        case .connectivity:
            return tr("Couldn't reach the server. Check your connection and try again.")
        case .invalidData:
            return tr("The address does not hold a feed ItemFeed can read (RSS, Atom, JSON Feed, Qiita or ItemFeed's own).")
        case let .malformedFeed(reason):
            return tr("The feed cannot be read: {reason}", ["reason": reason])
        case let .client(status):
            return tr("The feed could not be loaded (HTTP {status}). Check the feed address.", ["status": String(status)])
        case let .server(status):
            return tr("The server had a problem (HTTP {status}). Try again later.", ["status": String(status)])
        case let .rateLimited(until: date?):
            return tr(
                "The service's request limit is reached until {time}. Try again then.",
                ["time": date.formatted(Date.FormatStyle(date: .omitted, time: .shortened).locale(Translation.locale()))]
            )
        case .rateLimited(until: nil):
            return tr("The service's request limit is reached. Try again later.")
        case let .tooLarge(limit):
            return tr("The server sent more than {size} MiB, so loading was stopped.", ["size": String(limit / (1024 * 1024))])
        case .pageNamesNoFeed:
            return tr("This page names no feed. Look on the site for a link to its feed, and open that address.")
        case .pageNamesFeeds:
            return tr("This page is not a feed, but names feeds to choose from.")
        }
    }

    /// The status table of the feed API: only 2xx carries a body to decode.
    public static func check(_ response: HTTPResponse) -> RemoteLoadError? {
        switch response.statusCode {
        case 200..<300: return nil
        case 500..<600: return .server(statusCode: response.statusCode)
        default: return .client(statusCode: response.statusCode)
        }
    }

    init(_ error: HTTPClientError) {
        switch error {
        case let .bodyTooLarge(limit): self = .tooLarge(limitBytes: limit)
        case .transport: self = .connectivity
        }
    }
}
