// glibc's heap controls (malloc_trim), which Swift's Glibc module leaves out.
#ifndef ITEMFEED_CMALLOC_SHIM_H
#define ITEMFEED_CMALLOC_SHIM_H
#include <malloc.h>
#endif
