import CGtk
import ItemFeed

/// Preferences (Ctrl+,): how long read items are kept. The refresh
/// settings join it with the refresh scheduler.
@MainActor
public final class PreferencesWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let retentionRow: UnsafeMutablePointer<GtkWidget>

    public init(parent: UnsafeMutablePointer<GtkWidget>?, retention: ReadRetention, retentionChosen: @escaping @MainActor (ReadRetention) -> Void) {
        window = adw_preferences_window_new()
        if let parent { gtk_window_set_transient_for(itemfeed_window(window), itemfeed_window(parent)) }
        gtk_window_set_modal(itemfeed_window(window), 1)
        adw_preferences_window_set_search_enabled(itemfeed_adw_preferences_window(window), 0)
        let page = adw_preferences_page_new()!
        adw_preferences_page_set_title(itemfeed_adw_preferences_page(page), tr("General"))
        adw_preferences_page_set_icon_name(itemfeed_adw_preferences_page(page), "preferences-system-symbolic")
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(itemfeed_adw_preferences_group(group), tr("Library"))
        adw_preferences_group_set_description(itemfeed_adw_preferences_group(group), tr("Starred and unread items are always kept."))

        retentionRow = adw_combo_row_new()
        adw_preferences_row_set_title(itemfeed_adw_preferences_row(retentionRow), tr("Keep Read Items"))
        let choices = ReadRetention.allCases
        var titles = choices.map { UnsafePointer(strdup($0.title)) } + [nil]
        let model = gtk_string_list_new(&titles)!
        titles.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
        adw_combo_row_set_model(itemfeed_adw_combo_row(retentionRow), itemfeed_list_model(UnsafeMutableRawPointer(model)))
        g_object_unref(UnsafeMutableRawPointer(model))
        adw_combo_row_set_selected(itemfeed_adw_combo_row(retentionRow), guint(choices.firstIndex(of: retention) ?? 0))
        // `notify` passes the property spec: the one-argument form.
        Signal.connect(UnsafeMutableRawPointer(retentionRow), "notify::selected") { [retentionRow] (_: UnsafeMutableRawPointer) in
            let index = Int(adw_combo_row_get_selected(itemfeed_adw_combo_row(retentionRow)))
            if choices.indices.contains(index) { retentionChosen(choices[index]) }
        }
        adw_preferences_group_add(itemfeed_adw_preferences_group(group), retentionRow)
        adw_preferences_page_add(itemfeed_adw_preferences_page(page), itemfeed_adw_preferences_group(group))
        adw_preferences_window_add(itemfeed_adw_preferences_window(window), itemfeed_adw_preferences_page(page))
    }

    public func present() {
        gtk_window_present(itemfeed_window(window))
    }

    /// What choosing the row's entry at `index` does.
    func choose(_ index: Int) {
        adw_combo_row_set_selected(itemfeed_adw_combo_row(retentionRow), guint(index))
    }
}
