import Foundation
import ItemFeed

/// A feed server's requests, answered in order on the sync's own thread:
/// the request is sent through the client and the thread waits for its
/// answer. Never called on the thread the client answers on (the UI
/// thread for the app's client): a round runs on a worker queue.
public final class SyncHTTP: @unchecked Sendable {
    // Safe: used by one round at a time, on its queue; the answer crosses
    // threads through `Answer`, whose lock guards it.
    private let client: HTTPClient
    /// The server's host: credentials are never sent anywhere else.
    public let host: String?
    /// Requests sent (for the benchmark's count and the tests).
    public private(set) var requests = 0

    public init(client: HTTPClient, server: URL) {
        self.client = client
        host = server.host?.lowercased()
    }

    /// The answer, whatever its status; a connection that failed is
    /// `SyncError.unreachable`, a request for another host refused.
    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        guard request.url.host?.lowercased() == host else {
            throw SyncError.refused(reason: tr("A request for {address} was not sent: it is not the account's server", ["address": request.url.absoluteString]))
        }
        requests += 1
        let answer = Answer()
        let task = client.send(request) { answer.set($0) }
        guard let result = answer.wait(seconds: 300) else {
            task.cancel()
            throw SyncError.unreachable(reason: tr("the server did not answer"))
        }
        switch result {
        case let .success(response):
            if (500...599).contains(response.statusCode) || response.statusCode == 429 {
                throw SyncError.unreachable(reason: "HTTP \(response.statusCode)")
            }
            return response
        case let .failure(.transport(description)):
            throw SyncError.unreachable(reason: description)
        case let .failure(.bodyTooLarge(limit)):
            throw SyncError.malformed(reason: tr("the answer was larger than {mebibytes} MiB", ["mebibytes": String(limit / 1_048_576)]))
        }
    }

    private final class Answer: @unchecked Sendable {
        // Safe: `result` is written once under `condition` and read after it.
        private let condition = NSCondition()
        private var result: Result<HTTPResponse, HTTPClientError>?

        func set(_ result: Result<HTTPResponse, HTTPClientError>) {
            condition.lock()
            self.result = result
            condition.signal()
            condition.unlock()
        }

        func wait(seconds: TimeInterval) -> Result<HTTPResponse, HTTPClientError>? {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(seconds)
            while result == nil, condition.wait(until: deadline) {}
            return result
        }
    }
}
