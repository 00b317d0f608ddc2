import CGtk
import ItemFeedGtk
import ItemFeedUI

/// The window's side of a command: its text dialog, the clipboard, and the
/// toasts of the screen in front.
@MainActor
final class LibraryCommandScreen: CommandScreen {
    private weak var library: LibraryShown?

    init(_ library: LibraryShown?) {
        self.library = library
    }

    func ask(_ question: TextRequest, answered: @escaping @MainActor (String) -> Void) {
        TextQuestion.ask(over: library?.window, heading: question.heading, body: question.body, text: question.text, accept: question.accept, then: answered)
    }

    func copy(_ text: String) {
        guard let display = gdk_display_get_default() else { return }
        gdk_clipboard_set_text(gdk_display_get_clipboard(display), text)
    }

    func notify(_ message: String) {
        library?.notify(message)
    }

    func offerUndo(_ message: String, undo: @escaping @MainActor () -> Void) {
        library?.screen?.offerUndo(message, undo: undo)
    }
}
