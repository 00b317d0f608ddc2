import CGtk
import CSourceView
import Foundation
import GtkTestKit
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedGtk
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// SPEC 19 drawn, as a reader and a screen reader meet it: a table is a
/// table of cells in aligned columns, a long code line scrolls sideways
/// inside its block (it was cut at the pane's edge), an embedded video is a
/// card that plays (it left nothing), and none of them widens the window.
final class ArticleBlocksPaneTests: AdwTestCase {
    private func cell(_ text: String, header: Bool = false, columns: Int = 1) -> ArticleTableCell {
        ArticleTableCell(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun(text)])], isHeader: header, columnSpan: columns)
    }

    @MainActor func test_aDataTable_isATableOfCells_inAlignedColumns_withItsHeaderCellsSetApart() async throws {
        try GtkDisplay.require()
        let (view, _) = makeView(width: 900)
        let table = ArticleTable(rows: [
            [cell("City", header: true), cell("Population", header: true)],
            [cell("Lisbon"), cell("545,000")],
            [cell("A much longer name of a town"), cell("12")],
        ])

        show([ArticleBlock(kind: .paragraph, runs: [ArticleRun("Before")]), ArticleBlock(kind: .table(table))], in: view)

        let shown = WidgetQuery(Widget(view.root))
        let grid = try shown.one("the table") { $0.role == .table }
        XCTAssertEqual(grid.name, "Table")
        let cells = WidgetQuery(grid).all { $0.role == .cell || $0.role == .columnHeader }
        XCTAssertEqual(cells.map(\.text), ["City", "Population", "Lisbon", "545,000", "A much longer name of a town", "12"])
        XCTAssertEqual(cells.prefix(2).map(\.role), [.columnHeader, .columnHeader])
        XCTAssertTrue(MainContext.iterate(until: { cells.allSatisfy { $0.drawnSize.width > 0 } }, timeoutSeconds: 5))
        let left = cells.map { x(of: $0, in: grid) }
        XCTAssertEqual(left[1], left[3], "the second column starts at one place")
        XCTAssertEqual(left[3], left[5])
        XCTAssertFalse(ShownArticle(view).text.contains("\t"), "no longer text with tabs")
    }

    @MainActor func test_aCodeBlocksLongLine_scrollsSidewaysWithinTheBlock_andCopyCopiesItAsWritten() async throws {
        try GtkDisplay.require()
        let (view, window) = makeView(width: 700)
        let line = "let total = " + (1...80).map { "value\($0)" }.joined(separator: " + ")
        let code = "func sum() {\n    \(line)\n}"

        show([ArticleBlock(kind: .code(language: "swift"), runs: [ArticleRun(code)])], in: view)

        let shown = WidgetQuery(Widget(view.root))
        let source = try shown.widget(ofType: gtk_source_view_get_type())
        XCTAssertEqual(source.text, code)
        XCTAssertEqual(source.name, "Code in swift")
        XCTAssertTrue(MainContext.iterate(until: { ReadingPaneTests.hasColour(source, at: 0) }, timeoutSeconds: 5), "“func”, a keyword, highlighted")
        XCTAssertFalse(ReadingPaneTests.hasColour(source, at: 14), "the indent before “let”, not")
        XCTAssertTrue(MainContext.iterate(until: { (source.horizontalScroll?.length ?? 0) > (source.horizontalScroll?.pageLength ?? .infinity) }, timeoutSeconds: 5),
                      "the line is longer than the block shows: \(String(describing: source.horizontalScroll))")
        try User.scroll(source, sidewaysToFraction: 1)
        XCTAssertEqual(source.horizontalScroll?.fraction ?? 0, 1, accuracy: 0.001, "its end can be scrolled to")
        XCTAssertLessThanOrEqual(Widget(window).drawnSize.width, 700, "the window keeps its width")

        try User.click(shown.widget(role: .button, named: "Copy Code"))
        XCTAssertEqual(clipboardText(of: source), code)
    }

    /// A megabyte on one line is drawn cut (a line that long is laid out in
    /// no frame), and copied whole.
    @MainActor func test_aMegabyteOnOneLine_isDrawnCut_andCopiedWhole() async throws {
        try GtkDisplay.require()
        let (view, _) = makeView(width: 700)
        let code = String(repeating: "x = 1; ", count: 150_000)

        show([ArticleBlock(kind: .code(language: "/etc/passwd"), runs: [ArticleRun(code)])], in: view)

        let shown = WidgetQuery(Widget(view.root))
        let source = try shown.widget(ofType: gtk_source_view_get_type())
        XCTAssertEqual(source.text?.count, CodeBlock.maxDrawnLine + 1)
        XCTAssertEqual(source.text?.last, "…")
        try User.click(shown.widget(role: .button, named: "Copy Code"))
        XCTAssertEqual(clipboardText(of: source)?.count, code.count)
    }

    /// The article is set in the desktop's document font, and follows it.
    @MainActor func test_theArticle_isSetInTheDesktopsDocumentFont_andFollowsIt() async throws {
        try GtkDisplay.require()
        let settings = try XCTUnwrap(g_settings_new("org.gnome.desktop.interface"), "GNOME's settings schemas (gsettings-desktop-schemas) are installed")
        let before = g_settings_get_string(settings, "document-font-name").map { value in defer { g_free(value) }; return String(cString: value) } ?? "Cantarell 11"
        addTeardownBlock { @MainActor in
            g_settings_set_string(settings, "document-font-name", before)
            g_object_unref(UnsafeMutableRawPointer(settings))
        }
        let (view, _) = makeView(width: 900)
        show([ArticleBlock(kind: .paragraph, runs: [ArticleRun("Words")])], in: view)
        let text = Widget(view.text.textView)

        g_settings_set_string(settings, "document-font-name", "DejaVu Serif 15")

        // GTK's CSS sets points at 96 pixels an inch: 15 pt is Pango's 20.
        XCTAssertTrue(MainContext.iterate(until: { ReadingPaneTests.fontSize(text) == 20 }, timeoutSeconds: 2), "\(ReadingPaneTests.fontSize(text))")
        let font = try XCTUnwrap(pango_context_get_font_description(gtk_widget_get_pango_context(text.pointer)))
        XCTAssertEqual(pango_font_description_get_family(font).map { String(cString: $0) }, "DejaVu Serif")
    }

    @MainActor func test_anEmbeddedVideo_isACard_namedPlay_thatOpensItsPage() async throws {
        try GtkDisplay.require()
        var opened: [URL] = []
        let (view, _) = makeView(width: 900) { opened.append($0) }
        let watch = URL(string: "https://www.youtube.com/watch?v=dQw4w9WgXcQ")!
        let video = ArticleMedia(kind: .video, address: watch, poster: URL(string: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"), title: "A song")
        let blocked = ArticleMedia(kind: .unavailable, address: nil, title: "Embedded content")

        show([ArticleBlock(kind: .media(video)), ArticleBlock(kind: .media(blocked))], in: view)

        let shown = WidgetQuery(Widget(view.root))
        try User.click(shown.widget(role: .button, named: "Play: A song"))
        XCTAssertEqual(opened, [watch])
        XCTAssertFalse(try shown.widget(role: .button, named: "Embedded content not shown: Embedded content").isSensitive, "a card that loads nothing does nothing")
        XCTAssertEqual(ArticlePaneAccessibilityTests.namelessWidgets(under: view.root), [])
    }

    @MainActor func test_details_isAnExpander_namedByItsSummary_closedUntilTheReaderOpensIt() async throws {
        try GtkDisplay.require()
        let (view, _) = makeView(width: 900)
        let folded = ArticleDetails(blocks: [
            ArticleBlock(kind: .paragraph, runs: [ArticleRun("The butler did it.")]),
            ArticleBlock(kind: .code(language: "swift"), runs: [ArticleRun("let culprit = butler")]),
        ])

        show([ArticleBlock(kind: .paragraph, runs: [ArticleRun("Before")]), ArticleBlock(kind: .details(folded), runs: [ArticleRun("Spoiler")])], in: view)

        let shown = WidgetQuery(Widget(view.root))
        let expander = try shown.widget(ofType: gtk_expander_get_type())
        XCTAssertTrue(shown.all { $0.text == "The butler did it." }.isEmpty, "folded away")
        let summary = try shown.one("the summary's button") { $0.role == .button && $0.name == "Spoiler" }
        XCTAssertFalse(summary.isExpanded)

        try User.click(expander)

        XCTAssertTrue(MainContext.iterate(until: { shown.all { $0.text == "The butler did it." }.first?.drawnSize.height ?? 0 > 0 }, timeoutSeconds: 2))
        XCTAssertTrue(summary.isExpanded, "a screen reader hears it open")
        XCTAssertEqual(try shown.widget(ofType: gtk_source_view_get_type()).text, "let culprit = butler")
        XCTAssertEqual(ArticlePaneAccessibilityTests.namelessWidgets(under: view.root), [])
    }

    /// Opening a disclosure at the end of a long article jumped back to the
    /// text's top: the click gave the text view the focus, and GTK's
    /// viewport scrolled to it (found in a real window). The keyboard's
    /// focus is still followed, just as far as it must.
    @MainActor func test_focusInTheText_keepsTheArticleWhereItIs_andTheKeyboardsFocusIsScrolledTo() async throws {
        try GtkDisplay.require()
        let (view, _) = makeView(width: 700)
        let paragraphs = (1...60).map { ArticleBlock(kind: .paragraph, runs: [ArticleRun("Paragraph \($0) of a long article about tides.")]) }
        show(paragraphs + [ArticleBlock(kind: .code(language: nil), runs: [ArticleRun("let last = true")])], in: view)
        let text = try WidgetQuery(Widget(view.root)).one("the text") { $0.isA(gtk_text_view_get_type()) && $0.name == "Article" }
        let copy = try WidgetQuery(Widget(view.root)).widget(role: .button, named: "Copy Code")
        let adjustment = try XCTUnwrap(gtk_scrolled_window_get_vadjustment(itemfeed_scrolled_window(try XCTUnwrap(text.enclosingScrolledWindow).pointer)))
        XCTAssertTrue(MainContext.iterate(until: { gtk_adjustment_get_upper(adjustment) > gtk_adjustment_get_page_size(adjustment) * 2 }, timeoutSeconds: 5))

        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        let end = gtk_adjustment_get_value(adjustment)
        _ = gtk_widget_grab_focus(text.pointer)
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.5)
        XCTAssertEqual(gtk_adjustment_get_value(adjustment), end, accuracy: 1, "where the reader was")

        gtk_adjustment_set_value(adjustment, 0)
        _ = gtk_widget_grab_focus(copy.pointer)
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.3)
        XCTAssertGreaterThan(gtk_adjustment_get_value(adjustment), end - gtk_adjustment_get_page_size(adjustment), "the focused button scrolled into view")
    }

    /// `make benchmark`'s article probe (release build) crashed painting
    /// the text, 3 runs in 8, when an article with code blocks replaced the
    /// last while it was still being filled: a new buffer for each article
    /// left GTK 4.8's text layout with lines of the old one. This debug
    /// build never crashed either way, so it guards the path (with the
    /// focus on a block's button the next article takes away), the probe
    /// the crash (0 runs in 18 since).
    @MainActor func test_aLongArticleWithCode_shownAgainAndAgain_whileItIsStillBeingFilled() async throws {
        try GtkDisplay.require()
        let (view, _) = makeView(width: 800)
        // Made here, not parsed: the feeds' libxml2 set-up would leave
        // GtkSourceView's language files unread for the tests after.
        var blocks = [ArticleBlock(kind: .heading(level: 1), runs: [ArticleRun("A title")])]
        for index in 0..<1_200 {
            blocks.append(ArticleBlock(kind: .paragraph, runs: [
                ArticleRun("Paragraph \(index) about the garden, the river and a "), ArticleRun("link", link: URL(string: "https://example.com/\(index)")),
                ArticleRun(", "), ArticleRun("bold", style: .bold), ArticleRun("."),
            ]))
            if index % 10 == 0 { blocks.append(ArticleBlock(kind: .code(language: nil), runs: [ArticleRun("let x = \(index)\nprint(x)")])) }
            if index % 13 == 0 { blocks.append(ArticleBlock(kind: .listItem(marker: "•"), listDepth: 1, runs: [ArticleRun("one point")])) }
        }
        let article = Article(blocks: blocks)

        for round in 0..<40 {
            if let copy = WidgetQuery(Widget(view.root)).all(where: { $0.role == .button && $0.name == "Copy Code" }).first {
                _ = gtk_widget_grab_focus(copy.pointer)
            }
            view.show(ReadingController<Thumbnail>.Page(position: 0, item: Item(id: "a", name: "A", imageURL: nil), feed: nil, byline: "", article: article))
            gtk_widget_queue_draw(view.root)
            _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.02 + Double(round % 4) * 0.02)
        }

        XCTAssertTrue(ShownArticle(view).text.hasPrefix("A title\nParagraph 0"), ShownArticle(view).text.prefix(40).description)
    }

    @MainActor func test_aWideTable_scrollsSidewaysOnItsOwn_andNeverWidensANarrowWindow() async throws {
        try GtkDisplay.require()
        let (view, window) = makeView(width: 420)
        let wide = ArticleTable(rows: [(1...12).map { cell("Column heading \($0)", header: true) }, (1...12).map { cell("value \($0)") }])

        show([ArticleBlock(kind: .table(wide))], in: view)

        let grid = try WidgetQuery(Widget(view.root)).one("the table") { $0.role == .table }
        let scrolled = try XCTUnwrap(grid.enclosingScrolledWindow)
        // Once laid out: under TSan a first allocation of the table's own
        // scrolled window may still be its natural width when its scroll
        // bar is first set, a frame before GTK gives it the window's.
        XCTAssertTrue(MainContext.iterate(until: {
            (grid.horizontalScroll?.length ?? 0) > (grid.horizontalScroll?.pageLength ?? .infinity) && scrolled.drawnSize.width <= 420
        }, timeoutSeconds: 5), "\(String(describing: grid.horizontalScroll)) \(grid.drawnSize) \(scrolled.drawnSize) \(Widget(window).drawnSize)")
        XCTAssertLessThanOrEqual(Widget(window).drawnSize.width, 420)
        XCTAssertLessThanOrEqual(scrolled.drawnSize.width, 420)
    }

    // MARK: Helpers

    @MainActor private func show(_ blocks: [ArticleBlock], in view: ArticleView) {
        view.show(ReadingController<Thumbnail>.Page(position: 0, item: Item(id: "a", name: "A", imageURL: nil), feed: nil, byline: "", article: Article(blocks: blocks)))
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.2)
    }

    @MainActor private func x(of widget: Widget, in ancestor: Widget) -> Double {
        var x = 0.0, y = 0.0
        _ = gtk_widget_translate_coordinates(widget.pointer, ancestor.pointer, 0, 0, &x, &y)
        return x
    }

    @MainActor private func clipboardText(of widget: Widget) -> String? {
        let clipboard = gtk_widget_get_clipboard(widget.pointer)
        final class Box { var text: String?; var done = false }
        let box = Box()
        let unmanaged = Unmanaged.passRetained(box)
        gdk_clipboard_read_text_async(clipboard, nil, { source, result, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue()
            if let value = gdk_clipboard_read_text_finish(OpaquePointer(source), result, nil) {
                box.text = String(cString: value)
                g_free(value)
            }
            box.done = true
        }, unmanaged.toOpaque())
        _ = MainContext.iterate(until: { box.done }, timeoutSeconds: 5)
        return box.text
    }

    @MainActor private func makeView(width: Int32, openLink: @escaping (URL) -> Void = { _ in }) -> (ArticleView, UnsafeMutablePointer<GtkWidget>) {
        let spy = ItemLoaderSpy()
        let list = ItemListComposer.compose(itemLoader: spy, imageLoader: spy, imageDecoder: PixbufImageDecoder(maxPixelSize: 64))
        let reader = ReadingComposer.compose(list: list, marks: nil, articles: ImmediateArticleSource { _ in Article(blocks: []) })
        let view = ArticleView(reader: reader, openLink: openLink)
        let window = gtk_window_new()!
        gtk_window_set_default_size(itemfeed_window(window), width, 600)
        gtk_window_set_child(itemfeed_window(window), view.root)
        gtk_window_present(itemfeed_window(window))
        addTeardownBlock { @MainActor in gtk_window_destroy(itemfeed_window(window)) }
        _ = MainContext.iterate(until: { gtk_widget_get_width(window) > 0 }, timeoutSeconds: 2)
        return (view, window)
    }
}
