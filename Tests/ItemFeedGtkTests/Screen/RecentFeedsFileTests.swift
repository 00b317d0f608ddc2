import Foundation
import ItemFeed
@testable import ItemFeedGtk
import XCTest

/// The recent feeds on a real folder: saved, read back, and a folder that
/// cannot be written or a garbage file never breaks the app. No display
/// needed: GLib's key files only.
final class RecentFeedsFileTests: XCTestCase {
    func test_save_thenLoad_returnsTheSameFeedsInOrder() {
        let sut = RecentFeedsFile(directory: makeTemporaryDirectory() + "/nested/item-feed")
        let recent = RecentFeeds(addresses: [URL(string: "https://a.example.com/feed?x=1&y=2")!, URL(fileURLWithPath: "/tmp/my feed.rss")])

        XCTAssertTrue(sut.save(recent))

        XCTAssertEqual(sut.load(), recent)
    }

    func test_load_withNothingSavedOrAGarbageFile_isEmpty() throws {
        let directory = makeTemporaryDirectory()
        let sut = RecentFeedsFile(directory: directory)
        XCTAssertEqual(sut.load(), RecentFeeds())

        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data([0xFF, 0x00, 0x5B, 0x0A]).write(to: URL(fileURLWithPath: sut.path))
        XCTAssertEqual(sut.load(), RecentFeeds())
    }

    func test_save_intoAFolderThatCannotBeWritten_failsQuietly() throws {
        let blocker = makeTemporaryDirectory()
        try Data().write(to: URL(fileURLWithPath: blocker))

        XCTAssertFalse(RecentFeedsFile(directory: blocker + "/item-feed").save(RecentFeeds(addresses: [URL(string: "https://a.example.com")!])))
    }

    private func makeTemporaryDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-recent-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}
