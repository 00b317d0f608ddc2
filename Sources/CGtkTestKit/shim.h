// GtkTestKit's view of GTK 4 (no libadwaita, nothing of ItemFeed): what
// Swift cannot call or name — type-cast and type-check macros, type names,
// and the variadic accessibility test API behind typed wrappers. No logic.
#ifndef GTKTESTKIT_SHIM_H
#define GTKTESTKIT_SHIM_H

#include <gtk/gtk.h>

static inline GtkWidget *gtktestkit_widget(gpointer instance) { return GTK_WIDGET(instance); }
static inline GtkAccessible *gtktestkit_accessible(gpointer instance) { return GTK_ACCESSIBLE(instance); }
static inline GtkEditable *gtktestkit_editable(gpointer instance) { return GTK_EDITABLE(instance); }
static inline GtkLabel *gtktestkit_label(gpointer instance) { return GTK_LABEL(instance); }
static inline GtkButton *gtktestkit_button(gpointer instance) { return GTK_BUTTON(instance); }
static inline GtkMenuButton *gtktestkit_menu_button(gpointer instance) { return GTK_MENU_BUTTON(instance); }
static inline GtkWindow *gtktestkit_window(gpointer instance) { return GTK_WINDOW(instance); }
static inline GtkScrollable *gtktestkit_scrollable(gpointer instance) { return GTK_SCROLLABLE(instance); }
static inline GtkScrolledWindow *gtktestkit_scrolled_window(gpointer instance) { return GTK_SCROLLED_WINDOW(instance); }
static inline GtkShortcutController *gtktestkit_shortcut_controller(gpointer instance) { return GTK_SHORTCUT_CONTROLLER(instance); }
static inline GtkShortcut *gtktestkit_shortcut(gpointer instance) { return GTK_SHORTCUT(instance); }
static inline GtkGestureSingle *gtktestkit_gesture_single(gpointer instance) { return GTK_GESTURE_SINGLE(instance); }
static inline GtkImage *gtktestkit_image(gpointer instance) { return GTK_IMAGE(instance); }
static inline GtkPicture *gtktestkit_picture(gpointer instance) { return GTK_PICTURE(instance); }
static inline GtkListView *gtktestkit_list_view(gpointer instance) { return GTK_LIST_VIEW(instance); }
static inline GtkTextView *gtktestkit_text_view(gpointer instance) { return GTK_TEXT_VIEW(instance); }
static inline GtkListBox *gtktestkit_list_box(gpointer instance) { return GTK_LIST_BOX(instance); }
static inline GtkListBoxRow *gtktestkit_list_box_row(gpointer instance) { return GTK_LIST_BOX_ROW(instance); }
static inline GtkSwitch *gtktestkit_switch(gpointer instance) { return GTK_SWITCH(instance); }
static inline GtkApplication *gtktestkit_application(gpointer instance) { return GTK_APPLICATION(instance); }

// g_object_get and g_signal_emit_by_name are variadic: a boolean
// property read, and the signals tests emit as GTK would (one unsigned or
// enum argument; a drag gesture's drag-begin).
static inline gboolean gtktestkit_object_get_boolean(gpointer object, const char *property) {
    gboolean value = FALSE;
    g_object_get(object, property, &value, NULL);
    return value;
}
static inline void gtktestkit_signal_emit_uint(gpointer instance, const char *signal, guint value) {
    g_signal_emit_by_name(instance, signal, value);
}
static inline void gtktestkit_signal_emit_drag_begin(gpointer instance, double x, double y) {
    g_signal_emit_by_name(instance, "drag-begin", x, y);
}

static inline gboolean gtktestkit_is_a(gpointer instance, GType type) { return G_TYPE_CHECK_INSTANCE_TYPE(instance, type); }
static inline const char *gtktestkit_type_name(gpointer instance) { return G_OBJECT_TYPE_NAME(instance); }

// NULL when the property has that value, else the value it has (free it
// with g_free): GTK 4.8 has no getter for an accessible's properties.
static inline char *gtktestkit_check_label(GtkAccessible *accessible, const char *label) {
    return gtk_test_accessible_check_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
}
static inline char *gtktestkit_check_description(GtkAccessible *accessible, const char *description) {
    return gtk_test_accessible_check_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);
}
static inline char *gtktestkit_check_busy(GtkAccessible *accessible, gboolean busy) {
    return gtk_test_accessible_check_state(accessible, GTK_ACCESSIBLE_STATE_BUSY, busy);
}
static inline char *gtktestkit_check_hidden(GtkAccessible *accessible, gboolean hidden) {
    return gtk_test_accessible_check_state(accessible, GTK_ACCESSIBLE_STATE_HIDDEN, hidden);
}
static inline char *gtktestkit_check_pressed(GtkAccessible *accessible, GtkAccessibleTristate pressed) {
    return gtk_test_accessible_check_state(accessible, GTK_ACCESSIBLE_STATE_PRESSED, pressed);
}
static inline char *gtktestkit_check_checked(GtkAccessible *accessible, GtkAccessibleTristate checked) {
    return gtk_test_accessible_check_state(accessible, GTK_ACCESSIBLE_STATE_CHECKED, checked);
}
static inline char *gtktestkit_check_expanded(GtkAccessible *accessible, gboolean expanded) {
    return gtk_test_accessible_check_state(accessible, GTK_ACCESSIBLE_STATE_EXPANDED, expanded);
}
static inline char *gtktestkit_check_labelled_by(GtkAccessible *accessible, GtkWidget *label) {
    return gtk_test_accessible_check_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL);
}
static inline gboolean gtktestkit_has_labelled_by(GtkAccessible *accessible) {
    return gtk_test_accessible_has_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}
static inline gboolean gtktestkit_has_label(GtkAccessible *accessible) {
    return gtk_test_accessible_has_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL);
}
static inline gboolean gtktestkit_has_description(GtkAccessible *accessible) {
    return gtk_test_accessible_has_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

#endif
