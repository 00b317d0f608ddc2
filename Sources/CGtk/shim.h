// Casts and typed wrappers for what Swift cannot call or name in GTK 4 and
// libadwaita:
// type-cast macros, variadic functions, and G_TYPE_* constants. No logic.
#ifndef ITEMFEED_CGTK_SHIM_H
#define ITEMFEED_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <adwaita.h>

// A widget made with its accessible role, which can only be set at construction.
static inline GtkWidget *itemfeed_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}
static inline GtkGrid *itemfeed_grid(gpointer instance) { return GTK_GRID(instance); }
static inline GtkWindow *itemfeed_window(gpointer instance) { return GTK_WINDOW(instance); }
static inline GtkBox *itemfeed_box(gpointer instance) { return GTK_BOX(instance); }
static inline GtkLabel *itemfeed_label(gpointer instance) { return GTK_LABEL(instance); }
static inline GtkButton *itemfeed_button(gpointer instance) { return GTK_BUTTON(instance); }
static inline GtkPicture *itemfeed_picture(gpointer instance) { return GTK_PICTURE(instance); }
static inline GtkSpinner *itemfeed_spinner(gpointer instance) { return GTK_SPINNER(instance); }
static inline GtkScrolledWindow *itemfeed_scrolled_window(gpointer instance) { return GTK_SCROLLED_WINDOW(instance); }
static inline GtkOverlay *itemfeed_overlay(gpointer instance) { return GTK_OVERLAY(instance); }
static inline GtkViewport *itemfeed_viewport(gpointer instance) { return GTK_VIEWPORT(instance); }
static inline GtkImage *itemfeed_image(gpointer instance) { return GTK_IMAGE(instance); }
static inline GtkStack *itemfeed_stack(gpointer instance) { return GTK_STACK(instance); }
static inline GtkExpander *itemfeed_expander(gpointer instance) { return GTK_EXPANDER(instance); }
static inline GtkHeaderBar *itemfeed_header_bar(gpointer instance) { return GTK_HEADER_BAR(instance); }
static inline GtkMenuButton *itemfeed_menu_button(gpointer instance) { return GTK_MENU_BUTTON(instance); }
static inline GtkApplication *itemfeed_application(gpointer instance) { return GTK_APPLICATION(instance); }
static inline GtkApplicationWindow *itemfeed_application_window(gpointer instance) { return GTK_APPLICATION_WINDOW(instance); }
static inline GtkAccessible *itemfeed_accessible(gpointer instance) { return GTK_ACCESSIBLE(instance); }
static inline GtkListView *itemfeed_list_view(gpointer instance) { return GTK_LIST_VIEW(instance); }
static inline GtkSearchBar *itemfeed_search_bar(gpointer instance) { return GTK_SEARCH_BAR(instance); }
static inline GtkEditable *itemfeed_editable(gpointer instance) { return GTK_EDITABLE(instance); }
static inline GtkFileChooser *itemfeed_file_chooser(gpointer instance) { return GTK_FILE_CHOOSER(instance); }
static inline GtkNativeDialog *itemfeed_native_dialog(gpointer instance) { return GTK_NATIVE_DIALOG(instance); }
static inline GtkEntry *itemfeed_entry(gpointer instance) { return GTK_ENTRY(instance); }
static inline GtkShortcutsWindow *itemfeed_shortcuts_window(gpointer instance) { return GTK_SHORTCUTS_WINDOW(instance); }
static inline AdwApplicationWindow *itemfeed_adw_application_window(gpointer instance) { return ADW_APPLICATION_WINDOW(instance); }
static inline AdwWindow *itemfeed_adw_window(gpointer instance) { return ADW_WINDOW(instance); }
static inline AdwHeaderBar *itemfeed_adw_header_bar(gpointer instance) { return ADW_HEADER_BAR(instance); }
static inline AdwStatusPage *itemfeed_adw_status_page(gpointer instance) { return ADW_STATUS_PAGE(instance); }
static inline AdwAvatar *itemfeed_adw_avatar(gpointer instance) { return ADW_AVATAR(instance); }
static inline AdwPreferencesRow *itemfeed_adw_preferences_row(gpointer instance) { return ADW_PREFERENCES_ROW(instance); }
static inline AdwPreferencesWindow *itemfeed_adw_preferences_window(gpointer instance) { return ADW_PREFERENCES_WINDOW(instance); }
static inline AdwPreferencesPage *itemfeed_adw_preferences_page(gpointer instance) { return ADW_PREFERENCES_PAGE(instance); }
static inline AdwPreferencesGroup *itemfeed_adw_preferences_group(gpointer instance) { return ADW_PREFERENCES_GROUP(instance); }
static inline AdwComboRow *itemfeed_adw_combo_row(gpointer instance) { return ADW_COMBO_ROW(instance); }
static inline AdwSplitButton *itemfeed_adw_split_button(gpointer instance) { return ADW_SPLIT_BUTTON(instance); }
static inline AdwActionRow *itemfeed_adw_action_row(gpointer instance) { return ADW_ACTION_ROW(instance); }
static inline GtkSwitch *itemfeed_switch(gpointer instance) { return GTK_SWITCH(instance); }
static inline GtkListBox *itemfeed_list_box(gpointer instance) { return GTK_LIST_BOX(instance); }
static inline GtkListBoxRow *itemfeed_list_box_row(gpointer instance) { return GTK_LIST_BOX_ROW(instance); }
static inline AdwToastOverlay *itemfeed_adw_toast_overlay(gpointer instance) { return ADW_TOAST_OVERLAY(instance); }
static inline AdwLeaflet *itemfeed_adw_leaflet(gpointer instance) { return ADW_LEAFLET(instance); }
static inline AdwMessageDialog *itemfeed_adw_message_dialog(gpointer instance) { return ADW_MESSAGE_DIALOG(instance); }
static inline AdwClampScrollable *itemfeed_adw_clamp_scrollable(gpointer instance) { return ADW_CLAMP_SCROLLABLE(instance); }
static inline AdwClamp *itemfeed_adw_clamp(gpointer instance) { return ADW_CLAMP(instance); }
static inline GtkTextView *itemfeed_text_view(gpointer instance) { return GTK_TEXT_VIEW(instance); }
static inline GtkToggleButton *itemfeed_toggle_button(gpointer instance) { return GTK_TOGGLE_BUTTON(instance); }
static inline AdwAboutWindow *itemfeed_adw_about_window(gpointer instance) { return ADW_ABOUT_WINDOW(instance); }
static inline GApplication *itemfeed_g_application(gpointer instance) { return G_APPLICATION(instance); }
static inline GActionMap *itemfeed_action_map(gpointer instance) { return G_ACTION_MAP(instance); }
static inline GAction *itemfeed_action(gpointer instance) { return G_ACTION(instance); }
static inline GListModel *itemfeed_list_model(gpointer instance) { return G_LIST_MODEL(instance); }
static inline GType itemfeed_object_type(void) { return G_TYPE_OBJECT; }

