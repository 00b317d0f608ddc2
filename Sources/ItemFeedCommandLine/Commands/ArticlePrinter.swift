import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedXML

/// `item-feed --article URL`: a web page's (or a local file's) article as
/// terminal-safe text: its title, its byline (empty when it has none), a
/// blank line, then its paragraphs, blank lines between.
@MainActor
enum ArticlePrinter {
    private static let timeoutSeconds = 300.0

    static func print(_ argument: String, client: (URL) -> HTTPClient) -> Int32 {
        let address: URL
        switch FeedAddress.url(from: argument) {
        case let .success(url): address = url
        case let .failure(problem):
            return FeedPrinter.fail(tr("item-feed: cannot open “{address}”: {reason}", ["address": argument, "reason": problem.localizedDescription]))
        }
        var outcome: Result<ReadableArticle, FullArticleError>?
        if address.isFileURL {
            outcome = (try? Data(contentsOf: address)).map { PageArticleLoader.read($0, address: address) } ?? .failure(.unreachable(reason: tr("the file cannot be read")))
        } else {
            let http = client(address)
            // The command line's client answers on the main loop.
            PageArticleLoader.load(address, client: http) { outcome = $0 }
            guard withExtendedLifetime(http, { MainContext.iterate(until: { outcome != nil }, timeoutSeconds: timeoutSeconds) }) else {
                return FeedPrinter.fail(tr("item-feed: timed out loading {address}", ["address": address.absoluteString]))
            }
        }
        switch outcome! {
        case let .failure(error):
            return FeedPrinter.fail(tr("item-feed: no article from {address}: {reason}", ["address": address.absoluteString, "reason": error.errorDescription ?? ""]))
        case let .success(article):
            FileHandle.standardOutput.write(Data(text(article).utf8))
            return 0
        }
    }

    /// Control characters and escape sequences gone from every line.
    static func text(_ article: ReadableArticle) -> String {
        let clean = { (line: String) in FeedText.clean(line, limit: 100_000) ?? "" }
        let paragraphs = article.text.components(separatedBy: "\n\n").map(clean).filter { !$0.isEmpty }
        return ([clean(article.title), article.byline.map(clean) ?? "", ""] + paragraphs.flatMap { [$0, ""] }.dropLast()).joined(separator: "\n") + "\n"
    }
}
