import Foundation
import ItemFeed
import ItemFeedCurl
import ItemFeedTestSupport
import XCTest

/// The fault-injecting server in `Server/test_server.py`, run on 127.0.0.1
/// with a free port for the duration of a test class. It exits by itself
/// when this process goes away (its stdin closes).
final class LocalHTTPServer: @unchecked Sendable {
    let baseURL: URL
    private let process: Process
    private let input: Pipe

    init() throws {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .appendingPathComponent("Server/test_server.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()

        let line = output.fileHandleForReading.readLine()
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw ServerDidNotStart(output: line)
        }
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    func url(_ pathAndQuery: String) -> URL {
        URL(string: baseURL.absoluteString + pathAndQuery)!
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    struct ServerDidNotStart: Error {
        let output: String
    }
}

/// A test class whose tests share one `LocalHTTPServer`, started before its
/// first test and stopped after its last.
class LocalServerTestCase: XCTestCase {
    nonisolated(unsafe) private static var sharedServer: LocalHTTPServer!
    var server: LocalHTTPServer { Self.sharedServer }

    override class func setUp() {
        super.setUp()
        sharedServer = try! LocalHTTPServer()
    }

    override class func tearDown() {
        sharedServer.stop()
        super.tearDown()
    }

    /// What the server counted: connections accepted, and the paths whose
    /// client went away mid-response.
    struct ServerStats: Decodable {
        let connections: Int
        let aborted: [String]
        /// By `?tag=`: requests that reached the server.
        let requests: [String: Int]
        /// By `?tag=`: the most requests in progress at once.
        let peak: [String: Int]
    }

    /// The echo route answering with `body`, so each fixture lives in its test.
    func served(
        _ body: String, type: String, path: String = "/echo", status: Int = 200, headers: [String] = [], etag: String? = nil
    ) -> URL {
        served(bytes: Data(body.utf8), type: type, path: path, status: status, headers: headers, etag: etag)
    }

    /// The same with any bytes (a UTF-32 feed, say), sent base64-encoded.
    func served(
        bytes: Data, type: String, path: String = "/echo", status: Int = 200, headers: [String] = [], etag: String? = nil
    ) -> URL {
        var components = URLComponents(url: server.url(path), resolvingAgainstBaseURL: false)!
        var items = [URLQueryItem(name: "body64", value: bytes.base64EncodedString()), URLQueryItem(name: "type", value: type), URLQueryItem(name: "status", value: String(status))]
        items += headers.map { URLQueryItem(name: "header", value: $0) }
        if let etag { items.append(URLQueryItem(name: "etag", value: etag)) }
        components.queryItems = items
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url!
    }

    func serverStats() throws -> ServerStats {
        let session = CurlSession(userAgent: "ItemFeed-tests/1.0") { $0() }
        let client = CurlHTTPClient(session: session, limits: .feed)
        let received = LockedBox<Result<HTTPResponse, HTTPClientError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        _ = client.get(from: server.url("/stats")) { result in
            received.update { $0 = result }
            done.signal()
        }
        _ = done.wait(timeout: .now() + 10)
        let body = try XCTUnwrap(received.value).get().body
        return try JSONDecoder().decode(ServerStats.self, from: body)
    }

    func waitUntilServerSawAbort(of path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if try serverStats().aborted.contains(path) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("Expected the server to see the client close \(path)", file: file, line: line)
    }
}
