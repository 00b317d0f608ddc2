import Foundation
import ItemFeed
import ItemFeedXML
import XCTest

/// SPEC 19 on the model the pane draws: tables with spans and header
/// cells, layout tables read as content, code in its language, players as
/// cards, pictures by their best source, and the rest of an article's HTML.
final class HTMLArticleBlocksTests: XCTestCase {
    private let base = URL(string: "https://blog.example/posts/1")!

    private func map(_ html: String) -> Article { HTMLArticle.article(fromHTML: html, base: base) }

    private func table(_ article: Article, at index: Int = 0) -> ArticleTable? {
        let tables = article.blocks.compactMap { if case let .table(table) = $0.kind { table } else { nil } }
        return index < tables.count ? tables[index] : nil
    }

    func test_aDataTable_keepsHeaderCells_spans_andSectionsInOrder() throws {
        let article = map("""
        <table><caption>Sizes</caption><tfoot><tr><td>Total</td><td>3</td><td>9</td></tr></tfoot>
        <thead><tr><th>Name</th><th colspan="2">Counts</th></tr></thead>
        <tbody><tr><td rowspan="2">a</td><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></tbody></table>
        """)

        let grid = try XCTUnwrap(table(article))
        XCTAssertEqual(grid.caption, "Sizes")
        XCTAssertEqual(grid.rows.map { $0.map(\.text) }, [["Name", "Counts"], ["a", "1", "2"], ["3", "4"], ["Total", "3", "9"]], "head, body, then foot")
        XCTAssertEqual(grid.rows[0].map(\.isHeader), [true, true])
        XCTAssertEqual(grid.rows[0][1].columnSpan, 2)
        XCTAssertEqual(grid.columnCount, 3)
        let placed = grid.placements.map { "\($0.cell.text)@\($0.row),\($0.column)" }
        XCTAssertEqual(placed, ["Name@0,0", "Counts@0,1", "a@1,0", "1@1,1", "2@1,2", "3@2,1", "4@2,2", "Total@3,0", "3@3,1", "9@3,2"],
                       "the row under a rowspan starts after it")
    }

    func test_layoutTables_oneCell_oneColumn_orOnlyPictures_readAsTheirContent() {
        let article = map("""
        <table><tr><td><p>Only cell</p></td></tr></table>
        <table><tr><td>Row one</td></tr><tr><td>Row two</td></tr></table>
        <table><tr><td><img src="/a.png" alt="A"></td><td><img src="/b.png" alt="B"></td></tr></table>
        """)

        XCTAssertNil(table(article))
        XCTAssertEqual(article.blocks.map(\.text), ["Only cell", "Row one", "Row two", "", ""])
        XCTAssertEqual(article.blocks.compactMap { if case let .image(_, alternative, _, _) = $0.kind { alternative } else { nil } }, ["A", "B"])
    }

    func test_aTableInACell_isATableOfItsOwn_andLinksInCellsAreTheArticles() throws {
        let article = map("""
        <table><tr><td>Outer <a href="/x">x</a></td><td><table><tr><th>In</th><th>Ner</th></tr><tr><td>1</td><td>2</td></tr></table></td></tr></table>
        """)

        let outer = try XCTUnwrap(table(article))
        guard case let .table(inner)? = outer.rows[0][1].blocks.first?.kind else { return XCTFail("no inner table: \(outer.rows[0][1].blocks)") }
        XCTAssertEqual(inner.rows.map { $0.map(\.text) }, [["In", "Ner"], ["1", "2"]])
        XCTAssertEqual(article.links, [URL(string: "https://blog.example/x")!])
    }

    func test_hugeAndDeepTables_areCapped_withTheirTextKept() throws {
        let rows = String(repeating: "<tr><td>a</td><td>b</td></tr>", count: 3_000)
        let huge = map("<table>\(rows)</table>")
        let grid = try XCTUnwrap(table(huge))
        XCTAssertEqual(grid.rows.joined().count, 2_000)
        XCTAssertEqual(huge.blocks.count - 1, 4_000, "the cells past the grid's cap read after it")

        let deep = map(String(repeating: "<table><tr><td>x</td><td>", count: 50) + "core" + String(repeating: "</td></tr></table>", count: 50))
        XCTAssertTrue(deep.plainText.contains("core"))
        XCTAssertEqual(HTMLArticle.article(fromHTML: "<table><tr><td colspan=100000 rowspan=-3>x</td><td>y</td></tr></table>", base: base)
            .blocks.first.flatMap { if case let .table(t) = $0.kind { t.rows[0][0].columnSpan } else { nil } }, 64)
    }

