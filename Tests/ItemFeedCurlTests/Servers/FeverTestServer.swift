import Foundation
import XCTest

/// coldsweat, a Fever API server from PyPI, as `scripts/fever-test-server.sh`
/// runs it (`make test` starts it and names its folder in `ITEMFEED_FEVER`),
/// its feeds on a loopback host beside it. Each test gets a user of its own,
/// so the suites (plain, ASan, TSan) can share one server.
final class FeverTestServer {
    /// The Fever API's address.
    let address: URL
    /// coldsweat's users are e-mail addresses.
    let userName: String
    let password: String
    private let key: String
    private let server: ServerFolder
    private let feedHost: URL

    init(file: StaticString = #filePath, line: UInt = #line) throws {
        server = try ServerFolder(variable: "ITEMFEED_FEVER", server: "coldsweat", script: "scripts/fever-test-server.sh", file: file, line: line)
        address = try server.address("url")
        feedHost = try server.address("feeds-url")
        let tag = UUID().uuidString.prefix(8).lowercased()
        userName = "itemfeed-\(tag)@example.org"
        password = "password-\(UUID().uuidString)"
        key = try ServerFolder.run("/usr/bin/env", ["python3", "-c", "import hashlib, sys; print(hashlib.md5(sys.argv[1].encode()).hexdigest())", "\(userName):\(password)"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try server.run("add-user", [userName, password])
    }

    /// A feed on the test host (RSS 2.0 with an `<image>` of a size, so
    /// coldsweat asks no favicon service on the internet), its address.
    @discardableResult
    func writeFeed(_ name: String, title: String, items: [(guid: String, title: String, date: Date)]) throws -> URL {
        let site = feedHost.appendingPathComponent(name).absoluteString
        let image = "<image><url>\(site)/icon.png</url><title>\(title)</title><link>\(site)</link><width>16</width><height>16</height></image>"
        try server.writeFeed(name, title: title, site: site, channelExtra: image, items: items)
        return feedHost.appendingPathComponent("\(name).xml")
    }

    /// Subscribes this user to `feeds` (each in its group, if any) by
    /// coldsweat's OPML import, which fetches them: its Fever API cannot.
    func subscribe(_ feeds: [(address: URL, title: String, group: String?)]) throws {
        let outlines = feeds.map { feed in
            let outline = "<outline type=\"rss\" text=\"\(feed.title)\" xmlUrl=\"\(feed.address.absoluteString)\"/>"
            return feed.group.map { "<outline text=\"\($0)\">\(outline)</outline>" } ?? outline
        }.joined()
        let opml = server.url.appendingPathComponent("\(userName).opml")
        try Data("<?xml version=\"1.0\"?><opml version=\"2.0\"><head><title>t</title></head><body>\(outlines)</body></opml>".utf8).write(to: opml)
        try server.run("import", [opml.path, userName])
    }

    /// coldsweat fetches every feed again.
    func fetch() throws {
        try server.run("fetch")
    }

    /// A call of the Fever API as this user: `query` after `?api`, `fields`
    /// in the body beside the key.
    @discardableResult
    func api(_ query: String, _ fields: [(String, String)] = []) throws -> [String: Any] {
        let body = ([("api_key", key)] + fields).map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.1)" }
            .joined(separator: "&")
        let data = try LoopbackRequest.post(address.absoluteString + "?api" + query, body: Data(body.utf8))
        let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], String(decoding: data, as: UTF8.self))
        guard answer["auth"] as? Int == 1 else { throw ServerFolder.Failed(output: String(decoding: data, as: UTF8.self)) }
        return answer
    }

    /// This user's items on the server, by title: id, read, saved.
    func items() throws -> [String: (id: Int, isRead: Bool, isSaved: Bool)] {
        let items = try XCTUnwrap(api("&items&since_id=0")["items"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: items.compactMap { item in
            guard let title = item["title"] as? String, let id = item["id"] as? Int else { return nil }
            return (title, (id, item["is_read"] as? Int == 1, item["is_saved"] as? Int == 1))
        })
    }
}
