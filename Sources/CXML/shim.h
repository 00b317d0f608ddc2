// libxml2's streaming reader and HTML parser, for ItemFeedXML. Typed
// wrappers only, no logic.
#ifndef ITEMFEED_CXML_SHIM_H
#define ITEMFEED_CXML_SHIM_H

#include <libxml/xmlreader.h>
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>

// xmlFree is a global function pointer (or a macro in some builds).
static inline void itemfeed_xml_free(void *pointer) {
    xmlFree(pointer);
}

#endif
