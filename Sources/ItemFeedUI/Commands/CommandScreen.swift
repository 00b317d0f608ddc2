import Foundation
import ItemFeed

/// What a command needs of the screen it runs on: GTK's dialog, clipboard
/// and toasts in the window, a recorder in the tests.
@MainActor
public protocol CommandScreen: AnyObject {
    /// Asks for a line of text; `answered` only when the user accepts.
    func ask(_ question: TextRequest, answered: @escaping @MainActor (String) -> Void)
    func copy(_ text: String)
    func notify(_ message: String)
    func offerUndo(_ message: String, undo: @escaping @MainActor () -> Void)
}

/// A question asking for a line of text, with the text to start from.
public struct TextRequest: Equatable, Sendable {
    public let heading: String
    public let body: String
    public let text: String
    public let accept: String

    public init(heading: String, body: String, text: String, accept: String) {
        (self.heading, self.body, self.text, self.accept) = (heading, body, text, accept)
    }
}

extension TextRequest {
    /// Which folder: the library's named, the current one to start from.
    public static func folder(current: String?, among folders: [String], heading: String = tr("Move to Folder"), accept: String = tr("_Move")) -> TextRequest {
        let body = folders.isEmpty
            ? tr("Type a folder's name, or leave it empty for none.")
            : tr("Folders: {folders}. Leave it empty for none.", ["folders": folders.joined(separator: ", ")])
        return TextRequest(heading: heading, body: body, text: current ?? "", accept: accept)
    }

    /// A folder's name as typed: trimmed, at most a name's length; empty is none.
    public static func folderName(_ typed: String) -> String? {
        let folder = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        return folder.isEmpty ? nil : String(folder.prefix(FeedText.nameLimit))
    }
}
