import FeedPromises
import Foundation
import ItemFeed

/// Qiita is read from its API's address, so inputs come from there.
private let itemsURL = URL(string: "https://qiita.com/api/v2/items?page=1&per_page=20")!

FuzzDriver.run { input in
    FeedPromises.check(input, format: QiitaFormat(), from: itemsURL)
}
