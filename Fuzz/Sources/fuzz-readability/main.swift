import FeedPromises
import Foundation
import ItemFeed
import ItemFeedXML

/// A web page's article on any bytes: never a crash or a hang; an answer
/// or one of the pass's own errors; nothing that runs in the HTML it keeps
/// (no script, no handler, no `javascript:` link); its title and byline
/// clean enough for a terminal once `FeedText` cleans them.
FuzzDriver.run { input in
    let article: ReadableArticle
    do {
        article = try Readability.article(from: Data(input), address: URL(string: "https://fuzz.example/a/b.html"))
    } catch is ReadabilityError {
        return
    } catch {
        FeedPromises.fail("the pass threw something other than a ReadabilityError: \(error)")
    }
    let html = article.html.lowercased()
    FeedPromises.expect(html.range(of: #"<script[\s/>]"#, options: .regularExpression) == nil, "a script kept")
    // Text keeps its words ("javascript:" may be one); a tag may not: in the
    // HTML written, every "<" in text is escaped.
    FeedPromises.expect(html.range(of: #"<[^>]*\s(href|src|poster|srcset)="\s*javascript:"#, options: .regularExpression) == nil, "a javascript: address kept")
    FeedPromises.expect(html.range(of: #"<[^>]*\son[a-z]+="#, options: .regularExpression) == nil, "an event handler kept")
    FeedPromises.expect(!article.text.isEmpty || !article.html.isEmpty, "an article with nothing in it")
    let title = FeedText.clean(article.title, limit: FeedText.titleLimit) ?? ""
    FeedPromises.expect(!title.unicodeScalars.contains { $0.value < 0x20 }, "a control character in the title")
}
