import Foundation

/// Typed reads from a parsed JSON object that never throw: a field of the
/// wrong type is as absent, so one odd entry only affects itself.
///
/// `JSONSerialization` rather than `Decodable`: formats read a handful of
/// optional fields each, with types publishers get wrong (ids as numbers),
/// and on Linux the keyed decoder cost about twice the parse itself.
struct JSONFields {
    let object: [String: Any]

    init?(_ value: Any?) {
        guard let object = value as? [String: Any] else { return nil }
        self.object = object
    }

    /// Parses a whole body; `invalidData` when it is not a JSON document.
    static func parse(_ data: Data) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw RemoteLoadError.invalidData
        }
    }

    func string(_ key: String) -> String? {
        object[key] as? String
    }

    /// Ids are strings in the formats' specifications and numbers in many
    /// real feeds; both identify the entry.
    func identifier(_ key: String) -> String? {
        switch object[key] {
        case let string as String: return FeedText.clean(string, limit: FeedText.idLimit)
        case let number as NSNumber where !Self.isBoolean(number): return number.stringValue
        default: return nil
        }
    }

    func int(_ key: String) -> Int? {
        guard let number = object[key] as? NSNumber, !Self.isBoolean(number) else { return nil }
        let value = number.doubleValue
        return value.isFinite && abs(value) < 1e15 ? Int(value) : nil
    }

    /// JSON's `true` and `false`. Not `number is Bool`: on Linux the numbers
    /// 0 and 1 pass that too, which dropped every id, priority and like count
    /// of 0 or 1 (seen as a Qiita featured strip missing its 0- and 1-like
    /// articles). Booleans come as their own class.
    private static let booleanType = type(of: NSNumber(value: true))

    private static func isBoolean(_ number: NSNumber) -> Bool {
        type(of: number) == booleanType
    }

    func fields(_ key: String) -> JSONFields? {
        JSONFields(object[key])
    }

    func array(_ key: String) -> [Any]? {
        object[key] as? [Any]
    }
}

/// Cheap looks at a body's first bytes, for `FeedFormat.recognises`.
enum BodyStart {
    /// The first byte that is not a byte-order mark or whitespace.
    static func firstSignificantByte(of body: Data) -> UInt8? {
        var skippingBOM = body.starts(with: [0xEF, 0xBB, 0xBF])
        var offset = 0
        for byte in body.prefix(4_096) {
            if skippingBOM { offset += 1; if offset == 3 { skippingBOM = false }; continue }
            if byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 { return byte }
        }
        return nil
    }

    static func contains(_ marker: String, inFirst length: Int, of body: Data) -> Bool {
        body.prefix(length).range(of: Data(marker.utf8)) != nil
    }
}
