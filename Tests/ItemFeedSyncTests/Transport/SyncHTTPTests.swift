import Foundation
import ItemFeed
import ItemFeedSync
import XCTest

final class SyncHTTPTests: XCTestCase {
    private let server = URL(string: "http://127.0.0.1:8080/api/")!

    func test_requestsSentTogether_areAllInFlightAtOnce_andAnsweredInTheirOrder() throws {
        let client = HoldingClient(holdUntil: 2)
        let http = SyncHTTP(client: client, server: server, answerTimeout: 5)

        let answers = try http.sendTogether([request("a"), request("b")])

        XCTAssertEqual(answers.map { String(decoding: $0.body, as: UTF8.self) }, ["a", "b"], "answered b first, given back in the order asked")
        XCTAssertEqual(client.mostInFlight, 2)
        XCTAssertEqual(http.requests, 2)
    }

    func test_oneRequestOfSeveralFailing_failsThemAll_andCancelsTheOthers() throws {
        let client = HoldingClient(holdUntil: 2, failing: "b")
        let http = SyncHTTP(client: client, server: server, answerTimeout: 5)

        XCTAssertThrowsError(try http.sendTogether([request("a"), request("b"), request("c")])) { error in
            XCTAssertEqual(error as? SyncError, .unreachable(reason: "HTTP 503"))
        }
    }

    func test_aServerThatNeverAnswers_isUnreachable_afterTheTimeout_andItsRequestsCancelled() throws {
        let client = HoldingClient(holdUntil: 3)
        let http = SyncHTTP(client: client, server: server, answerTimeout: 0.2)

        XCTAssertThrowsError(try http.sendTogether([request("a"), request("b")])) { error in
            guard case .unreachable = error as? SyncError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(client.cancelled, 2)
    }

    /// Stop in the header: a request waiting on a slow server ends at
    /// once, cancelled, not after the answer's timeout (issue 54).
    func test_stopped_endsTheWaitForASlowServer_atOnce_andCancelsItsRequests() throws {
        let client = HoldingClient(holdUntil: 3)
        let stop = SyncStop()
        let http = SyncHTTP(client: client, server: server, answerTimeout: 300, stop: stop)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { stop.stop() }
        let started = Date()

        XCTAssertThrowsError(try http.sendTogether([request("a"), request("b")])) { error in
            XCTAssertEqual(error as? SyncError, .cancelled)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        XCTAssertEqual(client.cancelled, 2)
    }

    func test_stoppedBeforeARequest_sendsNothing() throws {
        let client = HoldingClient(holdUntil: 1)
        let stop = SyncStop()
        stop.stop()

        XCTAssertThrowsError(try SyncHTTP(client: client, server: server, stop: stop).send(request("a"))) { error in
            XCTAssertEqual(error as? SyncError, .cancelled)
        }
        XCTAssertEqual(client.mostInFlight, 0)
    }

    func test_aRequestForAnotherHost_isNotSent() throws {
        let client = HoldingClient(holdUntil: 1)
        let http = SyncHTTP(client: client, server: server, answerTimeout: 5)

        XCTAssertThrowsError(try http.sendTogether([request("a"), HTTPRequest(url: URL(string: "http://elsewhere.example/")!)]))
        XCTAssertEqual(client.mostInFlight, 0)
    }

    private func request(_ name: String) -> HTTPRequest {
        HTTPRequest(url: server.appendingPathComponent(name))
    }
}

/// Answers nothing until `holdUntil` requests are in flight, then all of
/// them, the last asked first, on another thread as libcurl's client does.
private final class HoldingClient: HTTPClient, @unchecked Sendable {
    // Safe: every field is read and written under `lock`.
    private let lock = NSLock()
    private let holdUntil: Int
    private let failing: String?
    private var held: [(HTTPRequest, (Result<HTTPResponse, HTTPClientError>) -> Void)] = []
    private var _mostInFlight = 0
    private var _cancelled = 0

    init(holdUntil: Int, failing: String? = nil) {
        self.holdUntil = holdUntil
        self.failing = failing
    }

    var mostInFlight: Int { lock.withLock { _mostInFlight } }
    var cancelled: Int { lock.withLock { _cancelled } }

    func send(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPClientError>) -> Void) -> HTTPClientTask {
        let ready: [(HTTPRequest, (Result<HTTPResponse, HTTPClientError>) -> Void)] = lock.withLock {
            held.append((request, completion))
            _mostInFlight = max(_mostInFlight, held.count)
            guard held.count >= holdUntil else { return [] }
            defer { held = [] }
            return held.reversed()
        }
        let failing = failing, answering = Answering(ready)
        Thread.detachNewThread {
            for (request, completion) in answering.held {
                let name = request.url.lastPathComponent
                completion(.success(HTTPResponse(statusCode: name == failing ? 503 : 200, body: Data(name.utf8))))
            }
        }
        return Task(client: self)
    }

    /// Held completions handed to the answering thread, as libcurl's worker has them.
    private struct Answering: @unchecked Sendable {
        // Safe: handed over once, used only by the answering thread.
        let held: [(HTTPRequest, (Result<HTTPResponse, HTTPClientError>) -> Void)]
        init(_ held: [(HTTPRequest, (Result<HTTPResponse, HTTPClientError>) -> Void)]) { self.held = held }
    }

    private struct Task: HTTPClientTask {
        let client: HoldingClient
        func cancel() { client.lock.withLock { client._cancelled += 1 } }
    }
}