    func test_code_takesTheLanguageThePageNames_neverAPath() {
        let article = map("""
        <pre class="language-swift">let a = 1</pre>
        <pre><code class="lang-js">f()</code></pre>
        <div class="highlight"><pre class="highlight-source-python">x = 1</pre></div>
        <pre><code class="language-../../etc/passwd">y</code></pre>
        <p>inline <code>z()</code> and <kbd>Ctrl</kbd></p>
        """)

        XCTAssertEqual(article.blocks.prefix(4).map(\.kind), [.code(language: "swift"), .code(language: "js"), .code(language: "python"), .code(language: nil)])
        XCTAssertEqual(article.blocks[4].runs.filter { $0.style.contains(.code) }.map(\.text), ["z()", "Ctrl"])
    }

    func test_players_becomeCards_withTheServicesPage_andNothingEmbeddedIsDropped() {
        let article = map("""
        <iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0" title="A song"></iframe>
        <iframe src="//player.vimeo.com/video/76979871"></iframe>
        <iframe src="https://peertube.example/videos/embed/9c9de5e8-0a1e-484a-b099-e80766180a6d"></iframe>
        <iframe src="https://maps.example/embed?pb=1"></iframe>
        <iframe src="javascript:alert(1)"></iframe>
        <video poster="/poster.jpg" controls><source src="/clip.webm" type="video/webm">Your browser…</video>
        <audio src="https://cdn.example/episode.mp3"></audio>
        """)

        let cards = article.blocks.compactMap { if case let .media(media) = $0.kind { media } else { nil } }
        XCTAssertEqual(cards.map(\.kind), [.video, .video, .video, .page, .unavailable, .video, .audio])
        XCTAssertEqual(cards[0].address, URL(string: "https://www.youtube.com/watch?v=dQw4w9WgXcQ"))
        XCTAssertEqual(cards[0].poster, URL(string: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"))
        XCTAssertEqual(cards[0].title, "A song")
        XCTAssertEqual(cards[1].address, URL(string: "https://vimeo.com/76979871"))
        XCTAssertEqual(cards[2].address, URL(string: "https://peertube.example/w/9c9de5e8-0a1e-484a-b099-e80766180a6d"))
        XCTAssertEqual(cards[3].address?.host, "maps.example")
        XCTAssertNil(cards[4].address)
        XCTAssertEqual(cards[5].address, URL(string: "https://blog.example/clip.webm"))
        XCTAssertEqual(cards[5].poster, URL(string: "https://blog.example/poster.jpg"))
        XCTAssertEqual(cards[6].title, "episode.mp3")
        XCTAssertFalse(article.plainText.contains("Your browser"), "a player's fallback text is not the article's")
    }

    func test_aPlayerThePageNeverCloses_stillLeavesItsCard() {
        let article = map(#"<p>Before</p><video poster="/p.jpg"><source src="/v.mp4">"#)

        XCTAssertEqual(article.blocks.map(\.text), ["Before", "v.mp4"])
    }

    func test_pictures_takeTheirBestSource_lazyOnesTheirRealOne_andKeepTheirSize() {
        let article = map("""
        <img src="/small.jpg" srcset="/a-640.jpg 640w, /a-1400.jpg 1400w, /a-2800.jpg 2800w" alt="Wide" width="640" height="320">
        <img src="data:image/gif;base64,R0lGOD" data-src="/lazy.jpg" alt="Lazy">
        <img srcset="/one.png, /two.png 2x, /three.png 3x" alt="Dense">
        <picture><source srcset="/p.avif" type="image/avif"><img src="/p.jpg" alt="Picture"></picture>
        <img src="/x.png" srcset=",,, bogus 12q" alt="Malformed">
        <figure><img src="/f.png" alt="Fig"><figcaption>The <b>caption</b></figcaption></figure>
        """)

        let pictures = article.blocks.compactMap { if case let .image(source, _, width, height) = $0.kind { "\(source.path) \(width)×\(height)" } else { nil } }
        XCTAssertEqual(pictures, ["/a-1400.jpg 640×320", "/lazy.jpg 0×0", "/two.png 0×0", "/p.avif 0×0", "/x.png 0×0", "/f.png 0×0"])
        XCTAssertEqual(article.blocks.last?.kind, .caption)
        XCTAssertEqual(article.blocks.last?.text, "The caption")
    }

    func test_inlineStyles_subSupDelInsMark_quotesAndRuby() {
        let article = map("<p>H<sub>2</sub>O, mc<sup>2</sup>, <del>old</del> <ins>new</ins> <mark>hit</mark> <q>said</q> <ruby>漢<rp>(</rp><rt>かん</rt><rp>)</rp></ruby></p>")

        let runs = article.blocks[0].runs
        XCTAssertEqual(runs.first { $0.style == .lowered }?.text, "2")
        XCTAssertEqual(runs.first { $0.style == .raised }?.text, "2")
        XCTAssertEqual(runs.first { $0.style == .struck }?.text, "old")
        XCTAssertEqual(runs.first { $0.style == .underlined }?.text, "new")
        XCTAssertEqual(runs.first { $0.style == .marked }?.text, "hit")
        XCTAssertEqual(article.plainText, "H2O, mc2, old new hit “said” 漢(かん)")
    }

    func test_lists_number_fromTheirStart_reversed_andInTheirType() {
        let article = map("""
        <ol start="4"><li>d</li><li>e</li></ol><ol reversed><li>x</li><li>y</li><li>z</li></ol>
        <ol type="a"><li>a</li><li value="27">aa</li></ol><ol type="I" start="9"><li>nine</li><li>ten</li></ol>
        <dl><dt>Term</dt><dd>Meaning</dd></dl>
        """)

        let markers = article.blocks.compactMap { if case let .listItem(marker) = $0.kind { marker } else { nil } }
        XCTAssertEqual(markers, ["4.", "5.", "3.", "2.", "1.", "a.", "aa.", "IX.", "X.", ""])
        XCTAssertEqual(article.blocks.first { $0.text == "Term" }?.runs.first?.style, .bold)
    }

    func test_rightToLeftText_isMarked_byItsDirOrItsLetters() {
        let article = map(#"<p dir="rtl">abc</p><p>שלום עולם</p><p>مرحبا</p><p>Hello</p>"#)

        XCTAssertEqual(article.blocks.map(\.isRightToLeft), [true, true, true, false])
    }

    func test_anAbbreviation_isSpelledOut_afterItsFirstUse_forEveryReader() {
        let article = map(#"<p><abbr title="HyperText Markup Language">HTML</abbr> and <abbr title="HyperText Markup Language">HTML</abbr>, <abbr>CSS</abbr> <abbr title="  ">JS</abbr></p>"#)

        XCTAssertEqual(article.plainText, "HTML (HyperText Markup Language) and HTML, CSS JS")
    }

    func test_details_isADisclosure_ofItsSummary_holdingWhatItFolds() throws {
        let article = map("""
        <p>Before</p>
        <details><summary>Spoiler <b>ahead</b></summary><p>The butler did it.</p><pre>code()</pre></details>
        <details open><p>No summary of its own</p></details>
        <p>After</p>
        """)

        XCTAssertEqual(article.blocks.map(\.text).first, "Before")
        XCTAssertEqual(article.blocks.last?.text, "After")
        let disclosures = article.blocks.compactMap { block -> (ArticleBlock, ArticleDetails)? in
            if case let .details(details) = block.kind { (block, details) } else { nil }
        }
        XCTAssertEqual(disclosures.count, 2)
        let (spoiler, folded) = try XCTUnwrap(disclosures.first)
        XCTAssertEqual(spoiler.runs.map(\.text), ["Spoiler ", "ahead"])
        XCTAssertEqual(spoiler.runs.last?.style, .bold)
        XCTAssertFalse(folded.isOpen)
        XCTAssertEqual(folded.blocks.map(\.text), ["The butler did it.", "code()"])
        XCTAssertEqual(disclosures.last?.0.text, "Details\nNo summary of its own", "a browser's word for a details without summary")
        XCTAssertEqual(disclosures.last?.1.isOpen, true)
        XCTAssertTrue(spoiler.allRuns.map(\.text).contains("The butler did it."), "what it folds is the article's text too")
    }

    func test_deepDetails_areCapped_withTheirTextKept() {
        let html = String(repeating: "<details><summary>s</summary><p>t</p>", count: 40) + String(repeating: "</details>", count: 40)

        let article = map(html)

        func depth(_ blocks: [ArticleBlock]) -> Int {
            blocks.map { if case let .details(details) = $0.kind { 1 + depth(details.blocks) } else { 0 } }.max() ?? 0
        }
        XCTAssertEqual(depth(article.blocks), 6)
        XCTAssertEqual(article.blocks.flatMap(\.allRuns).filter { $0.text == "t" }.count, 40)
    }
}
