import Foundation
import ItemFeed

/// An `HTTPClient` that records requests and lets the test answer request
/// *i* with a status, headers and body of its choosing: the "fake session"
/// of the QiitaViewer article.
public final class HTTPClientSpy: HTTPClient {
    private var requests: [(request: HTTPRequest, completion: (Result<HTTPResponse, HTTPClientError>) -> Void)] = []
    public private(set) var cancelledURLs: [URL] = []

    public init() {}

    public var sentRequests: [HTTPRequest] { requests.map(\.request) }
    public var requestedURLs: [URL] { requests.map(\.request.url) }
    public var requestHeaders: [[String: String]] { requests.map(\.request.headers) }

    public func send(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPClientError>) -> Void) -> HTTPClientTask {
        requests.append((request, completion))
        return CancelRecorder { [weak self] in self?.cancelledURLs.append(request.url) }
    }

    public func complete(with error: HTTPClientError, at index: Int = 0) {
        requests[index].completion(.failure(error))
    }

    public func complete(withStatusCode code: Int, headers: [String: String] = [:], data: Data, at index: Int = 0) {
        requests[index].completion(.success(HTTPResponse(statusCode: code, headers: headers, body: data)))
    }
}
