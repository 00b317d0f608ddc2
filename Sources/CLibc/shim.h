// glibc headers Swift's Glibc module leaves out: the heap controls
// (malloc_trim) and gettext's message catalogues (libintl.h).
#ifndef ITEMFEED_CLIBC_SHIM_H
#define ITEMFEED_CLIBC_SHIM_H
#include <malloc.h>
#include <libintl.h>
#endif
