import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedXML
import XCTest

final class OPMLTests: XCTestCase {
    func test_read_takesFeedsWithTheirFoldersNestedOrNot() throws {
        let document = try OPMLReader.read(opml("""
            <head><title>My feeds</title></head>
            <body>
              <outline text="Tech" title="Tech">
                <outline type="rss" text="Planet GNOME" xmlUrl="https://planet.gnome.org/atom.xml" htmlUrl="https://planet.gnome.org/"/>
                <outline text="Swift">
                  <outline type="rss" title="Swift.org" xmlUrl="https://www.swift.org/atom.xml"/>
                </outline>
              </outline>
              <outline text="Empty"/>
              <outline type="rss" text="LWN" xmlUrl=" https://lwn.net/headlines/rss "/>
            </body>
            """))
        XCTAssertEqual(document.title, "My feeds")
        XCTAssertEqual(document.feeds, [
            OPMLDocument.Feed(address: URL(string: "https://planet.gnome.org/atom.xml")!, title: "Planet GNOME", siteLink: URL(string: "https://planet.gnome.org/"), folder: "Tech"),
            OPMLDocument.Feed(address: URL(string: "https://www.swift.org/atom.xml")!, title: "Swift.org", folder: "Tech / Swift"),
            OPMLDocument.Feed(address: URL(string: "https://lwn.net/headlines/rss")!, title: "LWN"),
        ])
        XCTAssertEqual(document.folders, ["Tech", "Tech / Swift", "Empty"])
        XCTAssertEqual(document.skipped, 0)
    }

    func test_read_mergesAnAddressGivenTwiceIntoTheFirst() throws {
        let document = try OPMLReader.read(opml("""
            <body>
              <outline text="A"><outline text="One" xmlUrl="https://one.example/feed"/></outline>
              <outline text="Again" xmlUrl="https://one.example/feed"/>
            </body>
            """))
        XCTAssertEqual(document.feeds, [OPMLDocument.Feed(address: URL(string: "https://one.example/feed")!, title: "One", folder: "A")])
    }

    func test_read_skipsAndCountsAddressesNoFeedCanHave() throws {
        let document = try OPMLReader.read(opml("""
            <body>
              <outline text="Local" xmlUrl="file:///etc/passwd"/>
              <outline text="Script" xmlUrl="javascript:alert(1)"/>
              <outline text="Nothing" xmlUrl=""/>
              <outline text="Fine" xmlUrl="http://fine.example/rss" htmlUrl="javascript:alert(1)"/>
            </body>
            """))
        XCTAssertEqual(document.feeds, [OPMLDocument.Feed(address: URL(string: "http://fine.example/rss")!, title: "Fine")])
        XCTAssertEqual(document.skipped, 3)
    }

    func test_read_cleansTitlesAndFallsBackToTheHost() throws {
        let document = try OPMLReader.read(opml("""
            <body><outline xmlUrl="https://untitled.example/feed"/><outline text="  Two&#10;lines&#9;here " xmlUrl="https://two.example/feed"/></body>
            """))
        XCTAssertEqual(document.feeds.map(\.title), ["untitled.example", "Two lines here"])
    }

    func test_read_refusesAMalformedFileWhole() {
        let broken = opml("""
            <body><outline text="One" xmlUrl="https://one.example/feed"/><outline text="Two" xmlUrl="https://two.example/feed"></body>
            """)
        XCTAssertThrowsError(try OPMLReader.read(broken)) { error in
            guard case let .malformed(reason)? = error as? OPMLError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("line"), reason)
            XCTAssertTrue(error.localizedDescription.contains("nothing was imported"), error.localizedDescription)
        }
    }

    func test_read_refusesWhatIsNotOPML() {
        XCTAssertThrowsError(try OPMLReader.read(Data("<rss><channel/></rss>".utf8))) { XCTAssertEqual($0 as? OPMLError, .notOPML) }
        XCTAssertThrowsError(try OPMLReader.read(Data("just text".utf8))) { XCTAssertNotNil($0 as? OPMLError) }
        XCTAssertThrowsError(try OPMLReader.read(Data())) { XCTAssertNotNil($0 as? OPMLError) }
    }

    func test_read_refusesEntityDeclarationsAndHugeFiles() {
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE opml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <opml version="2.0"><body><outline text="&b;" xmlUrl="https://x.example/"/></body></opml>
            """
        XCTAssertThrowsError(try OPMLReader.read(Data(laughs.utf8)))
        XCTAssertThrowsError(try OPMLReader.read(Data(count: OPMLReader.maxBytes + 1))) { XCTAssertEqual($0 as? OPMLError, .tooLarge) }
    }

    func test_read_takesUTF16AndHTMLEntities() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><opml version=\"1.0\"><body><outline text=\"Caf&eacute;&nbsp;news\" xmlUrl=\"https://cafe.example/rss\"/></body></opml>"
        var data = Data([0xFF, 0xFE])
        data.append(text.data(using: .utf16LittleEndian)!)
        XCTAssertEqual(try OPMLReader.read(data).feeds.map(\.title), ["Café news"])
    }

    func test_export_thenImport_isTheSameLibraryByteForByte() throws {
        let library = InMemoryLibraryStore()
        try library.add([
            Subscription(address: URL(string: "https://a.example/feed?x=1&y=2")!, title: "A & \"B\" <C>", siteLink: URL(string: "https://a.example/"), folder: "Tech & Science"),
            Subscription(address: URL(string: "https://b.example/rss")!, title: "日本語のフィード", folder: "Tech & Science"),
            Subscription(address: URL(string: "https://c.example/atom")!, title: "Top level"),
        ], folders: ["Empty folder"])
        let exported = OPMLWriter.write(try library.subscriptions(), folders: try library.folders())

        let document = try OPMLReader.read(exported)
        let again = InMemoryLibraryStore()
        try again.add(document.feeds.map { Subscription(address: $0.address, title: $0.title, siteLink: $0.siteLink, folder: $0.folder) }, folders: document.folders)
        XCTAssertEqual(try again.subscriptions(), try library.subscriptions())
        XCTAssertEqual(try again.folders(), try library.folders())
        XCTAssertEqual(String(decoding: OPMLWriter.write(try again.subscriptions(), folders: try again.folders()), as: UTF8.self), String(decoding: exported, as: UTF8.self))
    }

    private func opml(_ inner: String) -> Data {
        Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\(inner)</opml>".utf8)
    }
}
