import ItemFeed

/// Builds a reading pane over a list, wired as the app wires it: a row
/// activated opens its article, and a mark written anywhere (the pane, the
/// row menu, Mark All as Read) redraws the rows and the pane's buttons but
/// never the article. The window and the headless tests both build it here.
@MainActor
public enum ReadingComposer {
    /// `marks`: the library view behind the list, `nil` for a feed opened
    /// by address (no marks kept); `opened`: told after an item opens from
    /// the list, so the window can show the pane.
    public static func compose<Image>(
        list: ItemListController<Image>,
        marks: LibraryViewLoader?,
        articles: ArticleSource,
        feedName: @escaping (Item) -> String? = { _ in nil },
        enclosure: @escaping (Item) -> Enclosure? = { _ in nil },
        description: ItemRowDescription = ItemRowDescription(),
        links: ItemListCoordinator? = nil,
        fullArticles: FullArticleSource? = nil,
        opened: @escaping (Int) -> Void = { _ in }
    ) -> ReadingController<Image> {
        let reader = ReadingController(
            list: list, articles: articles, feedName: feedName, enclosure: enclosure, description: description, links: links, fullArticles: fullArticles
        )
        list.activating = { [weak reader] position in
            guard let reader else { return false }
            reader.open(at: position)
            opened(position)
            return true
        }
        marks?.marksChanged = { [weak list, weak reader] in
            list?.marksChanged()
            reader?.refreshMarks()
        }
        return reader
    }
}
