// libsecret's calls take their attributes as C varargs, which Swift cannot
// pass: these wrappers name ItemFeed's one schema and its attributes.
#ifndef ITEMFEED_CSECRET_SHIM_H
#define ITEMFEED_CSECRET_SHIM_H

#include <libsecret/secret.h>

static inline const SecretSchema *itemfeed_secret_schema(void) {
    static const SecretSchema schema = {
        "io.github.itemfeed.ItemFeed.Account", SECRET_SCHEMA_NONE,
        {
            { "server", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "user", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "library", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "kind", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { NULL, 0 },
        },
    };
    return &schema;
}

static inline gboolean itemfeed_secret_store(const char *server, const char *user, const char *library, const char *kind,
                                             const char *label, const char *secret, GError **error) {
    return secret_password_store_sync(itemfeed_secret_schema(), SECRET_COLLECTION_DEFAULT, label, secret, NULL, error,
                                      "server", server, "user", user, "library", library, "kind", kind, NULL);
}

static inline gchar *itemfeed_secret_lookup(const char *server, const char *user, const char *library, const char *kind,
                                            GError **error) {
    return secret_password_lookup_sync(itemfeed_secret_schema(), NULL, error,
                                       "server", server, "user", user, "library", library, "kind", kind, NULL);
}

// Every kind: the attributes not given match any value.
static inline gboolean itemfeed_secret_clear(const char *server, const char *user, const char *library, GError **error) {
    return secret_password_clear_sync(itemfeed_secret_schema(), NULL, error,
                                      "server", server, "user", user, "library", library, NULL);
}

#endif
