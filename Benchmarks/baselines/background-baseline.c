/* make benchmark's background row's baseline: the least a libadwaita
 * application can hold while it waits with no window. Started with
 * "hidden" it never shows one (as ItemFeed started at login); with "closed"
 * it shows a 1200x760 window with a header bar and a label, then hides it
 * after two seconds (as ItemFeed's window closed in the background). It
 * then waits, holding itself, with a 15-minute timer as ItemFeed's refresh
 * schedule, until killed. */
#include <adwaita.h>
#include <string.h>

static gboolean closed_mode;

static gboolean wake(gpointer data) { (void)data; return G_SOURCE_CONTINUE; }

static gboolean hide(gpointer window) {
    gtk_widget_set_visible(GTK_WIDGET(window), FALSE);
    return G_SOURCE_REMOVE;
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    g_application_hold(G_APPLICATION(app));
    g_timeout_add_seconds(900, wake, NULL);
    if (!closed_mode) return;
    GtkWidget *window = adw_application_window_new(app);
    gtk_window_set_default_size(GTK_WINDOW(window), 1200, 760);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(box), adw_header_bar_new());
    gtk_box_append(GTK_BOX(box), gtk_label_new("A window, then none"));
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), box);
    gtk_window_present(GTK_WINDOW(window));
    g_timeout_add_seconds(2, hide, window);
}

int main(int argc, char **argv) {
    closed_mode = argc > 1 && strcmp(argv[1], "closed") == 0;
    AdwApplication *app = adw_application_new("io.github.itemfeed.BackgroundBaseline", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
