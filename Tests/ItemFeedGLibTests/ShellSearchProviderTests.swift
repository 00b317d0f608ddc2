import CGLib
import Foundation
@testable import ItemFeedGLib
import ItemFeedTestSupport
import XCTest

/// The search provider as GNOME Shell calls it: over the session bus the
/// tests start, with `gdbus call`, a process of its own.
final class ShellSearchProviderTests: XCTestCase {
    @MainActor func test_theShellsCalls_areAnsweredByTheHandlers() async throws {
        _ = try XCTUnwrap(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], "the tests run on a session bus of their own")
        var error: UnsafeMutablePointer<GError>?
        let connection = try XCTUnwrap(g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error))
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        let name = String(cString: g_dbus_connection_get_unique_name(connection))
        var asked: [String] = []
        let provider = ShellSearchProvider(ShellSearchProvider.Handlers(
            search: { terms in asked.append(terms.joined(separator: "+")); return terms.first == "tide" ? ["7", "3"] : [] },
            metas: { ids in ids.map { ShellSearchProvider.Meta(id: $0, name: "Item \($0)", description: "Harbour · today") } },
            activate: { id, terms in asked.append("open \(id) \(terms)") },
            launch: { terms in asked.append("launch \(terms)") }
        ))
        let path = "/io/github/itemfeed/ItemFeed/SearchProvider"
        try provider.export(on: UnsafeMutableRawPointer(connection), at: path)
        defer { provider.unexport() }
        let call = { (method: String, arguments: [String]) in
            try Self.gdbus(["call", "--session", "--dest", name, "--object-path", path, "--method", "org.gnome.Shell.SearchProvider2.\(method)"] + arguments)
        }

        XCTAssertEqual(try call("GetInitialResultSet", ["['tide', 'chart']"]), "(['7', '3'],)")
        XCTAssertEqual(try call("GetSubsearchResultSet", ["['7', '3']", "['storm']"]), "(@as [],)")
        XCTAssertEqual(try call("GetResultMetas", ["['7']"]), "([{'id': <'7'>, 'name': <'Item 7'>, 'description': <'Harbour · today'>}],)")
        XCTAssertEqual(try call("ActivateResult", ["7", "['tide']", "0"]), "()")
        XCTAssertEqual(try call("LaunchSearch", ["['tide']", "0"]), "()")
        XCTAssertEqual(asked, ["tide+chart", "storm", "open 7 [\"tide\"]", "launch [\"tide\"]"])
    }

    /// `gdbus` waits for the answer while this process's loop makes it.
    @MainActor private static func gdbus(_ arguments: [String]) throws -> String {
        try GDBusCall.run(arguments) { _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.01) }
    }
}
