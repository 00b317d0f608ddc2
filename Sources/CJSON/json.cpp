#include "item_feed_json.h"

#include <cstring>
#include <new>
#include <simdjson.h>

using simdjson::dom::element;

static_assert(sizeof(element) == sizeof(ItemFeedJSONValue), "a value is a simdjson::dom::element");
static_assert(std::is_trivially_copyable<element>::value, "elements are copied bit for bit");

struct ItemFeedJSONParser {
    simdjson::dom::parser parser;
};

static element as_element(ItemFeedJSONValue value) {
    element result;
    std::memcpy(static_cast<void *>(&result), &value, sizeof value);
    return result;
}

static ItemFeedJSONValue as_value(element element) {
    ItemFeedJSONValue result;
    std::memcpy(&result, static_cast<const void *>(&element), sizeof result);
    return result;
}

ItemFeedJSONParser *item_feed_json_parser_new(void) {
    return new (std::nothrow) ItemFeedJSONParser();
}

void item_feed_json_parser_free(ItemFeedJSONParser *parser) {
    delete parser;
}

// simdjson reads SIMDJSON_PADDING bytes past the end, so it copies the
// input into the parser's own padded buffer, kept and reused for the next
// parse: the formats parse one list entry at a time with one parser.
bool item_feed_json_parse(ItemFeedJSONParser *parser, const void *bytes, size_t length, ItemFeedJSONValue *root) {
    element document;
    if (parser->parser.parse(static_cast<const char *>(bytes), length, true).get(document) != simdjson::SUCCESS) return false;
    *root = as_value(document);
    return true;
}

ItemFeedJSONType item_feed_json_type(ItemFeedJSONValue value) {
    return static_cast<ItemFeedJSONType>(as_element(value).type());
}

bool item_feed_json_field(ItemFeedJSONValue object, const char *key, size_t key_length, ItemFeedJSONValue *field) {
    element result;
    if (as_element(object).at_key(std::string_view(key, key_length)).get(result) != simdjson::SUCCESS) return false;
    *field = as_value(result);
    return true;
}

bool item_feed_json_string(ItemFeedJSONValue value, const char **bytes, size_t *length) {
    std::string_view string;
    if (as_element(value).get_string().get(string) != simdjson::SUCCESS) return false;
    *bytes = string.data();
    *length = string.size();
    return true;
}

bool item_feed_json_int64(ItemFeedJSONValue value, int64_t *number) {
    return as_element(value).get_int64().get(*number) == simdjson::SUCCESS;
}

bool item_feed_json_uint64(ItemFeedJSONValue value, uint64_t *number) {
    return as_element(value).get_uint64().get(*number) == simdjson::SUCCESS;
}

bool item_feed_json_double(ItemFeedJSONValue value, double *number) {
    return as_element(value).get_double().get(*number) == simdjson::SUCCESS;
}

bool item_feed_json_array_each(ItemFeedJSONValue array, void *context, bool (*each)(void *context, ItemFeedJSONValue element)) {
    simdjson::dom::array elements;
    if (as_element(array).get_array().get(elements) != simdjson::SUCCESS) return false;
    for (element element : elements) {
        if (!each(context, as_value(element))) break;
    }
    return true;
}
