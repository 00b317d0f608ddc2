import Foundation
import ItemFeed

/// The article pane's input and what it shows (SPEC 13): an item opened
/// from the list, its article, its marks, and moving to the next or the
/// previous item with the list following. The toolkit's view draws `page`
/// and, apart, `marks`, so a star changes a button and never the text the
/// reader has scrolled into; the tests drive the same calls.
@MainActor
public final class ReadingController<Image> {
    /// Everything the pane shows of one item but its marks.
    public struct Page: Equatable {
        public let position: Int
        public let item: Item
        public let feed: String?
        /// "Ana Lima · 3 hours ago", empty when the feed says none of it.
        public let byline: String
        public let article: Article
        /// A podcast's or a video's file, for the Play button.
        public let enclosure: Enclosure?

        public init(position: Int, item: Item, feed: String?, byline: String, article: Article, enclosure: Enclosure? = nil) {
            (self.position, self.item, self.feed, self.byline) = (position, item, feed, byline)
            (self.article, self.enclosure) = (article, enclosure)
        }
    }

    /// The open item's marks, drawn as the header's buttons.
    public struct Marks: Equatable, Sendable {
        public let isStarred: Bool
        public let isRead: Bool
        /// Whether the item can be starred and marked: not in a feed
        /// opened by address, which keeps no marks.
        public let canMark: Bool

        public init(isStarred: Bool, isRead: Bool, canMark: Bool = true) {
            (self.isStarred, self.isRead, self.canMark) = (isStarred, isRead, canMark)
        }
    }

    /// Where the open item's full article is (SPEC 16).
    public enum FullArticle: Equatable, Sendable {
        /// The feed's text is shown.
        case off
        case fetching
        case shown
        /// Fetched after the reader scrolled into the feed's text: offered,
        /// not put under their eyes.
        case offered
        /// Why there is none; the feed's text stays.
        case failed(String)
    }

    /// `nil`: no item open.
    public private(set) var page: Page?
    public private(set) var fullArticle = FullArticle.off
    /// Told when the full article's state changes: the toggle, the offer, the note.
    public var fullArticleChanged: (FullArticle) -> Void = { _ in }
    /// Set by the view once the reader scrolls the open article.
    public var hasScrolled = false
    /// The open item's marks; `nil` while no item is open.
    public private(set) var marks: Marks?
    /// Told each time another item opens (or none): the article is drawn.
    public var pageChanged: (Page?) -> Void = { _ in }
    /// Told when the open item's marks change: only the buttons are drawn.
    public var marksChanged: (Marks?) -> Void = { _ in }
    /// Told when an item opens, so the list can show where it is.
    public var positionChanged: (Int) -> Void = { _ in }

    private let list: ItemListController<Image>
    private let articles: ArticleSource
    /// The item being opened while its article is made: where j goes on from.
    private var opening: (position: Int, task: FeedLoadTask)?
    private let feedName: (Item) -> String?
    private let enclosure: (Item) -> Enclosure?
    private let description: ItemRowDescription
    private let links: ItemListCoordinator?
    private let fullArticles: FullArticleSource?
    /// The feed's article while the full one is shown, and the full one while offered.
    private var feedArticle: Article?
    private var offeredArticle: Article?
    private var fetching: FeedLoadTask?

    /// `articles`: an item's article (its stored HTML made text off the UI
    /// thread, else its summary); `links`: where Open in Browser and Copy Link go.
    public init(
        list: ItemListController<Image>, articles: ArticleSource, feedName: @escaping (Item) -> String? = { _ in nil },
        enclosure: @escaping (Item) -> Enclosure? = { _ in nil }, description: ItemRowDescription = ItemRowDescription(),
        links: ItemListCoordinator? = nil, fullArticles: FullArticleSource? = nil
    ) {
        self.list = list
        self.fullArticles = fullArticles
        self.articles = articles
        self.feedName = feedName
        self.enclosure = enclosure
        self.description = description
        self.links = links
    }

