/* The baseline for `make benchmark`'s rich-article scroll row
 * (Benchmarks/scripts/reading.sh): a plain C GtkTextView holding the
 * article's text (FILE, plain text) in a GtkScrolledWindow of the pane's
 * size, scrolled half a page a frame to its end, as the probe scrolls the
 * pane; prints the longest time between two frames meanwhile, in ms.
 * No tags, pictures, tables or code blocks: what GTK's text view costs alone.
 * Usage: textview-baseline FILE */
#include <gtk/gtk.h>

static GtkAdjustment *adjustment;
static gint64 last;
static double longest;
static gboolean scrolling;

static void after_paint(GdkFrameClock *clock, gpointer window) {
    gint64 now = g_get_monotonic_time();
    if (scrolling && last > 0 && (now - last) / 1000.0 > longest)
        longest = (now - last) / 1000.0;
    last = now;
    if (!scrolling)
        return;
    double value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment);
    double end = gtk_adjustment_get_upper(adjustment) - page;
    if (value >= end - 1) {
        printf("%.1f\n", longest);
        exit(0);
    }
    gtk_adjustment_set_value(adjustment, MIN(value + page / 2, end));
    gtk_widget_queue_draw(window);
}

static gboolean start(gpointer window) {
    scrolling = TRUE;
    last = 0;
    gtk_widget_queue_draw(window);
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
    gchar *text = NULL;
    if (argc != 2 || !g_file_get_contents(argv[1], &text, NULL, NULL))
        return 2;
    gtk_init();
    GtkWidget *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 800, 720);
    GtkWidget *view = gtk_text_view_new();
    gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(view), GTK_WRAP_WORD_CHAR);
    gtk_text_view_set_editable(GTK_TEXT_VIEW(view), FALSE);
    gtk_text_buffer_set_text(gtk_text_view_get_buffer(GTK_TEXT_VIEW(view)), text, -1);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
    gtk_window_present(GTK_WINDOW(window));
    while (!gtk_widget_get_frame_clock(window))
        g_main_context_iteration(NULL, TRUE);
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), window);
    /* As the probe does: the text laid out first, then the scroll. */
    g_timeout_add(1500, start, window);
    while (TRUE)
        g_main_context_iteration(NULL, TRUE);
}
