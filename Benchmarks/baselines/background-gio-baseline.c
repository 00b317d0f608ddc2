/* make benchmark's background row's baseline for ItemFeed started at
 * login: the least a GLib service holds while it waits with no window: a
 * GApplication of GIO alone, on the session bus, holding itself with a
 * 15-minute timer as ItemFeed's refresh schedule, until killed. */
#include <gio/gio.h>

static gboolean wake(gpointer data) { (void)data; return G_SOURCE_CONTINUE; }

static void activate(GApplication *app, gpointer data) {
    (void)data;
    g_application_hold(app);
    g_timeout_add_seconds(900, wake, NULL);
}

int main(int argc, char **argv) {
    (void)argc;
    GApplication *app = g_application_new("io.github.itemfeed.BackgroundGioBaseline", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(app, 1, argv);
    g_object_unref(app);
    return status;
}
