import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk
import ItemFeedUI

/// Folders asked for, and what a change written means for the open view.
extension LibraryCommands {
    /// Which folder (a new name makes one; empty: none), then `chosen`.
    func askForFolder(current: String?, heading: String, accept: String, then chosen: @escaping @MainActor (String?) -> Void) {
        let question = TextRequest.folder(current: current, among: folders, heading: heading, accept: accept)
        TextQuestion.ask(over: shown?.window, heading: question.heading, body: question.body, text: question.text, accept: question.accept) { name in
            chosen(TextRequest.folderName(name))
        }
    }

    /// A change written (or refused): the open view shows what the store
    /// holds (the sidebar has followed the writer); a refusal says why.
    func changed(_ result: Result<Void, Error>) {
        reopen()
        if case let .failure(error) = result { shown?.notify(error) }
    }
}
