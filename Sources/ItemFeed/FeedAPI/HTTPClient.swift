import Foundation

/// What came back from a server, whatever its status: the loaders, not the
/// client, decide what a status means.
public struct HTTPResponse: Equatable, Sendable {
    public let statusCode: Int
    /// Header names in lower case; the last value wins.
    public let headers: [String: String]
    public let body: Data
    /// Where the redirects on the way said the resource now lives for good:
    /// set only when every one was permanent (301, 308), so a library can
    /// keep the new address; a 302 or 307 on the way leaves it `nil`.
    public let permanentAddress: URL?

    public init(statusCode: Int, headers: [String: String] = [:], body: Data, permanentAddress: URL? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.permanentAddress = permanentAddress
    }
}

/// Why a request got no response at all.
public enum HTTPClientError: Error, Equatable, Sendable {
    /// The body grew past the limit the client was given; the transfer was
    /// stopped rather than let a server fill the memory.
    case bodyTooLarge(limitBytes: Int)
    /// Anything between us and the server: DNS, refused or reset
    /// connections, timeouts, TLS, redirects that were refused or looped.
    case transport(description: String)
}

/// A transfer that can be stopped. Once `cancel()` returns, the completion
/// is never called.
public protocol HTTPClientTask {
    func cancel()
}

/// Sends a request. The loaders and the sync services depend on this
/// protocol only, so they are tested with a spy and run with libcurl.
///
/// The completion is called exactly once unless cancelled, on the thread the
/// client documents (for the app's client: the GLib main context). A client
/// follows redirects but never carries the request's `Authorization` or
/// `Cookie` to another host.
public protocol HTTPClient {
    func send(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPClientError>) -> Void) -> HTTPClientTask
}

extension HTTPClient {
    /// `headers` are sent as given (validators for a conditional request).
    public func get(
        from url: URL,
        headers: [String: String],
        completion: @escaping (Result<HTTPResponse, HTTPClientError>) -> Void
    ) -> HTTPClientTask {
        send(HTTPRequest(url: url, headers: headers), completion: completion)
    }

    public func get(
        from url: URL,
        completion: @escaping (Result<HTTPResponse, HTTPClientError>) -> Void
    ) -> HTTPClientTask {
        get(from: url, headers: [:], completion: completion)
    }
}
