import XCTest
import ItemFeed
import ItemFeedTestSupport
import ItemFeedXML

/// SPEC 8: XML through libxml2 with network, external entities and entity
/// expansion off. Each hostile document gets a clear error, not an
/// expansion and not a file read.
final class HostileXMLTests: XCTestCase {
    func test_billionLaughs_isRefused_notExpanded() {
        var entities = #"<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let document = "<?xml version=\"1.0\"?><!DOCTYPE rss [\(entities)]><rss><channel><item><title>&lol9;</title><guid>1</guid></item></channel></rss>"

        XCTAssertTrue(RSSFormat().recognises(document), "Expected the root element to be read without expanding anything")
        expectRefusal(of: document, mentioning: "entities")
    }

    func test_externalEntity_isRefused_andTheFileIsNeverRead() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-secret-\(UUID().uuidString)")
        try Data("TOP-SECRET".utf8).write(to: secret)
        addTeardownBlock { try? FileManager.default.removeItem(at: secret) }
        let document = """
        <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "\(secret.absoluteString)">]>
        <rss><channel><item><title>&xxe;</title><guid>1</guid></item></channel></rss>
        """

        let error = expectRefusal(of: document, mentioning: "entities")
        XCTAssertFalse(error.contains("TOP-SECRET"))
    }

    func test_externalParameterEntityAndDTD_areNeverLoaded() throws {
        let dtd = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-dtd-\(UUID().uuidString)")
        try Data(#"<!ENTITY title "FROM-THE-DTD">"#.utf8).write(to: dtd)
        addTeardownBlock { try? FileManager.default.removeItem(at: dtd) }

        expectRefusal(of: """
        <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY % remote SYSTEM "\(dtd.absoluteString)"> %remote;]>
        <rss><channel><item><title>&title;</title><guid>1</guid></item></channel></rss>
        """, mentioning: "")
        let feed = try RSSFormat().map("""
        <?xml version="1.0"?><!DOCTYPE rss SYSTEM "\(dtd.absoluteString)">
        <rss><channel><item><title>Plain</title><guid>1</guid></item></channel></rss>
        """)
        XCTAssertEqual(feed.items.map(\.name), ["Plain"], "Expected the external DTD to be ignored")
    }

    /// SPEC 14: what recovery reads is shown, with where it broke.
    func test_malformedXML_isReadAsFarAsRecoveryGoes_sayingWhereItBroke() throws {
        let feed = try RSSFormat().map("<rss><channel><item><guid>1</guid><title>One</b></title></item><item><guid>2</guid><title>Two & more</title></item></channel></rss>")

        XCTAssertEqual(feed.items.map(\.name), ["One", "Two more"], "Expected libxml2's recovery: the stray end tag and the bare & dropped")
        XCTAssertTrue(feed.problem?.hasPrefix("line 1:") == true, feed.problem ?? "no problem named")
        XCTAssertTrue(feed.problem?.contains("mismatch") == true, feed.problem ?? "no problem named")
    }

    func test_truncatedFeed_keepsWhatItHas() throws {
        let feed = try RSSFormat().map("<rss><channel><item><guid>1</guid><title>Whole</title></item><item><title>Cut")

        XCTAssertEqual(feed.items.map(\.name), ["Whole", "Cut"])
        XCTAssertNotNil(feed.problem)
    }

    func test_malformedXML_withNoItemRecovered_isAClearError_sayingWhereItBroke() {
        let message = expectRefusal(of: "<rss><channel><title>Open</channel></rss>", mentioning: "line 1")

        XCTAssertTrue(message.contains("mismatch"), message)
    }

    /// The billion-laughs refusal holds for a document that is also
    /// malformed: recovery never reads a document that declares entities.
    func test_aMalformedDocumentDeclaringEntities_isRefused_notRecovered() {
        expectRefusal(of: """
        <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
        <rss><channel><item><guid>1</guid><title>&b;</item></channel></rss>
        """, mentioning: "declares its own XML entities")
    }

    @discardableResult
    private func expectRefusal(of document: String, mentioning text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let feed = try RSSFormat().map(document)
            XCTFail("Expected a refusal, got \(feed.items.map(\.name).map { $0.prefix(40) })", file: file, line: line)
            return ""
        } catch let error as RemoteLoadError {
            guard case let .malformedFeed(reason) = error else {
                XCTFail("Expected malformedFeed, got \(error)", file: file, line: line)
                return ""
            }
            if !text.isEmpty { XCTAssertTrue(reason.contains(text), "Expected '\(text)' in: \(reason)", file: file, line: line) }
            XCTAssertTrue(error.localizedDescription.hasPrefix("The feed cannot be read"), file: file, line: line)
            return reason
        } catch {
            XCTFail("Expected RemoteLoadError, got \(error)", file: file, line: line)
            return ""
        }
    }
}
