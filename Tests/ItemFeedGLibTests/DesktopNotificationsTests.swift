import CGLib
import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedTestSupport
import XCTest

/// Notifications as the desktop's notification server sees them (a fake on
/// the tests' bus): one item's has Open and Mark as Read; each goes once
/// all its items are read, not before; one item's goes when it is opened
/// or marked from it.
final class DesktopNotificationsTests: XCTestCase {
    @MainActor func test_aNotificationOfSeveralItems_goesOnceTheyAreAllRead() async throws {
        let (notifications, server, stop) = try start()
        defer { stop() }
        notifications.sendItems(DesktopNotifications.newItems, title: "New Items", body: "2 new items from Tides", items: [1, 2])
        let sent = try XCTUnwrap(Self.next(server))
        XCTAssertEqual(sent["summary"] as? String, "New Items")
        XCTAssertEqual(sent["actions"] as? [String], ["default", ""], "opens Unread, no item's buttons")

        notifications.withdraw(noticesOf: 1)
        notifications.withdrawRead { keys in Set(keys).intersection([2]) }
        XCTAssertEqual(notifications.followed[DesktopNotifications.newItems], [1, 2], "one still unread: kept")
        notifications.withdrawRead { _ in [] }
        XCTAssertEqual(try XCTUnwrap(Self.next(server))["closed"] as? Int, sent["id"] as? Int, "all read: withdrawn")
        XCTAssertNil(notifications.followed[DesktopNotifications.newItems])
    }

    @MainActor func test_oneItemsNotification_hasItsButtons_andGoesWhenActedOn() async throws {
        let (notifications, server, stop) = try start()
        defer { stop() }
        notifications.sendItems(DesktopNotifications.ruleMatched, title: "Rule Matched", body: "“Harbour lights” matched", items: [7])
        let sent = try XCTUnwrap(Self.next(server))
        let labels = (sent["actions"] as? [String] ?? []).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        XCTAssertEqual(labels, ["", "Open", "Mark as Read"])
        notifications.withdraw(noticesOf: 8)
        XCTAssertNotNil(notifications.followed[DesktopNotifications.ruleMatched], "another item's action leaves it")
        notifications.withdraw(noticesOf: 7)
        XCTAssertEqual(try XCTUnwrap(Self.next(server))["closed"] as? Int, sent["id"] as? Int)
    }

    /// A registered application and the fake server; `stop` ends both.
    @MainActor private func start() throws -> (DesktopNotifications, FileHandle, () -> Void) {
        _ = try XCTUnwrap(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], "the tests run on a session bus of their own")
        let fake = Process()
        fake.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        fake.arguments = [
            URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../ItemFeedGtkTests/Desktop/Notifications/fake_notification_server.py").standardized.path,
        ]
        let output = Pipe(), input = Pipe()
        fake.standardOutput = output
        fake.standardInput = input
        try fake.run()
        XCTAssertEqual(output.fileHandleForReading.readLine(), "ready")
        let application = g_application_new("io.github.itemfeed.NotificationsTest\(getpid())", G_APPLICATION_NON_UNIQUE)!
        XCTAssertNotEqual(g_application_register(application, nil, nil), 0)
        return (DesktopNotifications(application: UnsafeMutableRawPointer(application)), output.fileHandleForReading, {
            g_object_unref(UnsafeMutableRawPointer(application))
            fake.terminate()
            fake.waitUntilExit()
        })
    }

    /// The server's next line, as JSON; the main context runs meanwhile so GLib's calls go out.
    @MainActor private static func next(_ server: FileHandle) -> [String: Any]? {
        let line = LockedBox<String?>(nil)
        DispatchQueue.global().async { [line] in
            let read = server.readLine()
            line.update { $0 = read }
        }
        _ = MainContext.iterate(until: { line.value != nil }, timeoutSeconds: 10)
        return line.value.flatMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }
}
