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
}
