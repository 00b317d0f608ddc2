import Foundation
import ItemFeed
import ItemFeedGtk
import ItemFeedUI

/// Saved views (SPEC 17): a search kept in the sidebar from the search
/// bar's Save as View, written through the writer (their menu is the
/// rows' commands').
extension LibraryCommands {
    /// The search typed in `view`, with what the view itself narrows to, asked a name and kept.
    func saveSearch(_ typed: String, in view: LibraryView, titled title: String) {
        let query = Self.query(typed, within: view, titled: title)
        TextQuestion.ask(over: shown?.window, heading: tr("Save as View"), body: query, text: typed, accept: tr("_Save")) { [weak self] name in
            let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, let self else { return }
            writer.write({ try $0.addSavedView(name: String(name.prefix(FeedText.nameLimit)), query: query) }) { [weak self] result in
                guard let self else { return }
                switch result {
                case let .success(id):
                    if let index = sidebar.rows.firstIndex(where: { $0.savedView?.id == id }) { sidebar.select(at: index) }
                case let .failure(error):
                    shown?.notify(error)
                }
            }
        }
    }

    /// The typed search, narrowed as the view it was typed in: a saved view
    /// of everything the library holds, as the sidebar's others are.
    static func query(_ typed: String, within view: LibraryView, titled title: String) -> String {
        let quoted = { (name: String) in name.contains("\"") ? nil : "\"\(name)\"" }
        let narrowing: String?
        switch view.scope {
        case .all, .account, .accountFolder, .hiddenByRules: narrowing = nil
        case .unread: narrowing = "is:unread"
        case .starred: narrowing = "is:starred"
        case let .folder(name): narrowing = quoted(name).map { "folder:\($0)" }
        case .feed: narrowing = quoted(title).map { "feed:\($0)" }
        case let .query(saved): narrowing = "(\(saved))"
        }
        return narrowing.map { "\($0) (\(typed))" } ?? typed
    }
}
