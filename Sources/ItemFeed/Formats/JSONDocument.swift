import CJSON
import Foundation

/// A body parsed by simdjson's DOM parser, which owns every value in it.
///
/// simdjson rather than `JSONSerialization`, whose `[String: Any]` boxes
/// every string and number: mapping a 100,000-item JSON Feed took 1.91 s
/// with Foundation and 0.51 s with this. Of Debian's other parsers, parsing
/// a 31.6 MiB feed and reading every `name` took json-c 0.43 s, Foundation
/// 0.55, json-glib 0.85, jansson 1.08 (Python's `json`: 0.19; issue 12).
/// The DOM rather than On-Demand: formats read fields in any order and
/// nest; its price is the whole parse before the first item (60–86 ms for
/// 23 MB here).
final class JSONDocument {
    private let parser: OpaquePointer
    fileprivate(set) var root = ItemFeedJSONValue()

    /// `invalidData` when the body is not one JSON document in UTF-8.
    init(_ body: Data) throws {
        guard !body.isEmpty, let parser = item_feed_json_parser_new() else { throw RemoteLoadError.invalidData }
        self.parser = parser
        let parsed = body.withUnsafeBytes { bytes in
            bytes.baseAddress.map { item_feed_json_parse(parser, $0, bytes.count, &root) } ?? false
        }
        guard parsed else { throw RemoteLoadError.invalidData }
    }

    deinit {
        item_feed_json_parser_free(parser)
    }

    var rootValue: JSONValue { JSONValue(document: self, value: root) }
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
