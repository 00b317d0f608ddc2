import Foundation
import ItemFeed

/// The app's `HTTPClient`: libcurl, through the session's pool its limits
/// name, so feed requests reuse feed connections and thumbnails theirs,
/// and neither waits for the other's (one more connection to a host that
/// serves both is the price).
///
/// Completions are handed to the session's `deliver` function, which the
/// app points at the GLib main context; cancel from that same context and
/// nothing is delivered afterwards.
public final class CurlHTTPClient: HTTPClient {
    private let session: CurlSession
    private let limits: CurlTransferLimits
    private let allowsLocalFiles: Bool
    private let bodyFileDirectory: URL?

    /// `allowsLocalFiles` lets a `file://` URL through for the bundled demo
    /// feed; redirects are never allowed to reach a local file. With a
    /// `bodyFileDirectory`, a body too big for the heap is kept in an unnamed
    /// file there and delivered mapped (`FeedBodyFile`).
    public init(session: CurlSession, limits: CurlTransferLimits, allowsLocalFiles: Bool = false, bodyFileDirectory: URL? = nil) {
        self.session = session
        self.limits = limits
        self.allowsLocalFiles = allowsLocalFiles
        self.bodyFileDirectory = bodyFileDirectory
    }

    public func send(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPClientError>) -> Void) -> HTTPClientTask {
        let transfer = CurlTransfer(
            request: request,
            limits: limits,
            allowsLocalFile: allowsLocalFiles && request.method == .get && request.url.isFileURL,
            bodyFileDirectory: bodyFileDirectory,
            completion: CurlTransfer.Completion(completion)
        )
        session.start(transfer)
        return transfer
    }
}
