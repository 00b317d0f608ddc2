import FeedPromises
import Foundation
import ItemFeed
import ItemFeedXML

/// The app's formats in the app's order: detection picks one from the
/// first bytes, and whichever it picks must keep the promises.
private let formats: [any FeedFormat] = .json + [RSSFormat(), AtomFormat()]

FuzzDriver.run { input in
    let response = HTTPResponse(statusCode: 200, body: Data(input))
    guard let format = formats.format(for: response, from: FeedPromises.webFeedURL) else { return }
    FeedPromises.check(input, format: format)
}
