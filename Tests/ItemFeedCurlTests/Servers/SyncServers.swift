import Foundation
import XCTest

/// A process the tests start and stop: it prints `PORT n` (or an address)
/// on its first line and exits when its stdin closes.
final class TestProcess: @unchecked Sendable {
    let firstLine: String
    private let process: Process
    private let input = Pipe()

    init(_ arguments: [String], environment: [String: String]? = nil) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        firstLine = output.fileHandleForReading.readLine()
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }
}

/// A feed server of `Server/` on loopback: `greader_server.py` (the Google
/// Reader API) or `nextcloud_server.py` (Nextcloud News).
final class LoopbackSyncServer {
    let process: TestProcess
    /// The address an account is added with.
    let address: URL
    let port: Int
    /// As `--add-account` names it.
    let service: String

    /// FreshRSS's path, or the root in Miniflux's mode.
    static func googleReader(_ options: [String] = []) throws -> LoopbackSyncServer {
        try LoopbackSyncServer("greader_server.py", "greader", options, path: options.contains("--miniflux") ? "" : "/api/greader.php")
    }

    /// The Nextcloud's own address: the client finds the API under it.
    static func nextcloudNews(_ options: [String] = []) throws -> LoopbackSyncServer {
        try LoopbackSyncServer("nextcloud_server.py", "nextcloud", options, path: "")
    }

    private init(_ script: String, _ service: String, _ options: [String], path: String) throws {
        self.service = service
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Server/" + script)
        process = try TestProcess(["python3", script.path] + options)
        guard process.firstLine.hasPrefix("PORT "), let port = Int(process.firstLine.dropFirst(5)) else {
            throw Failed(output: process.firstLine)
        }
        self.port = port
        address = URL(string: "http://127.0.0.1:\(port)" + path)!
    }

    /// The account added to `binary` with the server's user and password; its id.
    func addAccount(to binary: ItemFeedBinary, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try binary.run(["--add-account", service, address.absoluteString, "--user", "itemfeed"], input: Data("itemfeed-api\n".utf8))
        XCTAssertEqual(run.status, 0, run.errors, file: file, line: line)
        return try XCTUnwrap(run.lines.first, file: file, line: line)
    }

    /// What the server counted and holds now.
    func stats() throws -> (requests: Int, byPath: [String: Int], unread: Int, starred: Int) {
        let object = try ask("/__stats", body: nil)
        return (object["requests"] as? Int ?? -1, object["byPath"] as? [String: Int] ?? [:], object["unread"] as? Int ?? -1, object["starred"] as? Int ?? -1)
    }

    /// Another reader's change on the server.
    @discardableResult
    func control(_ command: [String: Any]) throws -> [String: Any] {
        try ask("/__control", body: JSONSerialization.data(withJSONObject: command))
    }

    private func ask(_ path: String, body: Data?) throws -> [String: Any] {
        let data = try LoopbackRequest.post("http://127.0.0.1:\(port)\(path)", body: body)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any], String(decoding: data, as: UTF8.self))
    }

    struct Failed: Error {
        let output: String
    }
}

/// The test's own requests to a test server go through Python's urllib
/// (Foundation's networking is not part of the package), never through the
/// app's client.
enum LoopbackRequest {
    static func post(_ address: String, body: Data?) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import sys, urllib.request
            body = sys.stdin.buffer.read()
            sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1], data=body or None, timeout=30).read())
            """, address]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(body ?? Data())
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}

/// A D-Bus session bus of the test's own with GNOME Keyring's Secret
/// Service on it, its login keyring in a temporary folder: the app's real
/// libsecret calls, never the user's keyring.
final class PrivateKeyring {
    let busAddress: String
    private let bus: TestProcess
    private let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("item-feed-keyring-\(UUID().uuidString)")
        let runtime = home.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        bus = try TestProcess(["dbus-daemon", "--session", "--nofork", "--print-address=1"])
        busAddress = bus.firstLine
        guard busAddress.hasPrefix("unix:") else { throw LoopbackSyncServer.Failed(output: busAddress) }
        // The daemon forks away: started through Python, which closes every
        // other descriptor, it keeps none of this process's, and the exit
        // Foundation waits for is its starter's.
        let keyring = Process()
        keyring.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        keyring.arguments = ["python3", "-c", """
            import subprocess, sys
            sys.exit(subprocess.run(["gnome-keyring-daemon", "--unlock", "--components=secrets"], input=b"keyring-password",
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode)
            """]
        keyring.environment = environment
        keyring.standardInput = FileHandle.nullDevice
        keyring.standardOutput = FileHandle.nullDevice
        try keyring.run()
        keyring.waitUntilExit()
        guard keyring.terminationStatus == 0 else { throw LoopbackSyncServer.Failed(output: "gnome-keyring-daemon: \(keyring.terminationStatus)") }
    }

    /// What a process needs to find this keyring.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": busAddress, "HOME": home.path, "XDG_RUNTIME_DIR": home.appendingPathComponent("run").path,
         "XDG_DATA_HOME": home.appendingPathComponent("keyrings-data").path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    }

    func stop() {
        bus.stop()
        try? FileManager.default.removeItem(at: home)
    }
}

extension ItemFeedBinary {
    /// `item-feed` with a library and a keyring of the test's own, both
    /// removed after the test.
    static func withPrivateKeyring(in test: XCTestCase) throws -> ItemFeedBinary {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("item-feed-data-\(UUID().uuidString)", isDirectory: true)
        let keyring = try PrivateKeyring()
        var binary = ItemFeedBinary(dataHome: home)
        binary.environment = ["DBUS_SESSION_BUS_ADDRESS": keyring.busAddress]
        test.addTeardownBlock {
            keyring.stop()
            try? FileManager.default.removeItem(at: home)
        }
        return binary
    }
}
