import XCTest
import ItemFeed

/// Addresses a feed names, resolved as RFC 3986 says, whichever path the
/// resolver takes to get there.
final class FeedURLResolverTests: XCTestCase {
    func test_imageURL_resolvesEveryKindOfReference_againstTheFeed() {
        let sut = FeedURLResolver(feedURL: URL(string: "https://feeds.example.com/v1/feed.json?page=2#top")!)

        let cases: [(String, String?)] = [
            ("thumbs/1.png", "https://feeds.example.com/v1/thumbs/1.png"),
            ("  thumbs/1.png\n", "https://feeds.example.com/v1/thumbs/1.png"),
            ("../img/1.png", "https://feeds.example.com/img/1.png"),
            ("/img/1.png", "https://feeds.example.com/img/1.png"),
            ("//cdn.example.net/1.png", "https://cdn.example.net/1.png"),
            ("1.png?size=64", "https://feeds.example.com/v1/1.png?size=64"),
            ("caf%C3%A9.png", "https://feeds.example.com/v1/caf%C3%A9.png"),
            ("http://img.example.com/a.png", "http://img.example.com/a.png"),
            ("javascript:alert(1)", nil),
            ("file:///etc/passwd", nil),
            ("", nil),
        ]
        for (reference, expected) in cases {
            XCTAssertEqual(sut.imageURL(reference)?.absoluteString, expected, reference)
        }
    }

    func test_imageURL_forAFeedAtAHostsRoot_orInAFolderAddress() {
        XCTAssertEqual(FeedURLResolver(feedURL: URL(string: "https://example.com")!).imageURL("a.png")?.absoluteString, "https://example.com/a.png")
        XCTAssertEqual(FeedURLResolver(feedURL: URL(string: "https://example.com/feeds/")!).imageURL("a.png")?.absoluteString, "https://example.com/feeds/a.png")
        XCTAssertEqual(
            FeedURLResolver(feedURL: URL(fileURLWithPath: "/usr/share/item-feed/demo/feed.json")).imageURL("images/01.png"),
            URL(fileURLWithPath: "/usr/share/item-feed/demo/images/01.png")
        )
    }

    func test_addresses_areWhatTheURLsWouldSay_forEveryKindOfReference() {
        let feeds = [
            "https://feeds.example.com/v1/feed.json?page=2#top",
            "http://127.0.0.1:8080/feed.json",
            "https://example.com",
        ]
        let references = [
            "thumbs/1.png", "  thumbs/1.png\n", "../img/1.png", "/img/1.png", "//cdn.example.net/1.png",
            "1.png?size=64", "caf%C3%A9.png", "café.png", "a b.png", "a%2.png", "a%zz.png",
            "http://img.example.com/a.png", "https://img.example.com:8443/a/b.png?x=1&y=2#f",
            "https://img.example.com:99999/a.png", "https://img.example.com:/a.png", "HTTPS://Example.COM/A.png",
            "https://user:pass@example.com/a.png", "https://[::1]/a.png", "https://example.com/a#b#c",
            "https://example.com/a|b", "https://example.com/a\"b", "https://example.com/{x}", "https://-bad.example/a",
            "https://example.com?q=1", "https://example.com#frag", "https://exa_mple.com/a", "https:///a.png",
            "http:example.com/a.png", "javascript:alert(1)", "file:///etc/passwd", "", " ",
        ]
        for feed in feeds {
            let sut = FeedURLResolver(feedURL: URL(string: feed)!)
            for reference in references {
                XCTAssertEqual(sut.imageAddress(reference), sut.imageURL(reference)?.absoluteString, "image \(reference) in \(feed)")
                XCTAssertEqual(sut.linkAddress(reference), sut.linkURL(reference)?.absoluteString, "link \(reference) in \(feed)")
            }
        }
    }

    func test_addresses_areWhatTheURLsWouldSay_forRandomAddresses() {
        // Characters around every boundary of the quick path's grammar.
        let alphabet = Array("aZ09.-_~!$&'()*+,;=:@/?#%[]{}|\\\"<> é")
        var generator = SystemRandomNumberGenerator()
        let sut = FeedURLResolver(feedURL: URL(string: "https://example.com/feed.json")!)
        for _ in 0..<5_000 {
            let tail = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            for address in ["https://" + tail, "http://h" + tail, "https://example.com/" + tail, tail] {
                XCTAssertEqual(sut.imageAddress(address), sut.imageURL(address)?.absoluteString, address)
            }
        }
    }
}
