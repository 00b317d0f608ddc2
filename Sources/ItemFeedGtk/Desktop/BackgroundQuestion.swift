import CGtk
import ItemFeed
import ItemFeedUI

/// Asked once, as the window closes while feeds refresh on their own:
/// quit, or run in the background. Escape keeps the window open.
@MainActor
public enum BackgroundQuestion {
    public static func ask(over window: UnsafeMutablePointer<GtkWidget>, then answered: @escaping @MainActor (_ runInBackground: Bool) -> Void) {
        let question = WindowClosing.question
        let dialog = adw_message_dialog_new(itemfeed_window(window), question.heading, question.body)!
        let message = itemfeed_adw_message_dialog(dialog)
        adw_message_dialog_add_response(message, "quit", question.quit)
        adw_message_dialog_add_response(message, "background", question.runInBackground)
        adw_message_dialog_set_response_appearance(message, "background", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(message, "background")
        adw_message_dialog_set_close_response(message, "cancel")
        nameMnemonicButtons(under: dialog)
        Signal.connect(UnsafeMutableRawPointer(dialog), "response") { (response: UnsafeMutableRawPointer) in
            switch String(cString: response.assumingMemoryBound(to: CChar.self)) {
            case "quit": answered(false)
            case "background": answered(true)
            default: break
            }
        }
        gtk_window_present(itemfeed_window(dialog))
    }
}
