import Foundation
import ItemFeed
import ItemFeedXML

/// An item's HTML and the text its row shows, made the same way for every
/// service: the summary from the HTML, and the title the server gave, or
/// when it gave none, the summary's start.
struct RemoteItemText {
    let html: String?
    let summary: String?
    let title: String

    /// `title` as the server gave it, already cleaned and capped.
    init(title: String?, html: String?, summarizer: HTMLSummarizer) {
        self.html = html.flatMap { $0.isEmpty ? nil : $0 }
        summary = self.html.flatMap(summarizer.summary(of:))
        self.title = title ?? summary.map { String($0.prefix(80)) } ?? ""
    }
}
