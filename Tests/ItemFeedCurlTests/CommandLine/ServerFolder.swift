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
