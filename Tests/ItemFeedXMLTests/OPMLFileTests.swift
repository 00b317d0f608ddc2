import Foundation
import ItemFeedXML
import XCTest

/// A file opened from the file manager or the command line is imported
/// when it is OPML (shared-mime-info's rule: named `*.opml`, or `<opml` near
/// its start), and opened as a feed otherwise.
final class OPMLFileTests: XCTestCase {
    func test_aFileNamedOPML_orStartingAsOne_isOPML() {
        XCTAssertTrue(OPMLReader.isOPML(Data(), named: "Subscriptions.OPML"))
        XCTAssertTrue(OPMLReader.isOPML(Data("<?xml version=\"1.0\"?>\n<!-- exported -->\n<opml version=\"2.0\"><body/></opml>".utf8), named: "export.xml"))
        XCTAssertTrue(OPMLReader.isOPML(Data("\u{FEFF}<opml>".utf8), named: "feeds"))
    }

    func test_aFeed_orOPMLOnlyFarDown_isNot() {
        XCTAssertFalse(OPMLReader.isOPML(Data("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>&lt;opml </title></channel></rss>".utf8), named: "feed.xml"))
        XCTAssertFalse(OPMLReader.isOPML(Data((String(repeating: " ", count: 2_000) + "<opml>").utf8), named: "feed.xml"))
        XCTAssertFalse(OPMLReader.isOPML(Data("<opmlx>".utf8), named: "feed.opml.xml"))
    }
}
