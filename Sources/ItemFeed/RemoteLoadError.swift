import Foundation

/// Why a feed or an image could not be loaded from a server, in words a
/// user can act on.
public enum RemoteLoadError: Error, Equatable, LocalizedError {
    /// No response: offline, server down, timed out, connection reset.
    case connectivity
    /// A response that is not what was asked for: not a feed, not an image.
    case invalidData
    /// The server answered, but not with the resource: a 4xx, or a 1xx/3xx
    /// that was not resolved into a final answer.
    case client(statusCode: Int)
    /// The server failed (5xx).
    case server(statusCode: Int)
    /// The response was larger than anything a feed or thumbnail should be.
    case tooLarge(limitBytes: Int)

    public var errorDescription: String? {
        switch self {
        case .connectivity:
            return "Couldn't reach the server. Check your connection and try again."
        case .invalidData:
            return "The server sent something that is not a feed."
        case let .client(status):
            return "The feed could not be loaded (HTTP \(status)). Check the feed address."
        case let .server(status):
            return "The server had a problem (HTTP \(status)). Try again later."
        case let .tooLarge(limit):
            return "The server sent more than \(limit / (1024 * 1024)) MiB, so loading was stopped."
        }
    }

    /// The status table of the feed API: only 2xx carries a body to decode.
    static func check(_ response: HTTPResponse) -> RemoteLoadError? {
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
