import CGtk
import Foundation
import ItemFeed

/// Ctrl+L: a small window asking for a feed's address — a web address, a
/// local file (typed, or chosen with the file chooser, which is the portal
/// in a Flatpak) or `qiita:QUERY`. An address that cannot be used is
/// explained inside the dialog, which stays open so it can be corrected.
@MainActor
public final class OpenFeedDialog {
    public let window: UnsafeMutablePointer<GtkWidget>
    public let entry: UnsafeMutablePointer<GtkWidget>
    let openButton: UnsafeMutablePointer<GtkWidget>
    private let problem: UnsafeMutablePointer<GtkWidget>
    private let onOpen: (URL) -> Void
    /// Keeps itself alive while shown: GTK owns the window, not Swift.
    private var keepAlive: OpenFeedDialog?
    private var chooser: OpaquePointer?

    public init(parent: UnsafeMutablePointer<GtkWidget>?, onOpen: @escaping (URL) -> Void) {
        self.onOpen = onOpen
        window = gtk_window_new()
        gtk_window_set_title(itemfeed_window(window), tr("Open Feed"))
        gtk_window_set_modal(itemfeed_window(window), 1)
        gtk_window_set_default_size(itemfeed_window(window), 420, -1)
        if let parent { gtk_window_set_transient_for(itemfeed_window(window), itemfeed_window(parent)) }

        let header = gtk_header_bar_new()!
        gtk_header_bar_set_show_title_buttons(itemfeed_header_bar(header), 0)
        let cancel = makeMnemonicButton(tr("_Cancel"))
        openButton = makeMnemonicButton(tr("_Open"))
        gtk_widget_add_css_class(openButton, "suggested-action")
        gtk_header_bar_pack_start(itemfeed_header_bar(header), cancel)
        gtk_header_bar_pack_end(itemfeed_header_bar(header), openButton)
        gtk_window_set_titlebar(itemfeed_window(window), header)

        entry = gtk_entry_new()
        gtk_entry_set_placeholder_text(itemfeed_entry(entry), tr("https://example.com/feed.xml or qiita:swift"))
        gtk_entry_set_activates_default(itemfeed_entry(entry), 1)
        gtk_widget_set_hexpand(entry, 1)
        itemfeed_accessible_set_label(itemfeed_accessible(entry), tr("Feed address"))
        let choose = gtk_button_new_from_icon_name("document-open-symbolic")!
        gtk_widget_set_tooltip_text(choose, tr("Choose a File"))
        itemfeed_accessible_set_label(itemfeed_accessible(choose), tr("Choose a feed file"))
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_add_css_class(row, "linked")
        gtk_box_append(itemfeed_box(row), entry)
        gtk_box_append(itemfeed_box(row), choose)

        problem = gtk_label_new(nil)
        gtk_label_set_wrap(itemfeed_label(problem), 1)
        gtk_label_set_xalign(itemfeed_label(problem), 0)
        gtk_widget_add_css_class(problem, "error")
        gtk_widget_set_visible(problem, 0)
        // Read after the window is gone too (what a closed dialog said).
        g_object_ref_sink(problem)

        let body = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(body, 18)
        }
        gtk_box_append(itemfeed_box(body), row)
        gtk_box_append(itemfeed_box(body), problem)
        gtk_window_set_child(itemfeed_window(window), body)
        gtk_window_set_default_widget(itemfeed_window(window), openButton)

        Signal.connect(cancel, "clicked") { [weak self] in self?.close() }
        Signal.connect(openButton, "clicked") { [weak self] in self?.open() }
        Signal.connect(choose, "clicked") { [weak self] in self?.chooseFile() }
        Signal.connect(window, "destroy") { [weak self] in self?.keepAlive = nil }
    }

    isolated deinit {
        g_object_unref(problem)
    }

    public func present() {
        keepAlive = self
        gtk_window_present(itemfeed_window(window))
        gtk_widget_grab_focus(entry)
    }

    public func open() {
        let typed = String(cString: gtk_editable_get_text(itemfeed_editable(entry)))
        switch FeedAddress.url(from: typed) {
        case let .success(url):
            close()
            onOpen(url)
        case let .failure(reason):
            gtk_label_set_text(itemfeed_label(problem), reason.localizedDescription)
            gtk_widget_set_visible(problem, 1)
            gtk_widget_grab_focus(entry)
        }
    }

    private func close() {
        gtk_window_destroy(itemfeed_window(window))
    }

    private func chooseFile() {
        let chooser = gtk_file_chooser_native_new(tr("Choose a Feed"), itemfeed_window(window), GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Open"), tr("_Cancel"))!
        self.chooser = chooser
        Signal.connect(UnsafeMutableRawPointer(chooser), "response") { [weak self] (response: UInt32) in
            guard let self, let chooser = self.chooser else { return }
            if Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(itemfeed_file_chooser(UnsafeMutableRawPointer(chooser))) {
                if let path = g_file_get_path(file) {
                    gtk_editable_set_text(itemfeed_editable(entry), path)
                    g_free(path)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            g_object_unref(UnsafeMutableRawPointer(chooser))
            self.chooser = nil
        }
        gtk_native_dialog_show(itemfeed_native_dialog(UnsafeMutableRawPointer(chooser)))
    }
}
