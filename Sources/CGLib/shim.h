// GLib and GIO only: the main context, timers and GApplication's options,
// for the code that runs without a window (the command line, sync).
#ifndef ITEMFEED_CGLIB_SHIM_H
#define ITEMFEED_CGLIB_SHIM_H

#include <glib.h>
#include <gio/gio.h>

#endif
