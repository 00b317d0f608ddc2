import Foundation
import ItemFeed

/// The article pane's input and what it shows (SPEC 13): an item opened
/// from the list, its article, its marks, and moving to the next or the
/// previous item with the list following. The toolkit's view draws `page`;
/// the tests drive the same calls.
@MainActor
public final class ReadingController<Image> {
    /// Everything the pane shows of one item.
    public struct Page: Equatable {
        public let position: Int
        public let item: Item
        public let feed: String?
        /// "Ana Lima · 3 hours ago", empty when the feed says none of it.
        public let byline: String
        public let article: Article
        public let isStarred: Bool
        public let isRead: Bool
        /// A podcast's or a video's file, for the Play button.
        public let enclosure: Enclosure?
        /// Whether the item can be starred and marked: not in a feed
        /// opened by address, which keeps no marks.
        public let canMark: Bool

        public init(
            position: Int, item: Item, feed: String?, byline: String, article: Article, isStarred: Bool, isRead: Bool, enclosure: Enclosure? = nil,
            canMark: Bool = true
        ) {
            (self.position, self.item, self.feed, self.byline) = (position, item, feed, byline)
            (self.article, self.isStarred, self.isRead, self.enclosure, self.canMark) = (article, isStarred, isRead, enclosure, canMark)
        }
    }

    /// `nil`: no item open.
    public private(set) var page: Page?
    /// Told each time the page changes.
    public var pageChanged: (Page?) -> Void = { _ in }
    /// Told when an item opens, so the list can show where it is.
    public var positionChanged: (Int) -> Void = { _ in }

    private let list: ItemListController<Image>
    private let article: (Item) -> Article
    private let feedName: (Item) -> String?
    private let enclosure: (Item) -> Enclosure?
    private let description: ItemRowDescription
    private let links: ItemListCoordinator?

    /// `article`: an item's article (its stored HTML, else its summary);
    /// `links`: where Open in Browser and Copy Link go.
    public init(
        list: ItemListController<Image>, article: @escaping (Item) -> Article, feedName: @escaping (Item) -> String? = { _ in nil },
        enclosure: @escaping (Item) -> Enclosure? = { _ in nil }, description: ItemRowDescription = ItemRowDescription(),
        links: ItemListCoordinator? = nil
    ) {
        self.list = list
        self.article = article
        self.feedName = feedName
        self.enclosure = enclosure
        self.description = description
        self.links = links
    }

    /// Opens the item at `position`, and marks it read.
    public func open(at position: Int) {
        guard let item = list.item(readingAt: position) else { return }
        if list.marks(ofRowAt: position)?.isRead == false { list.setRead(true, ofRowAt: position) }
        show(item, at: position)
        positionChanged(position)
    }

    /// j, n: the next item; nothing past the last.
    public func next() {
        move(by: 1)
    }

    /// k, p: the previous item; nothing before the first.
    public func previous() {
        move(by: -1)
    }

    public func close() {
        page = nil
        list.openItem = nil
        pageChanged(nil)
    }

    public func toggleStarred() {
        guard let page else { return }
        list.setStarred(!page.isStarred, ofRowAt: page.position)
        refresh()
    }

    public func markUnread() {
        guard let page else { return }
        list.setRead(false, ofRowAt: page.position)
        refresh()
    }

    public func openInBrowser() {
        guard let page, page.item.hasLink else { return }
        links?.open(page.item)
    }

    public func copyLink() {
        guard let page, page.item.hasLink else { return }
        links?.copyLink(of: page.item)
    }

    /// The marks changed elsewhere (the row menu, Mark All as Read).
    public func refresh() {
        guard let page else { return }
        show(page.item, at: page.position)
    }

    private func move(by step: Int) {
        let start = page?.position ?? (step > 0 ? -1 : list.numberOfRows)
        var position = start + step
        while (0..<list.numberOfRows).contains(position) {
            if list.item(readingAt: position) != nil { return open(at: position) }
            position += step
        }
    }

    private func show(_ item: Item, at position: Int) {
        let marks = list.marks(ofRowAt: position)
        list.openItem = item
        page = Page(
            position: position, item: item, feed: feedName(item), byline: description.details(of: item), article: article(item),
            isStarred: marks?.isStarred ?? false, isRead: marks?.isRead ?? true, enclosure: enclosure(item), canMark: marks != nil
        )
        pageChanged(page)
    }
}
