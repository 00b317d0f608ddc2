import CGtk
import ItemFeed

/// A short question with one line of text to answer (Rename, Move to
/// Folder): libadwaita's message dialog with an entry, Cancel and the
/// accepting button; Enter accepts.
@MainActor
public enum TextQuestion {
    public static func ask(
        over window: UnsafeMutablePointer<GtkWidget>?, heading: String, body: String, text: String, accept: String,
        then answered: @escaping @MainActor (String) -> Void
    ) {
        let dialog = adw_message_dialog_new(window.map { itemfeed_window($0) }, heading, body)!
        let question = itemfeed_adw_message_dialog(dialog)
        let entry = gtk_entry_new()!
        gtk_editable_set_text(itemfeed_editable(entry), text)
        gtk_entry_set_activates_default(itemfeed_entry(entry), 1)
        itemfeed_accessible_set_label(itemfeed_accessible(entry), heading)
        adw_message_dialog_set_extra_child(question, entry)
        adw_message_dialog_add_response(question, "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(question, "accept", accept)
        adw_message_dialog_set_response_appearance(question, "accept", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(question, "accept")
        adw_message_dialog_set_close_response(question, "cancel")
        nameMnemonicButtons(under: dialog)
        Signal.connect(UnsafeMutableRawPointer(dialog), "response") { (response: UnsafeMutableRawPointer) in
            guard String(cString: response.assumingMemoryBound(to: CChar.self)) == "accept" else { return }
            answered(String(cString: gtk_editable_get_text(itemfeed_editable(entry))))
        }
        gtk_window_present(itemfeed_window(dialog))
        gtk_widget_grab_focus(entry)
    }
}
