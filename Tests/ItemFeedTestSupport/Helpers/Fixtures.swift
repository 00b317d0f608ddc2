import Foundation
import ItemFeed

public func makeItem(
    id: String = UUID().uuidString,
    name: String = "an item",
    imageURL: URL? = URL(string: "https://example.com/image.png")!,
    author: String? = nil,
    priority: Int? = nil,
    date: Date? = nil,
    link: URL? = nil,
    summary: String? = nil,
    likes: Int? = nil
) -> Item {
    Item(id: id, name: name, imageURL: imageURL, author: author, date: date, link: link, summary: summary, priority: priority, likes: likes)
}

public func anyError() -> Error {
    NSError(domain: "any", code: 0)
}

public func anyURL() -> URL {
    URL(string: "https://any-url.com/resource")!
}

extension Result {
    /// The error of a failed result, `nil` for a success.
    public var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
