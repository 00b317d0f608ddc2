// libxml2's streaming reader and HTML parser, for ItemFeedXML. Typed
// wrappers only, no logic.
#ifndef ITEMFEED_CXML_SHIM_H
#define ITEMFEED_CXML_SHIM_H

#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and <libxml/encoding.h> then includes the
// system's ICU headers, which clash with Foundation's own copy of ICU in the
// same Swift module ("'U_MF_…' from module '_FoundationICU' is not present in
// definition of 'enum UErrorCode'"; seen in the ASan build). Nothing here uses
// libxml2's ICU converter fields, so their declarations are left out.
#undef LIBXML_ICU_ENABLED

#include <libxml/xmlreader.h>
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>

// xmlFree is a global function pointer (or a macro in some builds).
static inline void itemfeed_xml_free(void *pointer) {
    xmlFree(pointer);
}

// libxml2's unstructured messages ("encoding error", "I/O error") on the
// calling thread go nowhere: the handler is variadic, which Swift cannot
// write.
static inline void itemfeed_xml_ignore_message(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

static inline void itemfeed_xml_silence_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, itemfeed_xml_ignore_message);
}

#endif
