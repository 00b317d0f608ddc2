// GtkSourceView 5's view of code blocks: its header and the casts Swift
// cannot call. No logic.
#ifndef ITEMFEED_CSOURCEVIEW_SHIM_H
#define ITEMFEED_CSOURCEVIEW_SHIM_H

#include <gtksourceview/gtksource.h>


#endif
