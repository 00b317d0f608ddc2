import CGtk
import ItemFeed
import ItemFeedUI

/// The state's notice over rows that stay (a reload that failed, a saved
/// copy shown) as a libadwaita toast with Retry. It stays until the user
/// closes it or the notice goes (the next load succeeds): a toast that timed
/// out would hide a failure the rows do not show. Closing it tells the
/// controller, so the state and the screen agree.
@MainActor
final class NoticeToast {
    let overlay: UnsafeMutablePointer<GtkWidget>
    private let announcer: ScreenReaderAnnouncer
    private let retryButton: Button
    private let dismissButton: Button
    /// The toast on screen; a dismissal of any other (one this replaced) is
    /// not the user's.
    private var current: OpaquePointer?
    private(set) var message: String?
    /// Ctrl+Z anywhere in the window, enabled while a toast offers Undo:
    /// GTK 4.8 gives screen readers the toast's words but not its button.
    /// Disabled, the key is left to whatever else takes it (an entry's own
    /// undo).
    private let undoKeys: WidgetActions
    private var undoKey: OpaquePointer?
    private var offered: (toast: OpaquePointer, undo: @MainActor () -> Void)?

    init(over child: UnsafeMutablePointer<GtkWidget>, announcer: ScreenReaderAnnouncer, retryButton: Button, dismissButton: Button) {
        overlay = adw_toast_overlay_new()
        adw_toast_overlay_set_child(itemfeed_adw_toast_overlay(overlay), child)
        self.announcer = announcer
        self.retryButton = retryButton
        self.dismissButton = dismissButton
        undoKeys = WidgetActions(on: overlay, prefix: "toast", scope: GTK_SHORTCUT_SCOPE_GLOBAL)
        undoKey = undoKeys.add("undo", keys: "<Control>z") { [weak self] in self?.undoOffered() }
        undoKey.map { g_simple_action_set_enabled($0, 0) }
    }

    func show(_ message: String?) {
        guard message != self.message else { return }
        self.message = message
        if let shown = current {
            current = nil
            adw_toast_dismiss(shown)
        }
        guard let message else { return }
        let toast = Self.makeToast(saying: message)
        adw_toast_set_timeout(toast, 0)
        adw_toast_set_priority(toast, ADW_TOAST_PRIORITY_HIGH)
        // No mnemonic: libadwaita 1.2 makes the button, and GTK 4.8 would
        // read its underscore to screen readers ("_Retry").
        adw_toast_set_button_label(toast, tr("Retry"))
        Signal.connect(UnsafeMutableRawPointer(toast), "button-clicked") { [weak self] in
            self?.retryButton.sendActions(for: .primaryActionTriggered)
        }
        Signal.connect(UnsafeMutableRawPointer(toast), "dismissed") { [weak self] in
            guard let self, current == toast else { return }
            current = nil
            self.message = nil
            dismissButton.sendActions(for: .primaryActionTriggered)
        }
        current = toast
        announcer.announce(message)
        // The overlay takes the toast's reference; `current` is cleared on
        // `dismissed`, before the overlay lets it go.
        adw_toast_overlay_add_toast(itemfeed_adw_toast_overlay(overlay), toast)
    }

    /// A passing notice ("Link copied"): it goes by itself after a few
    /// seconds and asks nothing of the state.
    func flash(_ message: String) {
        announcer.announce(message)
        adw_toast_overlay_add_toast(itemfeed_adw_toast_overlay(overlay), Self.makeToast(saying: message))
    }

    /// A passing notice with one button that undoes what it says happened
    /// ("12 items marked as read", Undo).
    func offer(_ message: String, undo: @escaping @MainActor () -> Void) {
        announcer.announce(message)
        let toast = Self.makeToast(saying: message)
        adw_toast_set_button_label(toast, tr("Undo"))
        Signal.connect(UnsafeMutableRawPointer(toast), "button-clicked") { undo() }
        Signal.connect(UnsafeMutableRawPointer(toast), "dismissed") { [weak self] in
            guard let self, offered?.toast == toast else { return }
            offered = nil
            undoKey.map { g_simple_action_set_enabled($0, 0) }
        }
        offered = (toast, undo)
        undoKey.map { g_simple_action_set_enabled($0, 1) }
        adw_toast_overlay_add_toast(itemfeed_adw_toast_overlay(overlay), toast)
    }

    /// Work under way that the user may stop ("Importing 100,000 feeds…",
    /// Cancel): it stays until the returned closure takes it away.
    func showWork(_ message: String, cancel: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
        announcer.announce(message)
        let toast = Self.makeToast(saying: message)
        adw_toast_set_timeout(toast, 0)
        adw_toast_set_button_label(toast, tr("Cancel"))
        Signal.connect(UnsafeMutableRawPointer(toast), "button-clicked") { cancel() }
        g_object_ref(UnsafeMutableRawPointer(toast))
        adw_toast_overlay_add_toast(itemfeed_adw_toast_overlay(overlay), toast)
        var shown = true
        return {
            guard shown else { return }
            shown = false
            adw_toast_dismiss(toast)
            g_object_unref(UnsafeMutableRawPointer(toast))
        }
    }

    /// Ctrl+Z: what the last toast offered, once; its toast goes.
    private func undoOffered() {
        guard let (toast, undo) = offered else { return }
        offered = nil
        undoKey.map { g_simple_action_set_enabled($0, 0) }
        adw_toast_dismiss(toast)
        undo()
    }

    /// The message as a plain label that wraps: a toast's own title is one
    /// line of markup, which cut "Showing the feed as it was last loaded.
    /// Couldn't reach the server…" after 35 characters in a 480 px window.
    private static func makeToast(saying message: String) -> OpaquePointer {
        let toast = adw_toast_new("")!
        let label = gtk_label_new(message)!
        gtk_label_set_use_markup(itemfeed_label(label), 0)
        gtk_label_set_wrap(itemfeed_label(label), 1)
        gtk_label_set_wrap_mode(itemfeed_label(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(itemfeed_label(label), 36)
        gtk_label_set_xalign(itemfeed_label(label), 0)
        adw_toast_set_custom_title(toast, label)
        return toast
    }

    var lastAnnouncement: String? { announcer.lastAnnouncement }
}
