/* The baseline for `make benchmark`'s UI-thread row (Benchmarks/scripts/scroll-cpu.sh):
 * a plain C GtkListView of 100,000 rows built like ItemFeed's, every row
 * showing one texture, with no controllers, prefetching or accessibility
 * labels in between, in a plain GtkWindow.
 * With --in-itemfeed-window, the same list in the window ItemFeed's list
 * sits in (libadwaita's window, header bar with its three buttons, search
 * bar, toast overlay, stack and clamp): GTK 4.8 restyles and re-lays out
 * every layer above the focused row on each key press, so this splits
 * ItemFeed's ratio into what its window costs and what the rest does.
 * Usage: listview-baseline PNG [--in-itemfeed-window] */
#include <adwaita.h>
#include <string.h>

static GdkTexture *thumbnail;
/* In ItemFeed's window the rows also carry ItemFeed's classes for its
 * style sheet's rules (rows without padding, the rounded thumbnail frame). */
static gboolean in_itemfeed_window;

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
    if (in_itemfeed_window)
        gtk_widget_add_css_class(frame, "thumbnail");
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

/* ItemFeedScreen's layers, without its controllers: the header bar (a flat
 * refresh button with an icon and a spinner, a search toggle, a menu
 * button), the search bar, and the toast overlay over the stack whose page
 * is the scrolled, clamped list. */
static GtkWidget *itemfeed_window(GtkWidget *list) {
    GtkWidget *header = adw_header_bar_new();
    GtkWidget *refresh = gtk_button_new(), *refresh_content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_box_append(GTK_BOX(refresh_content), gtk_image_new_from_icon_name("view-refresh-symbolic"));
    gtk_box_append(GTK_BOX(refresh_content), gtk_spinner_new());
    gtk_button_set_child(GTK_BUTTON(refresh), refresh_content);
    gtk_widget_add_css_class(refresh, "flat");
    adw_header_bar_pack_start(ADW_HEADER_BAR(header), refresh);
    GtkWidget *menu = gtk_menu_button_new();
    gtk_menu_button_set_icon_name(GTK_MENU_BUTTON(menu), "open-menu-symbolic");
    gtk_menu_button_set_menu_model(GTK_MENU_BUTTON(menu), G_MENU_MODEL(g_menu_new()));
    adw_header_bar_pack_end(ADW_HEADER_BAR(header), menu);
    GtkWidget *search = gtk_toggle_button_new();
    gtk_button_set_icon_name(GTK_BUTTON(search), "system-search-symbolic");
    adw_header_bar_pack_end(ADW_HEADER_BAR(header), search);
    GtkWidget *search_bar = gtk_search_bar_new();
    gtk_search_bar_set_child(GTK_SEARCH_BAR(search_bar), gtk_search_entry_new());
    GtkWidget *top = gtk_overlay_new();
    gtk_overlay_set_child(GTK_OVERLAY(top), header);

    gtk_widget_add_css_class(list, "item-list");
    GtkWidget *clamp = adw_clamp_scrollable_new();
    adw_clamp_scrollable_set_maximum_size(ADW_CLAMP_SCROLLABLE(clamp), 720);
    adw_clamp_scrollable_set_tightening_threshold(ADW_CLAMP_SCROLLABLE(clamp), 560);
    adw_clamp_scrollable_set_child(ADW_CLAMP_SCROLLABLE(clamp), list);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), clamp);
    gtk_widget_set_vexpand(scrolled, TRUE);
    GtkWidget *stack = gtk_stack_new();
    gtk_stack_add_titled(GTK_STACK(stack), scrolled, "list", "Items");
    gtk_stack_add_titled(GTK_STACK(stack), adw_status_page_new(), "error", "Error");
    GtkWidget *toasts = adw_toast_overlay_new();
    adw_toast_overlay_set_child(ADW_TOAST_OVERLAY(toasts), stack);
    gtk_widget_set_vexpand(toasts, TRUE);

    GtkWidget *root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(root), top);
    gtk_box_append(GTK_BOX(root), search_bar);
    gtk_box_append(GTK_BOX(root), toasts);
    GtkWidget *window = adw_window_new();
    adw_window_set_content(ADW_WINDOW(window), root);
    return window;
}

int main(int argc, char **argv) {
    in_itemfeed_window = argc > 2 && strcmp(argv[2], "--in-itemfeed-window") == 0;
    if (in_itemfeed_window)
        adw_init();
    else
        gtk_init();
    thumbnail = gdk_texture_new_from_filename(argv[1], NULL);
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css, ".item-row { padding: 8px 12px; } .item-row .item-name { font-weight: 600; }"
        " .item-list row { padding: 0; } .item-row .thumbnail { border-radius: 8px; background-color: alpha(currentColor, 0.08); }", -1);
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
    GtkWidget *window;
    if (in_itemfeed_window) {
        window = itemfeed_window(list);
    } else {
        GtkWidget *scrolled = gtk_scrolled_window_new();
        gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
        window = gtk_window_new();
        gtk_window_set_child(GTK_WINDOW(window), scrolled);
    }
    gtk_window_set_title(GTK_WINDOW(window), "listview-baseline");
    gtk_window_set_default_size(GTK_WINDOW(window), 480, 720);
    gtk_window_present(GTK_WINDOW(window));
    while (g_list_model_get_n_items(gtk_window_get_toplevels()) > 0)
        g_main_context_iteration(NULL, TRUE);
    return 0;
}
