import Foundation

/// A JSON feed's list of entries, parsed one entry at a time, and the
/// feed's own fields around it.
///
/// Parsed whole, a body was held three times over while its items were
/// made: the body, simdjson's padded copy of it and the document's tape and
/// strings. An entry at a time, the parser holds one entry (and no tape is
/// written only to be read once). The list is
/// found by following strings and brackets only, and each entry and the
/// document around the list are parsed by simdjson, so together they are
/// checked as strictly as one parse of the whole body: a body that is not
/// JSON is `invalidData` either way.
struct JSONEntryList {
    /// The root object with its list left empty; `nil` when the root is the list.
    let feed: JSONFields?
    /// Where each entry ends (its comma or the closing bracket): each
    /// starts after the one before, the first at `firstStart`. Ends only, 8
    /// bytes an entry: a list of tiny entries (`[1,1,…]`, 2 bytes each)
    /// costs 4 times its size here, where the tape of a whole-body parse
    /// cost 8.
    private let ends: [Int]
    private let firstStart: Int
    private let body: Data

    var count: Int { ends.count }

    /// The array under `key` in the root object, or with `key` `nil`, the
    /// root array. `invalidData` when there is none, or the document around
    /// it is not JSON.
    init(_ body: Data, listKey key: StaticString?) throws {
        let found: (feed: JSONFields?, list: List)? = try body.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            // simdjson refuses a byte-order mark.
            let start = bytes.starts(with: BodyStart.byteOrderMark) ? BodyStart.byteOrderMark.count : 0
            guard let first = Self.nextSignificant(in: bytes, from: start) else { return nil }
            guard let key else {
                guard bytes[first] == UInt8(ascii: "["), let list = Self.entries(in: bytes, ofArrayAt: first),
                      Self.nextSignificant(in: bytes, from: list.close + 1) == nil
                else { return nil }
                return (nil, list)
            }
            // One parser for the escaped field names, then for the document
            // around the list, whose values are the feed's.
            let document = try JSONDocument()
            guard bytes[first] == UInt8(ascii: "{"), let open = Self.array(named: key, in: bytes, names: document),
                  let list = Self.entries(in: bytes, ofArrayAt: open)
            else { return nil }
            // The feed's fields are read before its entries (JSON Feed's
            // version and author), so the list's end is found first.
            var around = Data(UnsafeRawBufferPointer(rebasing: raw[start...open]))
            around.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[list.close...]))
            guard let feed = around.withUnsafeBytes({ document.parse($0) }).flatMap(JSONFields.init) else { return nil }
            return (feed, list)
        }
        // The entries are read again one by one; until then a mapped body's
        // pages are the kernel's to keep.
        body.withUnsafeBytes(FeedBodyFile.giveBack)
        guard let found else { throw RemoteLoadError.invalidData }
        self.body = body
        self.feed = found.feed
        self.ends = found.list.ends
        self.firstStart = found.list.open + 1
    }

    /// Reads each entry in order (`nil` for one that is not an object);
    /// `invalidData` at the first that is not JSON. An entry's values are
    /// valid only while `read` has it.
    func forEach(_ read: (JSONFields?) -> Void) throws {
        let document = try JSONDocument()
        try body.withUnsafeBytes { raw in
            var start = firstStart
            var reading = FeedBodyFile.Reading(raw)
            defer { FeedBodyFile.giveBack(raw) }
            for end in ends {
                guard let entry = document.parse(UnsafeRawBufferPointer(rebasing: raw[start..<end])) else {
                    throw RemoteLoadError.invalidData
                }
                read(JSONFields(entry))
                start = end + 1
                reading.passed(start)
            }
        }
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), comma = UInt8(ascii: ","), colon = UInt8(ascii: ":")

    private static func nextSignificant(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count, BodyStart.isBlank(bytes[index]) { index += 1 }
        return index < bytes.count ? index : nil
    }

    /// The index after the string whose opening quote is at `start`.
    private static func stringEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case quote: return index + 1
            case backslash: index += 2
            default: index += 1
            }
        }
        return nil
    }

    /// The opening bracket of the value of the root object's first field
    /// named `key`, if that value is an array (simdjson's `at_key` takes the
    /// first too). One parser for every escaped name, so a body of nothing
    /// but escaped names cannot make a parser for each.
    private static func array(named key: StaticString, in bytes: UnsafeBufferPointer<UInt8>, names: JSONDocument) -> Int? {
        var depth = 0
        var lastString: Range<Int>?
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case quote:
                guard let end = stringEnd(in: bytes, from: index) else { return nil }
                if depth == 1 { lastString = index..<end }
                index = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return nil }
            case colon where depth == 1:
                if let name = lastString, isKey(key, UnsafeBufferPointer(rebasing: bytes[name]), names: names) {
                    guard let value = nextSignificant(in: bytes, from: index + 1), bytes[value] == UInt8(ascii: "[") else { return nil }
                    return value
                }
                lastString = nil
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Whether a quoted field name is `key`; one written with escapes is
    /// unescaped by simdjson.
    private static func isKey(_ key: StaticString, _ quoted: UnsafeBufferPointer<UInt8>, names: JSONDocument) -> Bool {
        let name = UnsafeBufferPointer(rebasing: quoted.dropFirst().dropLast())
        guard name.contains(backslash) else {
            return key.withUTF8Buffer { $0.elementsEqual(name) }
        }
        return names.parse(UnsafeRawBufferPointer(quoted))?.string == key.description
    }

    private struct List {
        let open: Int
        let ends: [Int]
        let close: Int
    }

    /// The entries of the array opening at `open`, split at its own commas.
    private static func entries(in bytes: UnsafeBufferPointer<UInt8>, ofArrayAt open: Int) -> List? {
        var ends: [Int] = []
        var depth = 0
        var start = open + 1
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case quote:
                guard let end = stringEnd(in: bytes, from: index) else { return nil }
                index = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 {
                    guard bytes[index] == UInt8(ascii: "]") else { return nil }
                    // `[]` and `[ ]` have no entries; any other blank one
                    // (`[1,]`) is kept for simdjson to refuse.
                    if !ends.isEmpty || nextSignificant(in: bytes, from: start).map({ $0 < index }) == true {
                        ends.append(index)
                    }
                    return List(open: open, ends: ends, close: index)
                }
                depth -= 1
            case comma where depth == 0:
                ends.append(index)
                start = index + 1
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
