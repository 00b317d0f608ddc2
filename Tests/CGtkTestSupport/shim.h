// GTK's accessibility test API for the GTK tests only, kept out of the
// app's shim: it is variadic, so each check has a typed wrapper. NULL when
// the value matches, else the value it has (for the test's message; free
// it with g_free).
#ifndef ITEMFEED_CGTK_TEST_SUPPORT_H
#define ITEMFEED_CGTK_TEST_SUPPORT_H

#include "../../Sources/CGtk/shim.h"

static inline char *itemfeed_test_accessible_check_label(GtkAccessible *accessible, const char *label) {
    return gtk_test_accessible_check_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
}
static inline char *itemfeed_test_accessible_check_description(GtkAccessible *accessible, const char *description) {
    return gtk_test_accessible_check_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);
}
static inline char *itemfeed_test_accessible_check_busy(GtkAccessible *accessible, gboolean busy) {
    return gtk_test_accessible_check_state(accessible, GTK_ACCESSIBLE_STATE_BUSY, busy);
}
static inline char *itemfeed_test_accessible_check_hidden(GtkAccessible *accessible, gboolean hidden) {
    return gtk_test_accessible_check_state(accessible, GTK_ACCESSIBLE_STATE_HIDDEN, hidden);
}

#endif
