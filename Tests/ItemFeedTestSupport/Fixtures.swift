import Foundation
import ItemFeed

public func makeItem(
    id: String = UUID().uuidString,
    name: String = "an item",
    imageURL: URL = URL(string: "https://example.com/image.png")!,
    priority: Int? = nil,
    date: Date? = nil,
    link: URL? = nil
) -> Item {
    Item(id: id, name: name, imageURL: imageURL, priority: priority, date: date, link: link)
}

public func anyError() -> Error {
    NSError(domain: "any", code: 0)
}

public func anyURL() -> URL {
    URL(string: "https://any-url.com/resource")!
}
