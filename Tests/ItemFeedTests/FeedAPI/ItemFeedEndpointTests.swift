import XCTest
import ItemFeed

final class ItemFeedEndpointTests: XCTestCase {
    private let base = URL(string: "https://api.example.com/v1")!

    func test_url_appendsThePathToTheBasePath() {
        XCTAssertEqual(ItemFeedEndpoint(path: "items").url(relativeTo: base)?.absoluteString, "https://api.example.com/v1/items")
    }

    func test_url_addsPagingAndQueryInOrder() {
        let endpoint = ItemFeedEndpoint(path: "/items", page: 2, perPage: 50, query: "cats")

        XCTAssertEqual(
            endpoint.url(relativeTo: base)?.absoluteString,
            "https://api.example.com/v1/items?page=2&per_page=50&query=cats"
        )
    }

    func test_url_leavesOutMissingQueryItems() {
        let endpoint = ItemFeedEndpoint(path: "items", perPage: 10)

        XCTAssertEqual(endpoint.url(relativeTo: base)?.absoluteString, "https://api.example.com/v1/items?per_page=10")
    }

    func test_url_percentEncodesEverythingButUnreservedCharactersInTheQuery() {
        let endpoint = ItemFeedEndpoint(path: "items", query: "tom & jerry+1=2/é?#")

        XCTAssertEqual(
            endpoint.url(relativeTo: base)?.absoluteString,
            "https://api.example.com/v1/items?query=tom%20%26%20jerry%2B1%3D2%2F%C3%A9%3F%23"
        )
    }

    func test_url_percentEncodesPathSegments() {
        let endpoint = ItemFeedEndpoint(path: "my items/é")

        XCTAssertEqual(endpoint.url(relativeTo: base)?.absoluteString, "https://api.example.com/v1/my%20items/%C3%A9")
    }

    func test_url_keepsTheBaseHostPortAndScheme() {
        let local = URL(string: "http://127.0.0.1:8080")!

        XCTAssertEqual(ItemFeedEndpoint(path: "feed.json", page: 1).url(relativeTo: local)?.absoluteString, "http://127.0.0.1:8080/feed.json?page=1")
    }
}
