import CJSON
import Foundation

/// JSON parsed by simdjson's DOM parser, which owns every value in it.
///
/// simdjson rather than `JSONSerialization`, whose `[String: Any]` boxes
/// every string and number (the fastest of Debian's parsers; `make
/// benchmark` holds the mapping to its baselines).
/// The DOM rather than On-Demand: formats read fields in any order and
/// nest. Formats parse a feed's list one entry at a time (`JSONEntryList`)
/// with one document, so a parse ends the values of the one before.
final class JSONDocument {
    private let parser: OpaquePointer
    fileprivate(set) var root = ItemFeedJSONValue()

    init() throws {
        guard let parser = item_feed_json_parser_new() else { throw RemoteLoadError.invalidData }
        self.parser = parser
    }

    /// `nil` when the bytes are not one JSON document in UTF-8. The values
    /// of the document parsed before are no longer valid.
    func parse(_ bytes: UnsafeRawBufferPointer) -> JSONValue? {
        guard let start = bytes.baseAddress, item_feed_json_parse(parser, start, bytes.count, &root) else { return nil }
        return JSONValue(document: self, value: root)
    }

    deinit {
        item_feed_json_parser_free(parser)
    }
}

/// One value of a parsed document; it keeps the document alive.
struct JSONValue {
    let document: JSONDocument
    let value: ItemFeedJSONValue

    var type: ItemFeedJSONType { item_feed_json_type(value) }

    var string: String? {
        var bytes: UnsafePointer<CChar>?
        var length = 0
        guard item_feed_json_string(value, &bytes, &length), let bytes else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// A string value as cleaned text (`FeedText`), made from the parser's
    /// buffer directly.
    func text(limit: Int) -> String? {
        var bytes: UnsafePointer<CChar>?
        var length = 0
        guard item_feed_json_string(value, &bytes, &length), let bytes else { return nil }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            FeedText.text(utf8: UnsafeBufferPointer(start: $0, count: length), limit: limit)
        }
    }

    var int64: Int64? {
        var number: Int64 = 0
        return item_feed_json_int64(value, &number) ? number : nil
    }

    var uint64: UInt64? {
        var number: UInt64 = 0
        return item_feed_json_uint64(value, &number) ? number : nil
    }

    var double: Double? {
        var number = 0.0
        return item_feed_json_double(value, &number) ? number : nil
    }

    /// An object's first field of that name.
    func field(_ key: StaticString) -> JSONValue? {
        var field = ItemFeedJSONValue()
        let found = key.withUTF8Buffer { key in
            key.withMemoryRebound(to: CChar.self) { item_feed_json_field(value, $0.baseAddress, $0.count, &field) }
        }
        return found ? JSONValue(document: document, value: field) : nil
    }

    /// An array's elements in order; `nil` for anything else.
    var elements: [JSONValue]? {
        var elements: [ItemFeedJSONValue] = []
        let isArray = withUnsafeMutablePointer(to: &elements) { elements in
            item_feed_json_array_each(value, elements) { context, element in
                context!.assumingMemoryBound(to: [ItemFeedJSONValue].self).pointee.append(element)
                return true
            }
        }
        return isArray ? elements.map { JSONValue(document: document, value: $0) } : nil
    }
}
