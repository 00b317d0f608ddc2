import Foundation
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedGtk

/// The network for the acceptance tests: answers each address from what the
/// test put there, a connection failure for anything else or while it is
/// offline, and delivers on the GLib main context a moment later, as the
/// libcurl client does.
final class InMemoryFeedServer: HTTPClient {
    struct Request: Equatable {
        let url: URL
        let headers: [String: String]
    }

    typealias Answer = (Request) -> HTTPResponse

    private var answers: [URL: Answer] = [:]
    private(set) var requests: [Request] = []
    var isOffline = false

    func serve(_ url: URL, _ answer: @escaping Answer) {
        answers[url] = answer
    }

    func serve(_ url: URL, body: Data, headers: [String: String] = [:]) {
        serve(url) { _ in HTTPResponse(statusCode: 200, headers: headers, body: body) }
    }

    func send(_ sent: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPClientError>) -> Void) -> HTTPClientTask {
        let (url, request) = (sent.url, Request(url: sent.url, headers: sent.headers))
        requests.append(request)
        let result: Result<HTTPResponse, HTTPClientError> = isOffline
            ? .failure(.transport(description: "offline"))
            : answers[url].map { .success($0(request)) } ?? .failure(.transport(description: "no such host"))
        let task = Task()
        let delivery = UncheckedDelivery { [task] in
            guard !task.isCancelled else { return }
            completion(result)
        }
        MainContext.invoke { delivery.run() }
        return task
    }

    private final class Task: HTTPClientTask, @unchecked Sendable {
        private(set) var isCancelled = false
        func cancel() { isCancelled = true }
    }

    /// Runs on the main context, where the test and the completion live.
    private final class UncheckedDelivery: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}
