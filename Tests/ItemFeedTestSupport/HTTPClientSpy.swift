import Foundation
import ItemFeed

/// An `HTTPClient` that records requests and lets the test answer request
/// *i* with a status and body of its choosing.
public final class HTTPClientSpy: HTTPClient {
    private var requests: [(url: URL, completion: (Result<HTTPResponse, HTTPClientError>) -> Void)] = []
    public private(set) var cancelledURLs: [URL] = []

    public init() {}

    public var requestedURLs: [URL] { requests.map(\.url) }

    public func get(
        from url: URL,
        completion: @escaping (Result<HTTPResponse, HTTPClientError>) -> Void
    ) -> HTTPClientTask {
        requests.append((url, completion))
        return CancelRecorder { [weak self] in self?.cancelledURLs.append(url) }
    }

    public func complete(with error: HTTPClientError, at index: Int = 0) {
        requests[index].completion(.failure(error))
    }

    public func complete(withStatusCode code: Int, data: Data, at index: Int = 0) {
        requests[index].completion(.success(HTTPResponse(statusCode: code, body: data)))
    }
}
