// The casts Swift cannot make in GTK 4 (they are macros).
#ifndef LIST_SCREEN_CGTK4_H
#define LIST_SCREEN_CGTK4_H

#include <gtk/gtk.h>

static inline GtkWindow *list_screen_window(gpointer instance) { return GTK_WINDOW(instance); }
static inline GtkBox *list_screen_box(gpointer instance) { return GTK_BOX(instance); }
static inline GtkStack *list_screen_stack(gpointer instance) { return GTK_STACK(instance); }
static inline GtkLabel *list_screen_label(gpointer instance) { return GTK_LABEL(instance); }
static inline GtkScrolledWindow *list_screen_scrolled_window(gpointer instance) { return GTK_SCROLLED_WINDOW(instance); }

#endif
