import Foundation
import ItemFeed

/// A feed server's requests, answered on the sync's own thread: the
/// requests are sent through the client and the thread waits for their
/// answers. Never called on the thread the client answers on (the UI
/// thread for the app's client): a round runs on a worker queue.
public final class SyncHTTP: @unchecked Sendable {
    // Safe: used by one round at a time, on its queue; the answer crosses
    // threads through `Answer`, whose lock guards it.
    private let client: HTTPClient
    /// The server's host: credentials are never sent anywhere else.
    public let host: String?
    /// Requests sent (for the benchmark's count and the tests).
    public private(set) var requests = 0

    /// How long an answer may take before the server counts as unreachable.
    private let answerTimeout: TimeInterval
    private let stop: SyncStop

    /// `stop`: once stopped, nothing more is sent and the answers waited
    /// for are given up (`SyncError.cancelled`) within a tenth of a second.
    public init(client: HTTPClient, server: URL, answerTimeout: TimeInterval = 300, stop: SyncStop = SyncStop()) {
        self.client = client
        host = server.host?.lowercased()
        self.answerTimeout = answerTimeout
        self.stop = stop
    }

    /// The answer, whatever its status; a connection that failed is
    /// `SyncError.unreachable`, a request for another host refused.
    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        try sendTogether([request])[0]
    }

    /// Several requests in flight at once, their answers in the order asked:
    /// for pages a server is slow to make, where the wait for two is nearly
    /// the wait for one. The first that fails fails them all.
    public func sendTogether(_ requests: [HTTPRequest]) throws -> [HTTPResponse] {
        for request in requests where request.url.host?.lowercased() != host {
            throw SyncError.refused(reason: tr("A request for {address} was not sent: it is not the account's server", ["address": request.url.absoluteString]))
        }
        if stop.isStopped { throw SyncError.cancelled }
        self.requests += requests.count
        let answers = requests.map { _ in Answer() }
        let tasks = zip(requests, answers).map { request, answer in client.send(request) { answer.set($0) } }
        let deadline = Date().addingTimeInterval(answerTimeout)
        do {
            return try answers.map { answer in
                guard let result = answer.wait(until: deadline, unless: stop) else {
                    if stop.isStopped { throw SyncError.cancelled }
                    throw SyncError.unreachable(reason: tr("the server did not answer"))
                }
                return try Self.response(result)
            }
        } catch {
            tasks.forEach { $0.cancel() }
            throw error
        }
    }

    private static func response(_ result: Result<HTTPResponse, HTTPClientError>) throws -> HTTPResponse {
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

        /// `nil` past the deadline, or once stopped: woken a tenth of a second
        /// apart to look.
        func wait(until deadline: Date, unless stop: SyncStop) -> Result<HTTPResponse, HTTPClientError>? {
            condition.lock()
            defer { condition.unlock() }
            while result == nil, !stop.isStopped, Date() < deadline {
                _ = condition.wait(until: min(deadline, Date().addingTimeInterval(0.1)))
            }
            return result
        }
    }
}
