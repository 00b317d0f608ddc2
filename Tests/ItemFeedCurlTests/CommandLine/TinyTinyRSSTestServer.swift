import Foundation
import XCTest

/// Debian's tt-rss as `scripts/ttrss-test-server.sh` runs it (`make test`
/// starts it and names its folder in `ITEMFEED_TTRSS`): a real server, its
/// feeds on a test host it accepts. Each test gets a user of its own, so the
/// suites (plain, ASan, TSan) can share one server.
final class TinyTinyRSSTestServer {
    /// Tiny Tiny RSS's own address (the API is `api/` below it).
    let address: URL
    let userName: String
    let password: String
    private let folder: URL
    private let feedHost: URL

    init(file: StaticString = #filePath, line: UInt = #line) throws {
        guard let path = ProcessInfo.processInfo.environment["ITEMFEED_TTRSS"], !path.isEmpty else {
            let reason = "ITEMFEED_TTRSS names no running tt-rss (`make test` starts one with scripts/ttrss-test-server.sh)"
            if ProcessInfo.processInfo.environment["ITEMFEED_REQUIRE_SERVERS"] == "1" {
                XCTFail(reason, file: file, line: line)
                throw Failed(output: reason)
            }
            throw XCTSkip(reason)
        }
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        self.folder = folder
        func read(_ name: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        address = try XCTUnwrap(URL(string: read("url") + "/"))
        feedHost = try XCTUnwrap(URL(string: read("feeds-url")))
        userName = "itemfeed-\(UUID().uuidString.prefix(8).lowercased())"
        password = "password-\(UUID().uuidString)"
        try Self.run(folder.appendingPathComponent("add-user").path, [userName, password])
    }

    /// A feed on the test host (RSS 2.0, newest item first), its address.
    @discardableResult
    func writeFeed(_ name: String, title: String, items: [(guid: String, title: String, date: Date)]) throws -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let entries = items.map { item in
            "<item><title>\(item.title)</title><link>https://example.org/\(item.guid)</link><guid isPermaLink=\"false\">\(item.guid)</guid>"
                + "<description>&lt;p&gt;\(item.title), the article.&lt;/p&gt;</description><pubDate>\(formatter.string(from: item.date))</pubDate></item>"
        }.joined()
        let file = folder.appendingPathComponent("feeds/\(name).xml")
        try Data("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title><link>https://example.org/</link>\(entries)</channel></rss>".utf8)
            .write(to: file)
        // tt-rss asks with If-Modified-Since, answered to the second: a feed
        // written again within a second would look unchanged.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return feedHost.appendingPathComponent("\(name).xml")
    }

    /// A call of tt-rss's API as this user (a session of the test's own).
    @discardableResult
    func api(_ operation: String, _ parameters: [String: Any] = [:]) throws -> Any {
        let login = try call(["op": "login", "user": userName, "password": password])
        let session = try XCTUnwrap((login as? [String: Any])?["session_id"] as? String)
        var body = parameters
        body["op"] = operation
        body["sid"] = session
        return try call(body)
    }

    /// Subscribes this user to `feed` in tt-rss and has tt-rss fetch it (its
    /// API subscribes without fetching); the feed's id.
    @discardableResult
    func subscribe(_ feed: URL, category: Int? = nil) throws -> Int {
        var parameters: [String: Any] = ["feed_url": feed.absoluteString]
        if let category { parameters["category_id"] = category }
        let answer = try XCTUnwrap((try api("subscribeToFeed", parameters) as? [String: Any])?["status"] as? [String: Any])
        let id = try XCTUnwrap(answer["feed_id"] as? Int, "\(answer)")
        try api("updateFeed", ["feed_id": id])
        return id
    }

    /// A category of this user's (tt-rss's API cannot make one).
    func addCategory(_ title: String) throws -> Int {
        let output = try Self.run(folder.appendingPathComponent("psql").path, ["-t", "-A", "-c", """
            insert into ttrss_feed_categories (owner_uid, title)
            select id, '\(title)' from ttrss_users where login = '\(userName)' returning id
            """])
        return try XCTUnwrap(Int(output.split(separator: "\n").first ?? ""), output)
    }

    /// SQL on tt-rss's database, for what no API call does (its sessions).
    func sql(_ statement: String) throws {
        try Self.run(folder.appendingPathComponent("psql").path, ["-c", statement])
    }

    /// The headlines of a feed (-4 all, -1 starred) as this user sees them.
    func headlines(_ feed: Int = -4, viewMode: String = "all_articles") throws -> [[String: Any]] {
        try XCTUnwrap(api("getHeadlines", ["feed_id": feed, "view_mode": viewMode, "limit": 200]) as? [[String: Any]])
    }

    private func call(_ body: [String: Any]) throws -> Any {
        let data = try LoopbackRequest.post(address.appendingPathComponent("api/").absoluteString, body: JSONSerialization.data(withJSONObject: body))
        let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], String(decoding: data, as: UTF8.self))
        guard answer["status"] as? Int == 0 else { throw Failed(output: String(decoding: data, as: UTF8.self)) }
        return answer["content"] ?? [:]
    }

    @discardableResult
    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(output: "\(executable) exited \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }

    struct Failed: Error {
        let output: String
    }
}
