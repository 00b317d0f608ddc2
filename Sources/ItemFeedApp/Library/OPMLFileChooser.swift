import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk

/// The desktop's file chooser (the portal's, in a Flatpak) for an OPML
/// file to import or a place to export to; answers with a path, or nothing
/// when cancelled.
@MainActor
enum OPMLFileChooser {
    /// The chooser on screen, held until it answers.
    private static var shown: OpaquePointer?

    static func choose(saving: Bool, over window: UnsafeMutablePointer<GtkWidget>?, then chosen: @escaping @MainActor (String) -> Void) {
        let chooser = gtk_file_chooser_native_new(
            saving ? tr("Export Feeds") : tr("Import Feeds"), window.map { itemfeed_window($0) },
            saving ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
            saving ? tr("_Export") : tr("_Import"), tr("_Cancel")
        )!
        let fileChooser = itemfeed_file_chooser(UnsafeMutableRawPointer(chooser))
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, tr("OPML files"))
        gtk_file_filter_add_pattern(filter, "*.opml")
        gtk_file_filter_add_pattern(filter, "*.xml")
        gtk_file_filter_add_mime_type(filter, "text/x-opml+xml")
        gtk_file_chooser_add_filter(fileChooser, filter)
        g_object_unref(UnsafeMutableRawPointer(filter))
        if saving { gtk_file_chooser_set_current_name(fileChooser, "feeds.opml") }
        shown = chooser
        Signal.connect(UnsafeMutableRawPointer(chooser), "response") { (response: UInt32) in
            defer {
                g_object_unref(UnsafeMutableRawPointer(chooser))
                if shown == chooser { shown = nil }
            }
            guard Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = gtk_file_chooser_get_file(fileChooser) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let path = g_file_get_path(file) else { return }
            defer { g_free(path) }
            chosen(String(cString: path))
        }
        gtk_native_dialog_show(itemfeed_native_dialog(UnsafeMutableRawPointer(chooser)))
    }
}
