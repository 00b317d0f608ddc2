import Foundation
import XCTest

/// The state folder of a real server a script of `make test`'s started
/// (`scripts/ttrss-test-server.sh`, `scripts/fever-test-server.sh`), named
/// in an environment variable: its files (`url`, `feeds-url`) and its
/// commands (`add-user`…). Without it the test skips, or fails under
/// `ITEMFEED_REQUIRE_SERVERS=1`.
struct ServerFolder {
    let url: URL

    init(variable: String, server: String, script: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else {
            let reason = "\(variable) names no running \(server) (`make test` starts one with \(script))"
            if ProcessInfo.processInfo.environment["ITEMFEED_REQUIRE_SERVERS"] == "1" {
                XCTFail(reason, file: file, line: line)
                throw Failed(output: reason)
            }
            throw XCTSkip(reason)
        }
        url = URL(fileURLWithPath: path, isDirectory: true)
    }

    /// A file's first line, as an address.
    func address(_ name: String) throws -> URL {
        let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return try XCTUnwrap(URL(string: text), "\(name): \(text)")
    }

    /// An RSS 2.0 feed written where the server's feed host serves it
    /// (`feeds/NAME.xml`), newest item first, its file dated now (servers
    /// ask with If-Modified-Since, answered to the second).
    func writeFeed(_ name: String, title: String, site: String, channelExtra: String = "", items: [(guid: String, title: String, date: Date)]) throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let entries = items.map { item in
            "<item><title>\(item.title)</title><link>\(site)/\(item.guid)</link><guid isPermaLink=\"false\">\(item.guid)</guid>"
                + "<description>&lt;p&gt;\(item.title), the article.&lt;/p&gt;</description><pubDate>\(formatter.string(from: item.date))</pubDate></item>"
        }.joined()
        let file = url.appendingPathComponent("feeds/\(name).xml")
        try Data("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title><link>\(site)</link>\(channelExtra)\(entries)</channel></rss>".utf8)
            .write(to: file)
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
    }

    /// One of the folder's commands; its output.
    @discardableResult
    func run(_ command: String, _ arguments: [String] = []) throws -> String {
        try Self.run(url.appendingPathComponent(command).path, arguments)
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
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
