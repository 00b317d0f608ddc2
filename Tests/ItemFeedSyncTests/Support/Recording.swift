import Foundation
import ItemFeed
import XCTest

/// One request and its answer as a real server gave them (`ITEMFEED_SYNC_RECORDINGS`,
/// `../shared/sync-recordings`: see its README), placeholders filled with
/// this suite's values.
struct Recording {
    let method: String
    /// Path and query, as sent.
    let target: String
    let requestHeaders: [String: String]
    let requestBody: String
    let response: HTTPResponse

    static let server = "http://sync.test"
    static let feeds = "http://feeds.test"
    static let token = "itemfeed/" + String(repeating: "a1", count: 20)
    static let session = "5c0e1a1b2c3d4e5f60718293a4"
    static let writeToken = String(repeating: "b2", count: 20) + String(repeating: "Z", count: 17)
    /// Fever's key for itemfeed / itemfeed-api: md5sum's of "itemfeed:itemfeed-api".
    static let feverKey = "f8f28f9cb4b20a409d848d3692f5153c"

    /// `NN-name.txt` in `folder` of the recordings; the test is skipped with
    /// a line saying why when they are not there.
    static func load(_ folder: String, _ number: String) throws -> Recording {
        guard let root = ProcessInfo.processInfo.environment["ITEMFEED_SYNC_RECORDINGS"], !root.isEmpty else {
            throw XCTSkip("ITEMFEED_SYNC_RECORDINGS is not set: the recorded answers are not read (make test sets it when ../shared/sync-recordings exists)")
        }
        let directory = URL(fileURLWithPath: root).appendingPathComponent(folder)
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasPrefix(number + "-") }, "no \(folder)/\(number)-*")
        return try parse(String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
    }

    static func parse(_ text: String) throws -> Recording {
        let filled = fill(text)
        let parts = filled.components(separatedBy: "\n--- response ---\n")
        XCTAssertEqual(parts.count, 2)
        let (requestHead, requestBody) = split(parts[0])
        let (responseHead, responseBody) = split(parts[1])
        let requestLine = requestHead[0].split(separator: " ")
        let status = Int(responseHead[0].split(separator: " ")[1]) ?? 0
        return Recording(
            method: String(requestLine[0]), target: String(requestLine[1]), requestHeaders: headers(requestHead.dropFirst()),
            requestBody: requestBody.trimmingCharacters(in: .newlines),
            response: HTTPResponse(statusCode: status, headers: headers(responseHead.dropFirst()), body: Data(responseBody.utf8))
        )
    }

    private static func fill(_ text: String) -> String {
        text.replacingOccurrences(of: "<SERVER_HOST>", with: "sync.test")
            .replacingOccurrences(of: "<SERVER>", with: server)
            .replacingOccurrences(of: "<FEEDS>", with: feeds)
            .replacingOccurrences(of: "<T_TOKEN>", with: writeToken)
            .replacingOccurrences(of: "<TOKEN>", with: token)
            .replacingOccurrences(of: "<SID>", with: session)
            .replacingOccurrences(of: "<API_KEY>", with: feverKey)
    }

    private static func split(_ part: String) -> ([String], String) {
        let pieces = part.components(separatedBy: "\n\n")
        return (pieces[0].components(separatedBy: "\n"), pieces.dropFirst().joined(separator: "\n\n"))
    }

    private static func headers<Lines: Sequence<String>>(_ lines: Lines) -> [String: String] {
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return headers
    }
}

/// A server that answers each request with the next recording, keeping
/// the requests it was sent to compare with the recorded ones.
final class RecordedServer: HTTPClient, @unchecked Sendable {
    // Safe: the tests call it from one thread.
    private var answers: [HTTPResponse]
    private(set) var requests: [HTTPRequest] = []
    /// Requests (by their place, from 0) answered only once all of them are
    /// in flight: a client that sent them one after another never hears back.
    private let together: Range<Int>
    private var held: [(Result<HTTPResponse, HTTPClientError>) -> Void] = []

    init(_ answers: [HTTPResponse], together: Range<Int> = 0..<0) {
        self.answers = answers
        self.together = together
    }

    convenience init(_ recordings: [Recording]) {
        self.init(recordings.map(\.response))
    }

    func send(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPClientError>) -> Void) -> HTTPClientTask {
        requests.append(request)
        guard together.contains(requests.count - 1) else {
            answer(completion)
            return NoTask()
        }
        held.append(completion)
        if requests.count == together.upperBound {
            held.forEach(answer)
            held = []
        }
        return NoTask()
    }

    private func answer(_ completion: (Result<HTTPResponse, HTTPClientError>) -> Void) {
        guard !answers.isEmpty else { return completion(.failure(.transport(description: "no more recorded answers"))) }
        completion(.success(answers.removeFirst()))
    }

    private struct NoTask: HTTPClientTask {
        func cancel() {}
    }
}

extension HTTPRequest {
    /// Path and query as a request line has them.
    var target: String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    /// The query's fields, decoded, in any order.
    var queryFields: Set<String> { Recording.fields(ofQueryIn: target) }

    var jsonBody: NSDictionary {
        body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? NSDictionary } ?? [:]
    }

    var bodyText: String { body.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// A form body's fields, decoded, in order.
    var formFields: [String] {
        bodyText.split(separator: "&").map { field in
            String(field).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(field)
        }
    }
}

extension Recording {
    /// A JSON body, parsed: its fields whatever their order.
    var jsonBody: NSDictionary {
        (try? JSONSerialization.jsonObject(with: Data(requestBody.utf8))) as? NSDictionary ?? [:]
    }

    var formFields: [String] {
        requestBody.split(separator: "&").map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
    }

    var queryFields: Set<String> { Self.fields(ofQueryIn: target) }

    static func fields(ofQueryIn target: String) -> Set<String> {
        Set((target.split(separator: "?", maxSplits: 1).dropFirst().first ?? "").split(separator: "&").map { String($0).removingPercentEncoding ?? String($0) })
    }
}