    /// Opens the item at `position`, and marks it read: the page first, so
    /// the mark's change redraws the new item's buttons, not the old article.
    public func open(at position: Int) {
        guard let item = list.item(readingAt: position) else { return }
        show(item, at: position)
        if list.marks(ofRowAt: position)?.isRead == false { list.setRead(true, ofRowAt: position) }
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

    /// The toggle: the open item's full article fetched (or read from the
    /// library) and shown, or the feed's text back.
    public func toggleFullArticle() {
        guard let page else { return }
        switch fullArticle {
        case .off, .failed:
            fetchFullArticle(of: page.item)
        case .fetching, .offered:
            resetFullArticle()
        case .shown:
            if let feedArticle { replaceArticle(with: feedArticle) }
            resetFullArticle()
        }
    }

    private func fetchFullArticle(of item: Item) {
        guard let fullArticles else { return }
        setFullArticle(.fetching)
        var answered = false
        let task = fullArticles.fullArticle(of: item) { [weak self] result in
            answered = true
            self?.received(result, for: item)
        }
        fetching = answered ? nil : task
    }

    /// The offer taken: the full article replaces the text.
    public func showOfferedArticle() {
        guard case .offered = fullArticle, let offeredArticle, let page else { return }
        feedArticle = page.article
        self.offeredArticle = nil
        replaceArticle(with: offeredArticle)
        setFullArticle(.shown)
    }

    private func received(_ result: Result<Article, FullArticleError>, for item: Item) {
        fetching = nil
        guard let page, page.item == item, fullArticle == .fetching else { return }
        switch result {
        case let .failure(error):
            setFullArticle(.failed(error.errorDescription ?? "\(error)"))
        case let .success(article) where hasScrolled:
            offeredArticle = article
            setFullArticle(.offered)
        case let .success(article):
            feedArticle = page.article
            replaceArticle(with: article)
            setFullArticle(.shown)
        }
    }

    private func replaceArticle(with article: Article) {
        guard let page else { return }
        self.page = Page(position: page.position, item: page.item, feed: page.feed, byline: page.byline, article: article, enclosure: page.enclosure)
        hasScrolled = false
        pageChanged(self.page)
    }

    private func resetFullArticle() {
        fetching?.cancel()
        fetching = nil
        feedArticle = nil
        offeredArticle = nil
        setFullArticle(.off)
    }

    private func setFullArticle(_ state: FullArticle) {
        guard state != fullArticle else { return }
        fullArticle = state
        fullArticleChanged(state)
    }

    public func close() {
        resetFullArticle()
        opening?.task.cancel()
        opening = nil
        page = nil
        marks = nil
        list.openItem = nil
        pageChanged(nil)
    }

    public func toggleStarred() {
        guard let page, let marks else { return }
        list.setStarred(!marks.isStarred, ofRowAt: page.position)
        refreshMarks()
    }

    public func markUnread() {
        guard let page else { return }
        list.setRead(false, ofRowAt: page.position)
        refreshMarks()
    }

    public func openInBrowser() {
        guard let page, page.item.hasLink else { return }
        links?.open(page.item)
    }

    public func copyLink() {
        guard let page, page.item.hasLink else { return }
        links?.copyLink(of: page.item)
    }

    /// The marks changed (here, the row menu, Mark All as Read): the
    /// buttons follow, told only when they differ.
    public func refreshMarks() {
        guard let page, opening == nil else { return }
        let current = currentMarks(at: page.position)
        guard current != marks else { return }
        marks = current
        marksChanged(current)
    }

    private func move(by step: Int) {
        let start = opening?.position ?? page?.position ?? (step > 0 ? -1 : list.numberOfRows)
        var position = start + step
        while (0..<list.numberOfRows).contains(position) {
            if list.item(readingAt: position) != nil { return open(at: position) }
            position += step
        }
    }

    /// The row is highlighted at once; the page is drawn once its article
    /// is made, and only the last item asked for is drawn (j held down).
    private func show(_ item: Item, at position: Int) {
        resetFullArticle()
        list.openItem = item
        opening?.task.cancel()
        var answered = false
        let task = articles.article(of: item) { [weak self] article in
            answered = true
            guard let self else { return }
            opening = nil
            page = Page(position: position, item: item, feed: feedName(item), byline: description.details(of: item), article: article, enclosure: enclosure(item))
            hasScrolled = false
            marks = currentMarks(at: position)
            pageChanged(page)
            marksChanged(marks)
            // "Always Fetch Full Articles": the feed's text first, the full one when there.
            if fullArticles?.fetchesAlways(item) == true { fetchFullArticle(of: item) }
        }
        opening = answered ? nil : (position, task)
    }

    private func currentMarks(at position: Int) -> Marks {
        let marks = list.marks(ofRowAt: position)
        return Marks(isStarred: marks?.isStarred ?? false, isRead: marks?.isRead ?? true, canMark: marks != nil)
    }
}
