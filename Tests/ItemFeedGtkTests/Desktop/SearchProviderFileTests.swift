import Foundation
@testable import ItemFeedApp
import ItemFeedCommandLine
import XCTest

/// The file GNOME Shell reads to find the search provider names the bus
/// name, object and desktop file the application has.
final class SearchProviderFileTests: XCTestCase {
    @MainActor func test_theInstalledFile_namesWhatTheApplicationExports() async throws {
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../resources").standardized
        let text = try String(contentsOf: resources.appendingPathComponent("\(ItemFeedInfo.applicationID).search-provider.ini"), encoding: .utf8)
        let fields = Dictionary(text.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }, uniquingKeysWith: { first, _ in first })

        XCTAssertTrue(text.hasPrefix("[Shell Search Provider]\n"))
        XCTAssertEqual(fields["BusName"], ItemFeedInfo.applicationID)
        XCTAssertEqual(fields["ObjectPath"], ItemFeedApplication.searchProviderPath)
        XCTAssertEqual(fields["Version"], "2")
        let desktop = try XCTUnwrap(fields["DesktopId"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: resources.appendingPathComponent(desktop).path), desktop)
    }
}
