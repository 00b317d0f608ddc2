import CGtk
import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedLibrary
import ItemFeedUI
import ItemFeedXML

/// A view's reading pane: activating a row opens its article beside the
/// list (or as a page of its own on a narrow window), and the reading keys
/// move through the list.
@MainActor
final class LibraryReading {
    private let store: LibraryStore
    private let writer: LibraryWriter
    private let composition: ItemFeedComposition
    private let links: DesktopItemLinks
    private let sidebar: LibrarySidebarController
    private let leaflet: LibraryLeaflet
    private weak var shown: LibraryShown?
    /// Pictures kept for reading offline: those of full articles fetched
    /// unread, and of an article read `picturesKeptAfter` seconds.
    let picturePrefetch: ArticlePicturePrefetch
    var picturesKeptAfter = 3.0
    /// The article's text size, kept with the library: one for the window,
    /// whichever pane reads.
    private(set) lazy var textSize = ArticleTextSizeController(size: (try? store.preference(ArticleTextSize.self)) ?? .standard) { [writer] chosen in
        writer.write({ try $0.setPreference(chosen) }) { _ in }
    }
    /// The reading pane of the list shown.
    private(set) var reader: ReadingController<Thumbnail>?
    private(set) var articleView: ArticleView?
    /// The list the pane reads.
    private weak var list: ItemListController<Thumbnail>?

    init(
        session: LibrarySession, composition: ItemFeedComposition, links: DesktopItemLinks, pictures: ArticlePicturePrefetch,
        sidebar: LibrarySidebarController, leaflet: LibraryLeaflet, shown: LibraryShown
    ) {
        (store, writer, self.composition, self.links, picturePrefetch) = (session.store, session.writer, composition, links, pictures)
        (self.sidebar, self.leaflet, self.shown) = (sidebar, leaflet, shown)
    }

    /// A library view's pane, its marks through the view's loader.
    func read(_ list: LibraryList) -> ArticleView {
        let (loader, store) = (list.loader, store)
        let titles = feedTitles()
        return makeReader(
            list: list.controller, marks: loader,
            articles: HTMLArticleSource { [weak loader] item in
                let stored = loader?.libraryItem(for: item)
                return (stored.flatMap { (try? store.articleHTML($0.key)) ?? nil }, item.link ?? stored?.feedAddress)
            },
            feedName: { [weak loader] item in loader?.libraryItem(for: item).flatMap { titles[$0.feedAddress] } },
            enclosure: { [weak loader] item in loader?.libraryItem(for: item).flatMap { (try? store.enclosure($0.key)) ?? nil } },
            fullArticles: fullArticles { [weak loader] item in (loader?.libraryItem(for: item)?.key, item.link) }
        )
    }

    /// Every feed's name by its address, the local library's as the
    /// sidebar shows them and the accounts' alike.
    private func feedTitles() -> [URL: String] {
        var titles = Dictionary(sidebar.rows.compactMap { row in row.feedAddress.map { ($0, row.title) } }, uniquingKeysWith: { first, _ in first })
        for account in (try? store.accounts()) ?? [] {
            for feed in (try? store.feeds(of: account.id)) ?? [] where titles[feed.address] == nil { titles[feed.address] = feed.title }
        }
        return titles
    }

    /// An item named by its key (a notification's, a Shell search
    /// result's) opened in All Items, the list scrolled to it; `false` when
    /// the library does not show it there.
    func openItem(_ key: LibraryItem.Key) -> Bool {
        let all = LibraryView(.all)
        guard let position = (try? store.position(of: key, in: all)) ?? nil, let row = sidebar.rows.firstIndex(where: { $0.view == all }) else { return false }
        if sidebar.selectedRow?.view != all || !sidebar.showsARowsView { sidebar.select(at: row) }
        leaflet.showContent()
        open(at: position, attempts: 50)
        return true
    }

    /// A view just opened shows its first page, then the rest a frame
    /// later: the item is opened once its row is there.
    private func open(at position: Int, attempts: Int) {
        guard let list, attempts > 0 else { return }
        guard list.numberOfRows > position else {
            _ = MainContextTimer.schedule(0.02) { [weak self, weak list] in
                guard let self, list === self.list else { return }
                open(at: position, attempts: attempts - 1)
            }
            return
        }
        reader?.open(at: position)
    }

    /// Pages fetched over libcurl with a page's size cap; kept in the library when the item is in it.
    private func fullArticles(locate: @escaping (Item) -> (key: LibraryItem.Key?, page: URL?)) -> FullArticleSource? {
        PageFullArticleSource(store: store, writer: writer, pages: fullArticlePages, locate: locate)
    }

    /// Pages fetched over the window's libcurl with a page's size cap.
    var fullArticlePages: FullArticlePages {
        Self.fullArticlePages(composition)
    }

    static func fullArticlePages(_ composition: LibraryComposition) -> FullArticlePages {
        FullArticlePages { [composition] in composition.feedClient($0, PageArticleLoader.maxPageBytes) }
    }

    /// "Always Fetch Full Articles"' pages, their pictures loaded as the
    /// pane loads them, so they are kept and the article reads offline.
    static func fullArticlesKeepingPictures(_ composition: ItemFeedComposition, pictures: ArticlePicturePrefetch) -> FullArticleFetch.Load {
        let pages = fullArticlePages(composition)
        return { page, done in
            pages.read(page, then: { html in (html, HTMLArticle.article(fromHTML: html, base: page)) }) { result in
                if case let .success((_, article)) = result { pictures.keep(picturesOf: article) }
                done(result.map(\.0))
            }
        }
    }

    /// A feed opened by address: the articles its pages brought (held, not
    /// stored), no marks.
    func read(feedShownBy controller: ItemListController<Thumbnail>, feedURL: URL, articles: HeldArticles) -> ArticleView {
        makeReader(
            list: controller, marks: nil,
            articles: HTMLArticleSource { item in (articles.articleHTML(of: item), item.link ?? feedURL) },
            feedName: { [weak controller] _ in controller?.renderer.title },
            enclosure: { articles.enclosure(of: $0) },
            fullArticles: fullArticles { item in (nil, item.link) }
        )
    }

    private func makeReader(
        list: ItemListController<Thumbnail>, marks: LibraryViewLoader?, articles: ArticleSource, feedName: @escaping (Item) -> String?,
        enclosure: @escaping (Item) -> Enclosure?, fullArticles: FullArticleSource?
    ) -> ArticleView {
        let reader = ReadingComposer.compose(
            list: list, marks: marks, articles: articles, feedName: feedName, enclosure: enclosure, links: links, fullArticles: fullArticles
        ) { [weak self] _ in
            self?.leaflet.showArticle()
        }
        let view = ArticleView(
            reader: reader, loadImage: composition.articlePictures(), loadWholeImage: composition.articlePictures(whole: true),
            keepPictures: ArticleView.KeepPictures(after: picturesKeptAfter) { [picturePrefetch] in picturePrefetch.keep($0) }, textSize: textSize
        ) { [links] url in links.open(url) }
        reader.positionChanged = { [weak self] position in self?.shown?.screen?.list.scrollTo(position) }
        (self.reader, articleView, self.list) = (reader, view, list)
        return view
    }

    /// Escape: on a narrow window the list takes the page again; the
    /// focus goes to the open item's row.
    func backToList() {
        leaflet.showContent()
        if let position = reader?.page?.position { shown?.screen?.list.scrollTo(position) }
    }
}
