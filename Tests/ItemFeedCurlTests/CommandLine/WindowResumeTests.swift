import ItemFeedCommandLine
import ItemFeedLibrary
import XCTest

/// What the background's process tells the window it becomes: read back
/// as written, and anything else (a stale or forged argument) refused.
final class WindowResumeTests: XCTestCase {
    func test_eachResume_readsBackAsWritten() {
        for resume: WindowResume in [.window, .unread, .item(42), .search("tide tables: “low”"), .search("")] {
            XCTAssertEqual(WindowResume(argument: resume.argument), resume)
        }
    }

    func test_anythingElse_isRefused() {
        for argument in ["", "windows", "item:", "item:forty", "item:9999999999999999999999", "search"] {
            XCTAssertNil(WindowResume(argument: argument), argument)
        }
    }
}
