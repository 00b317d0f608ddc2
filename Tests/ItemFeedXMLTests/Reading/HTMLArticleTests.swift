import Foundation
import ItemFeed
import ItemFeedXML
import XCTest

/// An item's HTML as native formatted text: each kind of element the
/// reader keeps, and what hostile or broken HTML makes of it.
final class HTMLArticleTests: XCTestCase {
    private let base = URL(string: "https://blog.example/posts/1")!

    func test_paragraphsAndHeadings_areBlocks_withWhitespaceCollapsed() {
        let article = map("<h2>  Title </h2>\n<p>One\n   two.</p><p>Three</p>loose text<div>in a div</div><h7>unknown, inline</h7>")

        XCTAssertEqual(article.blocks.map(\.kind), [.heading(level: 2)] + Array(repeating: .paragraph, count: 5))
        XCTAssertEqual(article.blocks.map(\.text), ["Title", "One two.", "Three", "loose text", "in a div", "unknown, inline"])
    }

    func test_emphasisCodeAndLinks_areRuns_andRelativeLinksAreResolved() {
        let article = map(#"<p>A <b>bold <i>and italic</i></b> <code>x()</code> <a href="../2">next</a>.</p>"#)

        XCTAssertEqual(article.blocks.first?.runs, [
            ArticleRun("A "), ArticleRun("bold ", style: .bold), ArticleRun("and italic", style: [.bold, .italic]),
            ArticleRun(" "), ArticleRun("x()", style: .code), ArticleRun(" "),
            ArticleRun("next", link: URL(string: "https://blog.example/2")), ArticleRun("."),
        ])
    }

    func test_lists_nested_numberedAndBulleted() {
        let article = map("<ol><li>First<ul><li>Inner</li></ul></li><li>Second</li></ol><ul><li>Dot</li></ul>")

        XCTAssertEqual(article.blocks.map(\.kind), [
            .listItem(marker: "1."), .listItem(marker: "•"), .listItem(marker: "2."), .listItem(marker: "•"),
        ])
        XCTAssertEqual(article.blocks.map(\.listDepth), [1, 2, 1, 1])
        XCTAssertEqual(article.blocks.map(\.text), ["First", "Inner", "Second", "Dot"])
    }

    func test_quotesCodeRulesImagesAndTables() {
        let article = map("""
        <blockquote><p>Quoted</p><blockquote>Deeper</blockquote></blockquote>
        <pre>let x = 1
          indented</pre><hr><img src="/img/a.png" alt="A chart">
        <table><tr><th>Name</th><th>Size</th></tr><tr><td>a</td><td>1</td></tr></table>
        """)

        let table = ArticleTable(rows: [
            [ArticleTableCell(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun("Name")])], isHeader: true),
             ArticleTableCell(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun("Size")])], isHeader: true)],
            [ArticleTableCell(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun("a")])]),
             ArticleTableCell(blocks: [ArticleBlock(kind: .paragraph, runs: [ArticleRun("1")])])],
        ])
        XCTAssertEqual(article.blocks.map(\.kind), [
            .paragraph, .paragraph, .code(language: nil), .rule,
            .image(source: URL(string: "https://blog.example/img/a.png")!, alternative: "A chart"), .table(table),
        ])
        XCTAssertEqual(article.blocks.map(\.quoteDepth), [1, 2, 0, 0, 0, 0])
        XCTAssertEqual(article.blocks[2].text, "let x = 1\n  indented", "whitespace kept as it is")
        XCTAssertEqual(article.blocks[5].text, "Name\tSize\na\t1")
    }

    func test_scriptsStylesFramesAndForms_goWithTheirText() {
        let article = map("""
        <p>Kept</p><script>alert("x")</script><style>p { color: red }</style><iframe src="https://evil.example">frame</iframe>
        <form action="/steal"><input value="x"><button>Send</button><textarea>typed</textarea></form>
        <p onclick="alert(1)" style="display:none">Also kept</p><noscript>no</noscript><svg><text>drawn</text></svg>
        """)

        XCTAssertEqual(article.plainText, "Kept\nEmbedded page from evil.example\nAlso kept", "the frame a card, never its text")
    }

    func test_linksAndImagesThatAreNotWebAddresses_keepOnlyTheirText() {
        let article = map(#"""
        <p><a href="javascript:alert(1)">script</a> <a href="data:text/html,x">data</a> <a href="file:///etc/passwd">file</a>
        <a href="mailto:a@example.com">mail</a> <a href="  https://ok.example/  ">ok</a></p>
        <img src="javascript:x"><img src="data:image/png;base64,AAAA"><img src="file:///etc/hosts">
        """#)

        XCTAssertEqual(article.links, [URL(string: "https://ok.example/")!])
        XCTAssertEqual(article.plainText, "script data file mail ok")
        XCTAssertFalse(article.blocks.contains { if case .image = $0.kind { true } else { false } })
    }

    func test_entities_areDecoded_andBrokenMarkupIsReadAsFarAsItGoes() {
        let article = map("<p>Caf&eacute; &amp;amp; &#x1F600; &nbsp;x &bogus; 5 &lt; 6<p>unclosed <b>bold<i>soup</p></b>tail")

        XCTAssertEqual(article.blocks.first?.text, "Café &amp; 😀 \u{A0}x &bogus; 5 < 6")
        XCTAssertTrue(article.plainText.contains("unclosed bold"))
        XCTAssertTrue(article.plainText.hasSuffix("tail"))
    }

    func test_hostileSizesAndDepths_endInTime_withinTheCaps() {
        let deepTables = String(repeating: "<table><tr><td>", count: 1_000) + "deep" + String(repeating: "</td></tr></table>", count: 1_000)
        let deep = map(deepTables)
        XCTAssertTrue(deep.plainText.contains("deep"))
        XCTAssertTrue(deep.blocks.allSatisfy { $0.quoteDepth <= 8 && $0.listDepth <= 8 })

        let deepLists = map(String(repeating: "<ul><li>x", count: 2_000))
        XCTAssertTrue(deepLists.blocks.allSatisfy { $0.listDepth <= 8 })

        let started = Date()
        let huge = map("<p>" + String(repeating: "word ", count: 2_000_000) + "</p>")
        XCTAssertLessThanOrEqual(huge.plainText.utf8.count, HTMLArticle.maxHTMLBytes, "the HTML is cut at 512 KiB")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)

        let manyBlocks = map(String(repeating: "<p>a</p>", count: 60_000))
        XCTAssertLessThanOrEqual(manyBlocks.blocks.count, HTMLArticle.maxBlocks)
    }

    func test_emptyAndTextOnly() {
        XCTAssertEqual(map("").blocks, [])
        XCTAssertEqual(map("   ").blocks, [])
        XCTAssertEqual(map("Just text, no markup.").plainText, "Just text, no markup.")
    }

    private func map(_ html: String) -> Article {
        HTMLArticle.article(fromHTML: html, base: base)
    }
}
