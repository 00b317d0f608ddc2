/* The baseline for `make benchmark`'s UI-thread row (scripts/scroll-cpu.sh):
 * a plain C GtkListView of 100,000 rows built like ItemFeed's, every row
 * showing one texture, with no controllers, prefetching or accessibility
 * labels in between. Usage: listview-baseline PNG */
#include <gtk/gtk.h>

static GdkTexture *thumbnail;

/* The same widgets as ItemRowWidget: a 64 px frame overlaying a placeholder
 * icon, the picture, a spinner and a retry button; a title that wraps to
 * two lines with an ellipsis and a tooltip; a dim line. */
static void setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_widget_add_css_class(row, "item-row");
    GtkWidget *frame = gtk_overlay_new();
    gtk_widget_set_size_request(frame, 64, 64);
    gtk_widget_set_valign(frame, GTK_ALIGN_CENTER);
    gtk_widget_set_overflow(frame, GTK_OVERFLOW_HIDDEN);
    GtkWidget *placeholder = gtk_image_new_from_icon_name("image-x-generic-symbolic");
    gtk_overlay_set_child(GTK_OVERLAY(frame), placeholder);
    gtk_widget_set_visible(placeholder, FALSE);
    GtkWidget *picture = gtk_picture_new_for_paintable(GDK_PAINTABLE(thumbnail));
    gtk_picture_set_can_shrink(GTK_PICTURE(picture), TRUE);
    gtk_widget_set_size_request(picture, 64, 64);
    gtk_overlay_add_overlay(GTK_OVERLAY(frame), picture);
    GtkWidget *spinner = gtk_spinner_new();
    gtk_widget_set_visible(spinner, FALSE);
    gtk_overlay_add_overlay(GTK_OVERLAY(frame), spinner);
    GtkWidget *retry = gtk_button_new_from_icon_name("view-refresh-symbolic");
    gtk_widget_set_visible(retry, FALSE);
    gtk_overlay_add_overlay(GTK_OVERLAY(frame), retry);
    GtkWidget *text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
    gtk_widget_set_hexpand(text, TRUE);
    gtk_widget_set_valign(text, GTK_ALIGN_CENTER);
    GtkWidget *title = gtk_label_new(NULL), *details = gtk_label_new(NULL);
    gtk_label_set_wrap(GTK_LABEL(title), TRUE);
    gtk_label_set_wrap_mode(GTK_LABEL(title), PANGO_WRAP_WORD_CHAR);
    gtk_label_set_lines(GTK_LABEL(title), 2);
    gtk_label_set_ellipsize(GTK_LABEL(title), PANGO_ELLIPSIZE_END);
    gtk_label_set_width_chars(GTK_LABEL(title), 10);
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_widget_add_css_class(title, "item-name");
    gtk_label_set_ellipsize(GTK_LABEL(details), PANGO_ELLIPSIZE_END);
    gtk_label_set_xalign(GTK_LABEL(details), 0);
    gtk_widget_add_css_class(details, "dim-label");
    gtk_widget_add_css_class(details, "caption");
    gtk_box_append(GTK_BOX(text), title);
    gtk_box_append(GTK_BOX(text), details);
    gtk_box_append(GTK_BOX(row), frame);
    gtk_box_append(GTK_BOX(row), text);
    gtk_list_item_set_child(item, row);
}

static void bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    GtkWidget *text = gtk_widget_get_last_child(gtk_list_item_get_child(item));
    GtkWidget *title = gtk_widget_get_first_child(text);
    const char *name = gtk_string_object_get_string(GTK_STRING_OBJECT(gtk_list_item_get_item(item)));
    gtk_label_set_text(GTK_LABEL(title), name);
    gtk_widget_set_tooltip_text(title, name);
    gtk_label_set_text(GTK_LABEL(gtk_widget_get_last_child(text)), "Author");
}

int main(int argc, char **argv) {
    gtk_init();
    thumbnail = gdk_texture_new_from_filename(argv[1], NULL);
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css, ".item-row { padding: 8px 12px; } .item-row .item-name { font-weight: 600; }", -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css), GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    GtkStringList *model = gtk_string_list_new(NULL);
    for (int i = 0; i < 100000; i++) {
        char name[64];
        g_snprintf(name, sizeof name, "Item %d: a title of ordinary length", i);
        gtk_string_list_append(model, name);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(model))), factory);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
    GtkWidget *window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "listview-baseline");
    gtk_window_set_default_size(GTK_WINDOW(window), 480, 720);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    gtk_window_present(GTK_WINDOW(window));
    while (g_list_model_get_n_items(gtk_window_get_toplevels()) > 0)
        g_main_context_iteration(NULL, TRUE);
    return 0;
}
