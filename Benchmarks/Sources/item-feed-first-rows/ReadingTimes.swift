import CGtk
import Foundation
import ItemFeed
import ItemFeedApp
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedUI
import ItemFeedXML

/// `make benchmark`'s reading rows (SPEC 13), in a shown window under Xvfb.
@MainActor
enum ReadingTimes {
    /// `article FILE`: an article's HTML made native text and drawn into
    /// the pane: from the HTML to the end of the frame that paints it (the
    /// text view lays out the rest of a long article in idle time after),
    /// median of 21 runs after a warm-up; prints the milliseconds.
    ///
    /// `page FILE`: the same from a whole web page's bytes, its article
    /// found by the readability pass first (SPEC 16's full article).
    static func article(_ path: String, isPage: Bool = false, composition: ItemFeedComposition, links: ItemListCoordinator) -> Never {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        let base = URL(string: "https://example.com/")!
        let html = String(decoding: bytes, as: UTF8.self)
        let list = composition.makeListController(feedURL: URL(fileURLWithPath: path), coordinator: links)
        let reader = ReadingController(list: list, articles: ImmediateArticleSource { _ in Article(blocks: []) })
        let view = ArticleView(reader: reader) { _ in }
        let window = adw_window_new()!
        gtk_window_set_default_size(itemfeed_window(window), 800, 720)
        adw_window_set_content(itemfeed_adw_window(window), view.root)
        gtk_window_present(itemfeed_window(window))
        let item = Item(id: "a", name: "An article", imageURL: nil)
        var times: [Double] = []
        var started: UInt64 = 0
        while gtk_widget_get_frame_clock(window) == nil { _ = g_main_context_iteration(nil, 1) }
        let clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window)!)
        Signal.connect(clock, "after-paint") {
            if started > 0 { times.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6) }
            guard times.count < 22 else {
                print(String(format: "%.2f", times.dropFirst().sorted()[times.count / 2]))
                exit(0)
            }
            // The next run once this frame is done, as a click would come.
            _ = MainContextTimer.schedule(0.05) {
                started = DispatchTime.now().uptimeNanoseconds
                let article = isPage
                    ? HTMLArticle.article(fromHTML: (try? Readability.article(from: bytes, address: base).html) ?? "", base: base)
                    : HTMLArticle.article(fromHTML: html, base: base)
                view.show(ReadingController<Thumbnail>.Page(position: 0, item: item, feed: "Feed", byline: "", article: article))
                gtk_widget_queue_draw(window)
            }
            started = 0
        }
        while true {
            withExtendedLifetime((reader, view)) { _ = g_main_context_iteration(nil, 1) }
        }
    }

    /// `model FILE`: an article's HTML made the pane's model of blocks
    /// alone (tables, code, cards, pictures), no drawing: median of 21
    /// runs after a warm-up, in milliseconds; with the model's added
    /// memory, in MiB, from the resident size before and after (the model
    /// kept).
    static func model(_ path: String) -> Never {
        let html = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self)
        let base = URL(string: "https://example.com/")!
        _ = HTMLArticle.article(fromHTML: html, base: base)
        var times: [Double] = []
        var kept: [Article] = []
        let before = residentMiB().now
        for _ in 0..<21 {
            let started = DispatchTime.now().uptimeNanoseconds
            let article = HTMLArticle.article(fromHTML: html, base: base)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
            if kept.isEmpty { kept.append(article) }
        }
        let added = residentMiB().now - before
        print(String(format: "%.2f %.1f %d", times.sorted()[times.count / 2], added, kept.first?.blocks.count ?? 0))
        exit(0)
    }

    /// `reading`: the library's All view, its first item opened beside the
    /// list, then j a hundred times, one a frame; prints the longest time
    /// between two frames meanwhile, in milliseconds. `reading FILE`: each
    /// item's article is FILE's (the rich one), made from its HTML as it
    /// opens, its pictures decoded (`RichReading.pictures`).
    static func keys(composition: ItemFeedComposition, links: ItemListCoordinator, richArticle path: String? = nil) -> Never {
        let store = try! composition.openLibrary().store
        let library = composition.makeLibraryList(of: .all, titled: "All Items", in: store, links: links)
        let html = path.map { String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: $0))) ?? Data(), as: UTF8.self) }
        let articles: ArticleSource = html.map { WorkerArticleSource(html: $0) } ?? ImmediateArticleSource { item in
            Article(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun(item.summary ?? item.name)])])
        }
        let reader = ReadingComposer.compose(list: library.controller, marks: library.loader, articles: articles)
        let view = ArticleView(reader: reader, loadImage: html == nil ? nil : RichReading.pictures()) { _ in }
        let screen = ItemFeedScreen(controller: library.controller, primaryMenu: nil)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_append(itemfeed_box(box), screen.root)
        gtk_box_append(itemfeed_box(box), view.root)
        let window = adw_window_new()!
        gtk_window_set_default_size(itemfeed_window(window), 1200, 760)
        adw_window_set_content(itemfeed_adw_window(window), box)
        screen.attach(to: window)
        gtk_window_present(itemfeed_window(window))
        library.controller.screenShown()
        reader.positionChanged = { screen.list.scrollTo($0) }
        while gtk_widget_get_frame_clock(window) == nil { _ = g_main_context_iteration(nil, 1) }
        let clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window)!)
        var moves = 0, last: UInt64 = 0, longest = 0.0
        Signal.connect(clock, "after-paint") {
            guard library.controller.numberOfRows > 100, screen.list.boundRowCount > 0 else { return }
            let now = DispatchTime.now().uptimeNanoseconds
            if moves > 0 { longest = max(longest, Double(now - last) / 1e6) }
            last = now
            guard moves < 100 else {
                print(String(format: "%.1f", longest))
                exit(0)
            }
            moves == 0 ? reader.open(at: 0) : reader.next()
            moves += 1
            gtk_widget_queue_draw(window)
        }
        while true {
            withExtendedLifetime((library, reader, view, screen)) { _ = g_main_context_iteration(nil, 1) }
        }
    }
}

/// The rich article made from its HTML on a worker queue as each item
/// opens, as the window's article source makes a library item's.
private final class WorkerArticleSource: ArticleSource {
    private let html: String
    private let work = BackgroundWork(label: "benchmark articles")

    init(html: String) {
        self.html = html
    }

    func article(of item: Item, completion: @escaping (Article) -> Void) -> FeedLoadTask {
        let task = Once()
        work.run({ [html] in HTMLArticle.article(fromHTML: html, base: URL(string: "https://example.com/")!) }) { article in
            if !task.isCancelled { completion(article) }
        }
        return task
    }

    private final class Once: FeedLoadTask {
        var isCancelled = false
        func cancel() { isCancelled = true }
    }
}
