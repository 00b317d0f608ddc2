// GtkSourceView 5's view of code blocks: its header and the casts Swift
// cannot call. No logic.
#ifndef ITEMFEED_CSOURCEVIEW_SHIM_H
#define ITEMFEED_CSOURCEVIEW_SHIM_H

#include <gtksourceview/gtksource.h>

static inline GtkSourceBuffer *itemfeed_source_buffer(gpointer instance) { return GTK_SOURCE_BUFFER(instance); }
static inline GtkSourceView *itemfeed_source_view(gpointer instance) { return GTK_SOURCE_VIEW(instance); }

#endif
