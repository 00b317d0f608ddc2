import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk
import ItemFeedUI
import ItemFeedXML

/// A library view's reading pane: activating a row opens its article
/// beside the list (or as a page of its own on a narrow window), and the
/// reading keys move through the list.
extension LibraryWindow {
    func makeReader(for list: LibraryList) -> (ReadingController<Thumbnail>, ArticleView) {
        let (loader, store) = (list.loader, store)
        let titles = Dictionary(sidebar.rows.compactMap { row in row.feedAddress.map { ($0, row.title) } }, uniquingKeysWith: { first, _ in first })
        return makeReader(
            list: list.controller, marks: loader,
            article: { [weak loader] item in
                let stored = loader?.libraryItem(for: item)
                let html = stored.flatMap { (try? store.articleHTML($0.key)) ?? nil }
                return Self.article(of: item, html: html, base: item.link ?? stored?.feedAddress)
            },
            feedName: { [weak loader] item in loader?.libraryItem(for: item).flatMap { titles[$0.feedAddress] } },
            enclosure: { [weak loader] item in loader?.libraryItem(for: item).flatMap { (try? store.enclosure($0.key)) ?? nil } }
        )
    }

    /// A feed opened by address: the articles its pages brought (held, not
    /// stored), no marks.
    func makeReader(forFeedShownBy controller: ItemListController<Thumbnail>, feedURL: URL, articles: HeldArticles) -> (ReadingController<Thumbnail>, ArticleView) {
        makeReader(
            list: controller, marks: nil,
            article: { item in Self.article(of: item, html: articles.articleHTML(of: item), base: item.link ?? feedURL) },
            feedName: { [weak controller] _ in controller?.renderer.title },
            enclosure: { articles.enclosure(of: $0) }
        )
    }

    private func makeReader(
        list: ItemListController<Thumbnail>, marks: LibraryViewLoader?, article: @escaping (Item) -> Article, feedName: @escaping (Item) -> String?,
        enclosure: @escaping (Item) -> Enclosure?
    ) -> (ReadingController<Thumbnail>, ArticleView) {
        let reader = ReadingComposer.compose(list: list, marks: marks, article: article, feedName: feedName, enclosure: enclosure, links: links) { [weak self] _ in
            self?.leaflet.showArticle()
        }
        let view = ArticleView(reader: reader, loadImage: composition.articleImages()) { [links] url in links.open(url) }
        reader.positionChanged = { [weak self] position in self?.screen?.list.scrollTo(position) }
        return (reader, view)
    }

    /// The article the feed gave, as native text; else the summary the
    /// row shows, a paragraph a line.
    static func article(of item: Item, html: String?, base: URL?) -> Article {
        if let html {
            let article = HTMLArticle.article(fromHTML: html, base: base)
            if !article.blocks.isEmpty { return article }
        }
        let lines = (item.summary ?? "").split(whereSeparator: \.isNewline).map(String.init)
        return Article(blocks: lines.map { ArticleBlock(kind: .paragraph, runs: [ArticleRun($0)]) })
    }

    /// Escape: on a narrow window the list takes the page again; the
    /// focus goes to the open item's row.
    func backToList() {
        leaflet.showContent()
        if let position = reader?.page?.position { screen?.list.scrollTo(position) }
    }
}
