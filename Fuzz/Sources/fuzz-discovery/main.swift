import FeedPromises
import Foundation
import ItemFeed
import ItemFeedXML

/// Feed discovery on any page: libxml2's HTML parser on tag soup, and the
/// links it finds keep their promises (absolute http(s), each once).
private let page = URL(string: "https://blog.example.com/posts/")!

FuzzDriver.run { input in
    let response = HTTPResponse(statusCode: 200, headers: ["content-type": "text/html"], body: Data(input))
    guard let links = HTMLFeedLinks().links(in: response, from: page) else { return }
    FeedPromises.check(links)
}