// The list's model (ItemRows.swift): a GObject with a row count.
typedef struct {
    GObject parent;
    guint count;
} ItemFeedRows;
static inline GMenuModel *itemfeed_menu_model(gpointer instance) { return G_MENU_MODEL(instance); }
static inline GtkEventController *itemfeed_event_controller(gpointer instance) { return GTK_EVENT_CONTROLLER(instance); }
static inline GtkEventControllerScroll *itemfeed_event_controller_scroll(gpointer instance) { return GTK_EVENT_CONTROLLER_SCROLL(instance); }
static inline GtkGestureSingle *itemfeed_gesture_single(gpointer instance) { return GTK_GESTURE_SINGLE(instance); }
static inline GtkActionable *itemfeed_actionable(gpointer instance) { return GTK_ACTIONABLE(instance); }
static inline GtkPopover *itemfeed_popover(gpointer instance) { return GTK_POPOVER(instance); }
static inline GtkShortcutController *itemfeed_shortcut_controller(gpointer instance) { return GTK_SHORTCUT_CONTROLLER(instance); }
static inline GActionGroup *itemfeed_action_group(gpointer instance) { return G_ACTION_GROUP(instance); }
static inline GdkPaintable *itemfeed_paintable(gpointer instance) { return GDK_PAINTABLE(instance); }
static inline GtkStyleProvider *itemfeed_style_provider(gpointer instance) { return GTK_STYLE_PROVIDER(instance); }

static inline guint itemfeed_invalid_list_position(void) { return GTK_INVALID_LIST_POSITION; }

// gtk_accessible_update_property is variadic.
static inline void itemfeed_accessible_set_label(GtkAccessible *accessible, const char *label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

// gtk_accessible_update_property is variadic.
static inline void itemfeed_accessible_set_description(GtkAccessible *accessible, const char *description) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

// gtk_accessible_update_state is variadic.
static inline void itemfeed_accessible_set_busy(GtkAccessible *accessible, gboolean busy) {
    gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_BUSY, busy, -1);
}

// gtk_accessible_update_state is variadic: a part a screen reader skips
// (what its parent's label already says).
static inline void itemfeed_accessible_set_hidden(GtkAccessible *accessible, gboolean hidden) {
    gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

// g_object_new is variadic; a label with an accessible role of its own
// (the role is fixed at construction).
static inline GtkWidget *itemfeed_label_new_with_role(GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_LABEL, "accessible-role", role, NULL));
}

static inline GObject *itemfeed_object(gpointer instance) { return G_OBJECT(instance); }

// g_object_set is variadic.
static inline void itemfeed_object_set_int(gpointer object, const char *property, gint value) {
    g_object_set(object, property, value, NULL);
}

static inline void itemfeed_object_set_double(gpointer object, const char *property, gdouble value) {
    g_object_set(object, property, value, NULL);
}

static inline void itemfeed_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

#endif
