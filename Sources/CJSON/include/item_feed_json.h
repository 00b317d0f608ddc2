// simdjson's DOM parser, for the JSON formats in ItemFeed. Typed wrappers and
// casts only, no logic: C, because Swift's C++ interop cannot call
// simdjson's `&`-qualified `parse`, and every module importing one built
// with C++ interop would need it too.
#ifndef ITEMFEED_JSON_H
#define ITEMFEED_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A simdjson::dom::parser; it owns every value of the document it parsed last.
typedef struct ItemFeedJSONParser ItemFeedJSONParser;

/// A simdjson::dom::element, copied bit for bit: valid while its parser
/// lives and has parsed nothing since.
typedef struct {
    const void *document;
    size_t index;
} ItemFeedJSONValue;

/// simdjson::dom::element_type, whose values are these characters.
typedef enum {
    ItemFeedJSONArray = '[',
    ItemFeedJSONObject = '{',
    ItemFeedJSONInt64 = 'l',
    ItemFeedJSONUInt64 = 'u',
    ItemFeedJSONDouble = 'd',
    ItemFeedJSONString = '"',
    ItemFeedJSONBool = 't',
    ItemFeedJSONNull = 'n',
} ItemFeedJSONType;

ItemFeedJSONParser *item_feed_json_parser_new(void);
void item_feed_json_parser_free(ItemFeedJSONParser *parser);

/// simdjson's parse of `length` bytes (copied into the parser's padded
/// buffer, reused by its next parse, which ends this document's values);
/// `false` for anything that is not one whole JSON document in UTF-8.
bool item_feed_json_parse(ItemFeedJSONParser *parser, const void *bytes, size_t length, ItemFeedJSONValue *root);

ItemFeedJSONType item_feed_json_type(ItemFeedJSONValue value);

/// element.at_key(key): the first field of that name in an object.
bool item_feed_json_field(ItemFeedJSONValue object, const char *key, size_t key_length, ItemFeedJSONValue *field);

/// The unescaped UTF-8 of a string value, inside the parser's buffers.
bool item_feed_json_string(ItemFeedJSONValue value, const char **bytes, size_t *length);
bool item_feed_json_int64(ItemFeedJSONValue value, int64_t *number);
bool item_feed_json_uint64(ItemFeedJSONValue value, uint64_t *number);
/// Any number as a double (simdjson converts integers).
bool item_feed_json_double(ItemFeedJSONValue value, double *number);

/// Calls `each` with every element of an array, in order, until it returns false.
bool item_feed_json_array_each(ItemFeedJSONValue array, void *context, bool (*each)(void *context, ItemFeedJSONValue element));

#ifdef __cplusplus
}
#endif

#endif
