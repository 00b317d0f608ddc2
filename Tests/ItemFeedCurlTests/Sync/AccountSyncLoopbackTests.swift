import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedCurl
import ItemFeedGLib
import ItemFeedLibrary
import ItemFeedStore
import ItemFeedSync
import XCTest

/// Issue 54: Stop during a sync of a slow server ends it within a second,
/// nothing lost, and two accounts sync at once: the window's own account
/// work (libcurl, the library's file, a round on each account's queue)
/// against the Google Reader API on loopback.
final class AccountSyncLoopbackTests: XCTestCase {
    @MainActor func test_stop_duringASlowServersAnswer_endsTheSyncWithinASecond_andTheMarkWaitingIsSentNextTime() async throws {
        let server = try LoopbackSyncServer.googleReader(["--feeds", "1", "--items", "4", "--unread-every", "1", "--starred-every", "0"])
        defer { server.process.stop() }
        let (work, store) = try makeWork()
        let account = try XCTUnwrap(answer { work.add(.googleReader, address: server.address, userName: "itemfeed", secret: "itemfeed-api", completion: $0) }?.get())
        XCTAssertNoThrow(try XCTUnwrap(answer { work.sync([account], completion: $0) }).get())
        XCTAssertEqual(try store.count(.unread), 4)
        let read = try XCTUnwrap(store.items(.unread, in: 0..<1).first)
        try store.setRead(true, [read.key])
        try server.control(["action": "stall", "path": "/reader/api/0/edit-tag", "seconds": 30])

        let stop = SyncStop()
        var outcome: Result<[AccountWork.Outcome], Error>?
        work.sync(try store.accounts(), stop: stop) { outcome = $0 }
        XCTAssertTrue(MainContext.iterate(until: { ((try? server.stats().byPath["/reader/api/0/edit-tag"]) ?? 0) == 1 }, timeoutSeconds: 10), "the mark is being sent")
        let stopped = Date()
        stop.stop()

        XCTAssertTrue(MainContext.iterate(until: { outcome != nil }, timeoutSeconds: 5))
        XCTAssertLessThan(Date().timeIntervalSince(stopped), 1, "ended within a second, not after the server's 30")
        guard case let .failure(error)? = try XCTUnwrap(outcome).get().first?.result else { return XCTFail("the round ran to its end") }
        XCTAssertEqual(error as? SyncError, .cancelled)
        let kept = try XCTUnwrap(store.accounts().first)
        XCTAssertFalse({ if case .failed = kept.state { true } else { false } }(), "a stop is not a failure: \(kept.state)")
        XCTAssertEqual(try store.pendingChanges(of: account.id, limit: 10).count, 1, "the mark still waits")
        XCTAssertEqual(try store.count(.unread), 3)

        try server.control(["action": "stall", "path": "/reader/api/0/edit-tag", "seconds": 0])
        XCTAssertNoThrow(try XCTUnwrap(answer { work.sync([kept], completion: $0) }).get())
        XCTAssertEqual(try server.stats().unread, 3, "sent on the next sync")
        XCTAssertEqual(try store.pendingChanges(of: account.id, limit: 10).count, 0)
    }

    @MainActor func test_twoAccounts_syncAtOnce_aSlowServerHoldingOnlyItsOwn() async throws {
        let servers = try (0..<2).map { _ in try LoopbackSyncServer.googleReader(["--feeds", "1", "--items", "2"]) }
        defer { servers.forEach { $0.process.stop() } }
        let (work, store) = try makeWork()
        let accounts = try servers.map { server in
            try XCTUnwrap(answer { work.add(.googleReader, address: server.address, userName: "itemfeed", secret: "itemfeed-api", completion: $0) }?.get())
        }
        for server in servers { try server.control(["action": "stall", "path": "/reader/api/0/subscription/list", "seconds": 1.5]) }
        let started = Date()

        let outcomes = try XCTUnwrap(answer { work.sync(accounts, completion: $0) }).get()

        let took = Date().timeIntervalSince(started)
        XCTAssertEqual(outcomes.map(\.account.id), accounts.map(\.id), "answered in the order asked")
        XCTAssertEqual(try outcomes.map { try $0.result.get().newItems }, [2, 2])
        XCTAssertGreaterThanOrEqual(took, 1.5)
        XCTAssertLessThan(took, 2.9, "both servers waited on at once, not one after the other (3 s)")
        XCTAssertEqual(try store.count(.all), 4)
    }

    /// The accounts' work writes on connections of its own: it says what
    /// each write changed, before its answer, as the library's writer does,
    /// so the sidebar follows it with no reload by hand.
    @MainActor func test_eachAccountWrite_saysWhatItChanged_beforeItsAnswer() async throws {
        let server = try LoopbackSyncServer.googleReader(["--feeds", "2", "--items", "2"])
        defer { server.process.stop() }
        let (work, store) = try makeWork()
        var events: [String] = []
        work.changed { change in
            events.append(change.contains(.subscriptions) ? "feeds came or went" : change.contains(.feeds) ? "a feed changed" : "other")
        }

        let account = try XCTUnwrap(answer { done in work.add(.googleReader, address: server.address, userName: "itemfeed", secret: "itemfeed-api") { events.append("added"); done($0) } }?.get())
        _ = answer { done in work.sync([account]) { events.append("synced"); done($0) } }
        let feed = try XCTUnwrap(store.feeds(of: account.id).first)
        _ = answer { done in work.change(feed.id, of: account, .rename("Renamed")) { events.append("renamed"); done($0) } }
        _ = answer { done in work.remove(account) { events.append("removed"); done($0) } }

        XCTAssertEqual(events, [
            "feeds came or went", "added", "feeds came or went", "synced", "a feed changed", "renamed", "feeds came or went", "removed",
        ])
    }

    private func makeWork() throws -> (AccountWork, SQLiteLibraryStore) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-accounts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("library.sqlite")
        let store = try SQLiteLibraryStore(path: file.path)
        let session = CurlSession(userAgent: "ItemFeed tests", deliver: { $0() })
        let work = AccountWork(libraryFile: file, secrets: KeptSecrets()) { account, credentials, stop in
            try SyncServices.make(for: account, credentials: credentials, client: CurlHTTPClient(session: session, limits: .feed), stop: stop)
        }
        return (work, store)
    }

    /// The answer of work that answers on the main context, the loop spun for it.
    @MainActor private func answer<Value>(_ ask: (@escaping (Value) -> Void) -> Void) -> Value? {
        var value: Value?
        ask { value = $0 }
        _ = MainContext.iterate(until: { value != nil }, timeoutSeconds: 20)
        return value
    }
}

/// Secrets kept in memory: the keyring is not what this test is about.
private final class KeptSecrets: AccountSecrets, @unchecked Sendable {
    // Safe: `kept` is read and written under `lock`.
    private let lock = NSLock()
    private var kept: [String: String] = [:]

    private func key(_ kind: AccountSecretKind, _ account: SyncAccount) -> String { "\(account.id) \(kind.rawValue)" }
    func store(_ secret: String, _ kind: AccountSecretKind, for account: SyncAccount) throws { lock.withLock { kept[key(kind, account)] = secret } }
    func secret(_ kind: AccountSecretKind, for account: SyncAccount) throws -> String? { lock.withLock { kept[key(kind, account)] } }
    func remove(for account: SyncAccount) throws { lock.withLock { kept = kept.filter { !$0.key.hasPrefix("\(account.id) ") } } }
}
