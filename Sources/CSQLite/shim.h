// What Swift cannot spell of SQLite's C API: SQLITE_TRANSIENT is a cast of
// -1 to a destructor pointer, a macro Swift does not import. No logic.
#ifndef ITEMFEED_CSQLITE_SHIM_H
#define ITEMFEED_CSQLITE_SHIM_H

#include <sqlite3.h>

static inline int itemfeed_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes) {
    return sqlite3_bind_text(statement, index, text, bytes, SQLITE_TRANSIENT);
}

#endif
