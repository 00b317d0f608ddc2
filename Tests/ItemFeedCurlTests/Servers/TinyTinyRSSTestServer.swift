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
    private let server: ServerFolder
    private let feedHost: URL

    init(file: StaticString = #filePath, line: UInt = #line) throws {
        server = try ServerFolder(variable: "ITEMFEED_TTRSS", server: "tt-rss", script: "scripts/ttrss-test-server.sh", file: file, line: line)
        address = try server.address("url").appendingPathComponent("")
        feedHost = try server.address("feeds-url")
        userName = "itemfeed-\(UUID().uuidString.prefix(8).lowercased())"
        password = "password-\(UUID().uuidString)"
        try server.run("add-user", [userName, password])
    }

    /// A feed on the test host (RSS 2.0, newest item first), its address.
    @discardableResult
    func writeFeed(_ name: String, title: String, items: [(guid: String, title: String, date: Date)]) throws -> URL {
        try server.writeFeed(name, title: title, site: "https://example.org", items: items)
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
        let output = try server.run("psql", ["-t", "-A", "-c", """
            insert into ttrss_feed_categories (owner_uid, title)
            select id, '\(title)' from ttrss_users where login = '\(userName)' returning id
            """])
        return try XCTUnwrap(Int(output.split(separator: "\n").first ?? ""), output)
    }

    /// SQL on tt-rss's database, for what no API call does (its sessions).
    func sql(_ statement: String) throws {
        try server.run("psql", ["-c", statement])
    }

    /// The headlines of a feed (-4 all, -1 starred) as this user sees them.
    func headlines(_ feed: Int = -4, viewMode: String = "all_articles") throws -> [[String: Any]] {
        try XCTUnwrap(api("getHeadlines", ["feed_id": feed, "view_mode": viewMode, "limit": 200]) as? [[String: Any]])
    }

    private func call(_ body: [String: Any]) throws -> Any {
        let data = try LoopbackRequest.post(address.appendingPathComponent("api/").absoluteString, body: JSONSerialization.data(withJSONObject: body))
        let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], String(decoding: data, as: UTF8.self))
        guard answer["status"] as? Int == 0 else { throw ServerFolder.Failed(output: String(decoding: data, as: UTF8.self)) }
        return answer["content"] ?? [:]
    }
}
