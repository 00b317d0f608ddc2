import CGtk
import ItemFeed
import ItemFeedGtk

/// Ctrl+?: the window listing the app's keyboard shortcuts, from a GtkBuilder
/// definition kept beside the accelerators it documents.
@MainActor
enum ShortcutsWindow {
    static func make() -> OpaquePointer? {
        let builder = gtk_builder_new_from_string(definition, -1)
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let overlay = gtk_builder_get_object(builder, "help_overlay") else { return nil }
        return itemfeed_shortcuts_window(UnsafeMutableRawPointer(overlay))
    }

    /// Built when shown, so its titles are in the user's language.
    private static var definition: String { """
    <interface>
      <object class="GtkShortcutsWindow" id="help_overlay">
        <property name="modal">1</property>
        <child>
          <object class="GtkShortcutsSection">
            <property name="section-name">shortcuts</property>
            <child>
              <object class="GtkShortcutsGroup">
                <property name="title">\(title(tr("Feed")))</property>
                <child>
                  <object class="GtkShortcutsShortcut">
                    <property name="title">\(title(tr("Reload")))</property>
                    <property name="accelerator">F5 &lt;Control&gt;r</property>
                  </object>
                </child>
                <child>
                  <object class="GtkShortcutsShortcut">
                    <property name="title">\(title(tr("Open a feed")))</property>
                    <property name="accelerator">&lt;Control&gt;l</property>
                  </object>
                </child>
                <child>
                  <object class="GtkShortcutsShortcut">
                    <property name="title">\(title(tr("Search")))</property>
                    <property name="accelerator">&lt;Control&gt;f</property>
                  </object>
                </child>
                <child>
                  <object class="GtkShortcutsShortcut">
                    <property name="title">\(title(tr("Open the selected item")))</property>
                    <property name="accelerator">Return</property>
                  </object>
                </child>
              </object>
            </child>
            <child>
              <object class="GtkShortcutsGroup">
                <property name="title">\(title(tr("General")))</property>
                <child>
                  <object class="GtkShortcutsShortcut">
                    <property name="title">\(title(tr("Keyboard shortcuts")))</property>
                    <property name="accelerator">&lt;Control&gt;question</property>
                  </object>
                </child>
                <child>
                  <object class="GtkShortcutsShortcut">
                    <property name="title">\(title(tr("Quit")))</property>
                    <property name="accelerator">&lt;Control&gt;q</property>
                  </object>
                </child>
              </object>
            </child>
          </object>
        </child>
      </object>
    </interface>
    """
    }

    private static func title(_ text: String) -> String { Markup.escaped(text) }
}
