import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk
import ItemFeedUI

/// What the window shows now, as the library's commands, reading pane and
/// notices need it: so each is a type of its own, given the window's
/// present rather than the window.
@MainActor
protocol LibraryShown: AnyObject {
    /// The list screen in front: its toasts.
    var screen: ItemFeedScreen? { get }
    /// The open view's rows; `nil` while a feed opened by address is shown.
    var loader: LibraryViewLoader? { get }
    /// The window its dialogs belong to.
    var window: UnsafeMutablePointer<GtkWidget>? { get }
    /// The open view read again (after its feeds changed).
    func reopen()
}

extension LibraryShown {
    /// Says it in a toast of the screen in front.
    func notify(_ message: String) {
        screen?.showPassingNotice(message)
    }

    /// Why it failed, in a toast.
    func notify(_ error: Error) {
        notify(error.explanation)
    }
}
