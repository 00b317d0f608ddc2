import CJSON
import Foundation

/// A body parsed by simdjson's DOM parser, which owns every value in it.
///
/// simdjson rather than `JSONSerialization`: on a 100,000-item feed
/// (31.6 MiB) the parse and a read of every `name` took 0.020 s with
/// simdjson against 0.545 s with Foundation, whose `[String: Any]` boxes
/// every string and number (json-c 0.43 s, json-glib 0.85 s, Python's
/// `json` 0.19 s; measured with issue 12).
final class JSONDocument {
    private let parser: OpaquePointer
    fileprivate(set) var root = ItemFeedJSONValue()

    /// `invalidData` when the body is not one JSON document in UTF-8.
    init(_ body: Data) throws {
        guard let parser = item_feed_json_parser_new() else { throw RemoteLoadError.invalidData }
        self.parser = parser
        let parsed = body.withUnsafeBytes { bytes in
            item_feed_json_parse(parser, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, bytes.count, &root)
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
