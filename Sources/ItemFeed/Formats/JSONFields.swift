import CJSON
import Foundation

/// Typed reads from a parsed JSON object that never throw: a field of the
/// wrong type is as absent, so one odd entry only affects itself.
///
/// Not `Decodable`: formats read a handful of optional fields each, with
/// types publishers get wrong (ids as numbers), and on Linux the keyed
/// decoder cost about twice the parse itself.
struct JSONFields {
    let object: JSONValue

    init?(_ value: JSONValue?) {
        guard let value, value.type == ItemFeedJSONObject else { return nil }
        self.object = value
    }

    func string(_ key: StaticString) -> String? {
        object.field(key)?.string
    }

    /// A string field as cleaned text (`FeedText.clean`).
    func text(_ key: StaticString, limit: Int) -> String? {
        object.field(key)?.text(limit: limit)
    }

    /// Ids are strings in the formats' specifications and numbers in many
    /// real feeds; both identify the entry.
    func identifier(_ key: StaticString) -> String? {
        guard let value = object.field(key) else { return nil }
        switch value.type {
        case ItemFeedJSONString: return value.text(limit: FeedText.idLimit)
        case ItemFeedJSONInt64: return value.int64.map { String($0) }
        case ItemFeedJSONUInt64: return value.uint64.map { String($0) }
        case ItemFeedJSONDouble: return value.double.map { $0.rounded() == $0 && abs($0) < 1e15 ? String(Int64($0)) : String($0) }
        default: return nil
        }
    }

    /// A number, as a whole number; JSON's booleans are not numbers here.
    func int(_ key: StaticString) -> Int? {
        guard let value = object.field(key)?.double else { return nil }
        return value.isFinite && abs(value) < 1e15 ? Int(value) : nil
    }

    func fields(_ key: StaticString) -> JSONFields? {
        JSONFields(object.field(key))
    }

    func array(_ key: StaticString) -> [JSONValue]? {
        object.field(key)?.elements
    }
}

/// Cheap looks at a body's first bytes, for `FeedFormat.recognises`.
enum BodyStart {
    /// UTF-8's byte-order mark, which some servers send first.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// JSON's whitespace (XML's is the same four).
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The first byte that is not a byte-order mark or whitespace.
    static func firstSignificantByte(of body: Data) -> UInt8? {
        body.dropFirst(body.starts(with: byteOrderMark) ? byteOrderMark.count : 0).prefix(4_096).first { !isBlank($0) }
    }

    static func contains(_ marker: String, inFirst length: Int, of body: Data) -> Bool {
        body.prefix(length).range(of: Data(marker.utf8)) != nil
    }
}
