import CGtk
import ItemFeed
import ItemFeedGtk

/// Ctrl+?: the window listing the app's keyboard shortcuts, built from the
/// list below, kept beside the accelerators it documents.
@MainActor
enum ShortcutsWindow {
    /// Groups of (title, accelerators in GTK's syntax). Titles are read in
    /// the user's language when the window is made.
    private static var groups: [(title: String, shortcuts: [(title: String, accelerator: String)])] {
        [
            (tr("Feed"), [
                (tr("Reload"), "F5 <Control>r"),
                (tr("Add a feed"), "<Control>l"),
                (tr("Search"), "<Control>f"),
                (tr("Open the selected item"), "Return"),
            ]),
            (tr("Library"), [
                (tr("Show or hide the feeds"), "F9 <Control>b"),
                (tr("Mark the item as read or unread"), "<Control>u"),
                (tr("Star or unstar the item"), "<Control>d"),
                (tr("Mark all as read"), "<Shift><Control>a"),
                (tr("Undo what the notice says was done"), "<Control>z"),
            ]),
            (tr("Reading"), [
                (tr("Open the item beside the list"), "Return"),
                (tr("Next item"), "j n"),
                (tr("Previous item"), "k p"),
                (tr("Page down, then the next item"), "space"),
                (tr("Open the item in the browser"), "<Control>Return"),
                (tr("The full article, or the feed's text again"), "f"),
                (tr("Larger text"), "<Control>plus"),
                (tr("Smaller text"), "<Control>minus"),
                (tr("The text's standard size"), "<Control>0"),
                (tr("Back to the list"), "Escape"),
            ]),
            (tr("General"), [
                (tr("Keyboard shortcuts"), "<Control>question"),
                (tr("Close Window"), "<Control>w"),
                (tr("Quit"), "<Control>q"),
            ]),
        ]
    }

    static func make() -> OpaquePointer? {
        let builder = gtk_builder_new_from_string(definition, -1)
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let overlay = gtk_builder_get_object(builder, "help_overlay") else { return nil }
        return itemfeed_shortcuts_window(UnsafeMutableRawPointer(overlay))
    }

    /// GtkBuilder XML for the groups; every title and accelerator escaped.
    private static var definition: String {
        let groupsXML = groups.map { group in
            let shortcuts = group.shortcuts.map { shortcut in
                """
                <child><object class="GtkShortcutsShortcut">
                  <property name="title">\(Markup.escaped(shortcut.title))</property>
                  <property name="accelerator">\(Markup.escaped(shortcut.accelerator))</property>
                </object></child>
                """
            }.joined()
            return """
            <child><object class="GtkShortcutsGroup">
              <property name="title">\(Markup.escaped(group.title))</property>
              \(shortcuts)
            </object></child>
            """
        }.joined()
        return """
        <interface>
          <object class="GtkShortcutsWindow" id="help_overlay">
            <property name="modal">1</property>
            <child><object class="GtkShortcutsSection">
              <property name="section-name">shortcuts</property>
              \(groupsXML)
            </object></child>
          </object>
        </interface>
        """
    }
}
