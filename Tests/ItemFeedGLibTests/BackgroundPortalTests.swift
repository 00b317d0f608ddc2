import Foundation
import ItemFeedGLib
import ItemFeedTestSupport
import XCTest

/// Run in Background inside a Flatpak: the Background portal asked over
/// the tests' session bus, a fake of xdg-desktop-portal answering
/// (`Portal/fake_background_portal.py`) as the real one does.
final class BackgroundPortalTests: XCTestCase {
    @MainActor func test_allowed_withAutostart_askedWithTheReasonAndCommand() async throws {
        let (answer, asked) = try ask(portal: "allow", autostart: true)
        XCTAssertEqual(answer, .allowed(autostart: true))
        let options = try XCTUnwrap(asked?["options"] as? [String: Any])
        XCTAssertEqual(options["reason"] as? String, "To refresh feeds")
        XCTAssertEqual(options["autostart"] as? Bool, true)
        XCTAssertEqual(options["commandline"] as? [String], ["item-feed", "--background"])
        XCTAssertEqual(asked?["parent"] as? String, "")
    }

    @MainActor func test_allowedWithoutAutostart_saysSo() async throws {
        XCTAssertEqual(try ask(portal: "allow-no-autostart", autostart: true).0, .allowed(autostart: false))
    }

    @MainActor func test_refused_saysWhereToAllowIt() async throws {
        guard case let .refused(reason)? = try ask(portal: "refuse", autostart: true).0 else { return XCTFail("refused") }
        XCTAssertTrue(reason.contains("Settings"), reason)
    }

    @MainActor func test_aPortalThatFails_isARefusalWithItsReason() async throws {
        guard case let .refused(reason)? = try ask(portal: "fail", autostart: false).0 else { return XCTFail("refused") }
        XCTAssertTrue(reason.contains("no background for you"), reason)
    }

    @MainActor func test_noPortal_isARefusal() async throws {
        _ = try XCTUnwrap(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], "the tests run on a session bus of their own")
        let portal = try XCTUnwrap(BackgroundPortal())
        var answer: BackgroundAnswer?
        portal.request(reason: "To refresh feeds", autostart: true, commandLine: ["item-feed"]) { answer = $0 }
        XCTAssertTrue(MainContext.iterate(until: { answer != nil }, timeoutSeconds: 10))
        guard case .refused? = answer else { return XCTFail("\(String(describing: answer))") }
    }

    /// The fake portal started, one request made and answered; what the portal was asked.
    @MainActor private func ask(portal mode: String, autostart: Bool) throws -> (BackgroundAnswer?, [String: Any]?) {
        _ = try XCTUnwrap(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], "the tests run on a session bus of their own")
        let fake = Process()
        fake.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        fake.arguments = [URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Portal/fake_background_portal.py").path, mode]
        let output = Pipe()
        fake.standardOutput = output
        try fake.run()
        defer { fake.terminate(); fake.waitUntilExit() }
        XCTAssertEqual(output.fileHandleForReading.readLine(), "ready")

        let portal = try XCTUnwrap(BackgroundPortal())
        var answer: BackgroundAnswer?
        portal.request(reason: "To refresh feeds", autostart: autostart, commandLine: ["item-feed", "--background"]) { answer = $0 }
        XCTAssertTrue(MainContext.iterate(until: { answer != nil }, timeoutSeconds: 10), "answered")
        let asked = (try? JSONSerialization.jsonObject(with: Data(output.fileHandleForReading.readLine().utf8))) as? [String: Any]
        return (answer, asked)
    }
}
