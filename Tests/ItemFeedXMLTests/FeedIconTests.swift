import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedXML
import XCTest

/// A feed's own icon, for the sidebar (SPEC 11): RSS `<image>`, Atom
/// `<icon>` else `<logo>`, JSON Feed's `icon` else `favicon`; resolved
/// against the feed, web addresses only.
final class FeedIconTests: XCTestCase {
    func test_rss_channelImage_isTheIcon_notItunesCoverArt() throws {
        let feed = try RSSFormat().map("""
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>T</title>
            <itunes:image href="https://cdn.example/cover.jpg"/>
            <image><url>/icon.png</url><title>T</title><link>https://feeds.example.com/</link></image>
            <item><guid>1</guid><title>One</title></item></channel></rss>
            """)
        XCTAssertEqual(feed.iconAddress, "https://feeds.example.com/icon.png")

        let cover = try RSSFormat().map("""
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>T</title>
            <itunes:image href="https://cdn.example/cover.jpg"/><item><guid>1</guid><title>One</title></item></channel></rss>
            """)
        XCTAssertEqual(cover.iconAddress, "https://cdn.example/cover.jpg", "a podcast's cover art when it has nothing else")
    }

    func test_atom_iconElseLogo_ofTheFeed_notOfAnEntry() throws {
        let both = try AtomFormat().map("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><logo>https://a.example/logo.png</logo><icon> /favicon.png </icon>
            <entry><id>1</id><title>One</title><icon>https://a.example/entry.png</icon></entry></feed>
            """)
        XCTAssertEqual(both.iconAddress, "https://feeds.example.com/favicon.png")

        let logo = try AtomFormat().map("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><logo>https://a.example/logo.png</logo><entry><id>1</id><title>One</title></entry></feed>
            """)
        XCTAssertEqual(logo.iconAddress, "https://a.example/logo.png")
    }

    func test_jsonFeed_iconElseFavicon_webAddressesOnly() throws {
        let icon = try JSONFeedFormat().map(#"{"version": "https://jsonfeed.org/version/1.1", "title": "T", "icon": "/i.png", "favicon": "/f.png", "items": []}"#)
        XCTAssertEqual(icon.iconAddress, "https://feeds.example.com/i.png")
        let favicon = try JSONFeedFormat().map(#"{"version": "https://jsonfeed.org/version/1.1", "title": "T", "favicon": "https://f.example/f.png", "items": []}"#)
        XCTAssertEqual(favicon.iconAddress, "https://f.example/f.png")
        let local = try JSONFeedFormat().map(#"{"version": "https://jsonfeed.org/version/1.1", "title": "T", "icon": "file:///etc/passwd", "items": []}"#)
        XCTAssertNil(local.iconAddress)
    }
}
