import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedXML
import XCTest

/// SPEC 14: XML feeds as they are in the wild — entities nobody declared,
/// old dialects, every encoding — read as other readers read them.
final class WildXMLTests: XCTestCase {
    // MARK: Entities

    func test_undeclaredHTMLEntities_decodeInTextAndAttributes_everywhere() throws {
        let feed = try RSSFormat().map("""
        <rss><channel><title>Caf&eacute;&nbsp;News</title>
          <item><guid>1</guid><title>Na&iuml;ve &mdash; &ldquo;quoted&rdquo; &amp; 1 &lt; 2</title>
            <link>https://example.com/a?x=1&amp;y=&copy;</link>
            <enclosure type="image/png" url="https://example.com/&eacute;t&eacute;.png"/></item>
        </channel></rss>
        """)

        XCTAssertEqual(feed.title, "Café News")
        XCTAssertEqual(feed.items.first?.name, "Naïve — “quoted” & 1 < 2")
        XCTAssertEqual(feed.items.first?.imageURL?.absoluteString, "https://example.com/%C3%A9t%C3%A9.png")
        XCTAssertNil(feed.problem, "Expected a document read whole, not recovered")
    }

    func test_undeclaredEntitiesInTheChannelTitle_doNotStopTheFeedBeingRecognised() {
        XCTAssertTrue(RSSFormat().recognises("<rss><channel><title>A&nbsp;B</title></channel></rss>"))
        XCTAssertTrue(AtomFormat().recognises(#"<feed xmlns="http://www.w3.org/2005/Atom"><title>&eacute;t&eacute;</title></feed>"#))
    }

    func test_entitiesInsideCDATA_areLeftAsTheyAre() throws {
        let feed = try AtomFormat().map(#"<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title type="text"><![CDATA[AT&T &nbsp; stays]]></title></entry></feed>"#)

        XCTAssertEqual(feed.items.first?.name, "AT&T &nbsp; stays")
    }

    func test_unknownEntities_stillFailTheStream_andRecoveryKeepsTheItems() throws {
        let feed = try RSSFormat().map("<rss><channel><item><guid>1</guid><title>A &bogus; B</title></item></channel></rss>")

        XCTAssertEqual(feed.items.map(\.id), ["1"])
        XCTAssertTrue(feed.problem?.contains("bogus") == true, feed.problem ?? "no problem named")
    }

    func test_documentsDeclaringEntities_areStillRefused() {
        XCTAssertThrowsError(try RSSFormat().map("""
        <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY nbsp "&#160;">]>
        <rss><channel><item><guid>1</guid><title>A&nbsp;B</title></item></channel></rss>
        """))
    }

    // MARK: Dialects

    func test_rss090_andRSS10_itemsAreNamedByTheirRDFAbout() throws {
        let rss090 = try RSSFormat().map("""
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/">
          <channel><title>Old Netscape</title><link>https://old.example.com/</link></channel>
          <item><title>First</title><link>https://old.example.com/1</link></item>
        </rdf:RDF>
        """)
        let rss10 = try RSSFormat().map("""
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
          <channel rdf:about="https://one.example.com/"><title>One-oh</title></channel>
          <item rdf:about="https://one.example.com/about-1"><title>Titled</title></item>
        </rdf:RDF>
        """)

        XCTAssertEqual(rss090.title, "Old Netscape")
        XCTAssertEqual(rss090.items.map(\.name), ["First"])
        XCTAssertEqual(rss090.items.map(\.id), ["https://old.example.com/1"])
        XCTAssertEqual(rss10.items.map(\.id), ["https://one.example.com/about-1"])
    }

    func test_rss091_withItsNetscapeDoctype_readsWithoutLoadingTheDTD() throws {
        let feed = try RSSFormat().map("""
        <?xml version="1.0" encoding="ISO-8859-1"?>
        <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
        <rss version="0.91"><channel><title>Ninety&nbsp;one</title>
          <item><title>Entr&eacute;e</title><link>https://example.com/1</link><description>Plain.</description></item>
        </channel></rss>
        """)

        XCTAssertEqual(feed.title, "Ninety one")
        XCTAssertEqual(feed.items.map(\.name), ["Entrée"])
    }

    // MARK: Encodings

    func test_utf32And16Bodies_withOrWithoutAByteOrderMark_read() throws {
        let document = #"<?xml version="1.0" encoding="ENCODING"?><rss><channel><item><guid>1</guid><title>Café 東京</title></item></channel></rss>"#
        let bodies: [(String, String.Encoding, [UInt8])] = [
            ("UTF-32", .utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]),
            ("UTF-32", .utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00]),
            ("UTF-32", .utf32LittleEndian, []),
            ("UTF-16", .utf16BigEndian, [0xFE, 0xFF]),
            ("UTF-16", .utf16LittleEndian, []),
        ]
        for (name, encoding, bom) in bodies {
            let body = Data(bom) + document.replacingOccurrences(of: "ENCODING", with: name).data(using: encoding)!
            let response = HTTPResponse(statusCode: 200, body: body)
            let url = URL(string: "https://example.com/feed")!

            XCTAssertTrue(RSSFormat().recognises(response, from: url), "\(encoding) with \(bom.count)-byte BOM")
            XCTAssertEqual(try RSSFormat().map(response, from: url).items.map(\.name), ["Café 東京"], "\(encoding) with \(bom.count)-byte BOM")
        }
    }

    func test_theHTTPCharset_overridesTheDeclaration_butNotAByteOrderMark() throws {
        let latin1 = Data(#"<?xml version="1.0" encoding="UTF-8"?><rss><channel><item><guid>1</guid><title>Caf"#.utf8) + Data([0xE9])
            + Data("</title></item></channel></rss>".utf8)
        let utf8WithBOM = Data([0xEF, 0xBB, 0xBF]) + Data("<rss><channel><item><guid>1</guid><title>Café</title></item></channel></rss>".utf8)
        let url = URL(string: "https://example.com/feed")!

        let fromCharset = try RSSFormat().map(HTTPResponse(statusCode: 200, headers: ["content-type": "text/xml; charset=ISO-8859-1"], body: latin1), from: url)
        let fromBOM = try RSSFormat().map(HTTPResponse(statusCode: 200, headers: ["content-type": "text/xml; charset=ISO-8859-1"], body: utf8WithBOM), from: url)

        XCTAssertEqual(fromCharset.items.map(\.name), ["Café"])
        XCTAssertEqual(fromBOM.items.map(\.name), ["Café"])
    }

    func test_anUnknownCharset_leavesTheChoiceToTheDocument() throws {
        let feed = try RSSFormat().map(
            "<rss><channel><item><guid>1</guid><title>Café</title></item></channel></rss>",
            headers: ["content-type": "application/rss+xml; charset=\"no-such-charset\""]
        )

        XCTAssertEqual(feed.items.map(\.name), ["Café"])
    }

    func test_libxml2WritesNothingToTheTerminal_forBrokenEncodingsOrDocuments() throws {
        let output = try capturingStandardError {
            let url = URL(string: "https://example.com/feed")!
            let bodies = [
                Data(#"<?xml version="1.0" encoding="UTF-8"?><rss><channel><title>"#.utf8) + Data([0xFF, 0xFE, 0xE9]) + Data("</title></channel></rss>".utf8),
                Data(#"<?xml version="1.0" encoding="x-unknown"?><rss/>"#.utf8),
                Data("<rss><channel><item><title>open".utf8),
            ]
            for body in bodies { _ = try? RSSFormat().map(HTTPResponse(statusCode: 200, body: body), from: url) }
        }

        XCTAssertEqual(output, "", "Expected libxml2's messages to become ItemFeed's errors, not lines on stderr")
    }

    /// What the process writes to file descriptor 2 while `body` runs.
    private func capturingStandardError(_ body: () throws -> Void) throws -> String {
        let pipe = Pipe()
        let saved = dup(2)
        fflush(nil)
        dup2(pipe.fileHandleForWriting.fileDescriptor, 2)
        defer {
            fflush(nil)
            dup2(saved, 2)
            close(saved)
        }
        try body()
        fflush(nil)
        dup2(saved, 2)
        try pipe.fileHandleForWriting.close()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
