import CGtk
import Foundation
import ItemFeed
import ItemFeedApp
import ItemFeedGLib
import ItemFeedGtk
import ItemFeedUI
import ItemFeedXML

/// `make benchmark`'s rich reading rows (SPEC 19), in a shown window under
/// Xvfb: the rich article scrolled through, and j through a library whose
/// every item is it. Its pictures are a 1200 × 800 PNG made here, decoded by
/// the pane's own decoder at the column's width, as the window's are.
@MainActor
enum RichReading {
    /// `scroll FILE`: the article shown, its pictures loaded as they come
    /// near, then scrolled down half a page a frame to its end; prints the
    /// longest time between two frames while scrolling (ms) and the
    /// resident memory the article added to the pane, from the pane showing
    /// a paragraph and a code block to the article's end (MiB).
    static func scroll(_ path: String, composition: ItemFeedComposition, links: ItemListCoordinator) -> Never {
        let html = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self)
        let article = HTMLArticle.article(fromHTML: html, base: URL(string: "https://example.com/")!)
        let list = composition.makeListController(feedURL: URL(fileURLWithPath: path), coordinator: links)
        let reader = ReadingController(list: list, articles: ImmediateArticleSource { _ in article })
        let view = ArticleView(reader: reader, loadImage: ProcessInfo.processInfo.environment["NO_PICTURES"] == nil ? pictures() : nil) { _ in }
        let window = adw_window_new()!
        gtk_window_set_default_size(itemfeed_window(window), 800, 720)
        adw_window_set_content(itemfeed_adw_window(window), view.root)
        gtk_window_present(itemfeed_window(window))
        while gtk_widget_get_frame_clock(window) == nil { _ = g_main_context_iteration(nil, 1) }
        func settle() {
            let settled = DispatchTime.now().uptimeNanoseconds + 1_500_000_000
            while DispatchTime.now().uptimeNanoseconds < settled { _ = g_main_context_iteration(nil, 0); usleep(1_000) }
        }
        func show(_ article: Article) {
            view.show(ReadingController<Thumbnail>.Page(position: 0, item: Item(id: "a", name: "An article", imageURL: nil), feed: "Feed", byline: "", article: article))
        }
        // What the pane holds for an article of a paragraph and a code
        // block is its own, not this one's: measured from there.
        show(Article(blocks: [
            ArticleBlock(kind: .paragraph, runs: [ArticleRun("A paragraph.")]), ArticleBlock(kind: .code(language: "swift"), runs: [ArticleRun("let x = 1")]),
        ]))
        settle()
        let before = residentMiB().now
        show(article)
        // The rest of the article is added a part a frame: let it all in first.
        settle()
        // The article's own: the longest (the blocks' scroll sideways).
        guard let adjustment = scrolledAdjustments(under: view.root).max(by: { gtk_adjustment_get_upper($0) < gtk_adjustment_get_upper($1) }) else { exit(1) }
        let clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window)!)
        var last: UInt64 = 0, longest = 0.0
        Signal.connect(clock, "after-paint") {
            let now = DispatchTime.now().uptimeNanoseconds
            if last > 0 { longest = max(longest, Double(now - last) / 1e6) }
            last = now
            let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
            let end = gtk_adjustment_get_upper(adjustment) - page
            guard value < end - 1 else {
                print(String(format: "%.1f %.1f", longest, residentMiB().now - before))
                exit(0)
            }
            gtk_adjustment_set_value(adjustment, min(value + page / 2, end))
            gtk_widget_queue_draw(window)
        }
        // The first frame asked for: nothing else would paint the settled page.
        gtk_widget_queue_draw(window)
        while true {
            withExtendedLifetime((reader, view)) { _ = g_main_context_iteration(nil, 1) }
        }
    }

    /// A 1200 × 800 PNG for every picture, decoded at the column's width on
    /// the decoder's threads, as the window's article pictures are.
    static func pictures() -> ArticleView.LoadImage {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 1200, 800)!
        gdk_pixbuf_fill(pixbuf, 0x3584e4ff)
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        _ = gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "png", nil, nil, nil)
        let png = Data(bytes: buffer!, count: Int(size))
        g_free(buffer)
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
        let decoder = PixbufImageDecoder(maxPixelSize: ArticleView.imageWidth, shape: .whole)
        return { _, completion in decoder.decode(png) { completion(try? $0.get()) } }
    }

    private static func scrolledAdjustments(under widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkAdjustment>] {
        var found: [UnsafeMutablePointer<GtkAdjustment>] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(current)), gtk_scrolled_window_get_type()) != 0,
               let adjustment = gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(current)) {
                found.append(adjustment)
            }
            found += scrolledAdjustments(under: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }
}
