import CXML
import Foundation
import ItemFeed

/// A feed's body made ready for libxml2, as feeds are in the wild (SPEC 14):
///
/// - UTF-16 and UTF-32 bodies become UTF-8, their XML declaration saying so
///   (libxml2 2.9 reads no UTF-32 from memory: "Document is empty").
/// - Otherwise the HTTP `charset`, when there is no byte-order mark, is the
///   encoding libxml2 reads with (RFC 7303: BOM, then charset, then the XML
///   declaration).
/// - HTML's named entities that the document never declared (`&nbsp;`,
///   `&eacute;`, `&mdash;`, common in hand-written and CMS feeds) become
///   numeric character references, outside CDATA sections, so they decode
///   in text and attributes alike without DTDs or entity expansion. Which
///   names exist, and their characters, is libxml2's own HTML table.
///
/// Entities are replaced up front only where they would not stop the
/// stream (a document with a doctype, where they are merely unknown, and
/// a wide one, which is copied anyway); elsewhere only after the stream
/// stopped on one (`XMLMapping`), so the many feeds that need no scan pay
/// nothing for the few that do.
struct XMLBody {
    let data: Data
    /// The encoding libxml2 must read with; `nil` to let the document say.
    let encoding: String?
    /// Whether undeclared HTML entities were made character references.
    let entitiesReplaced: Bool

    /// `replacingEntities`: always, not only where they would not stop the
    /// stream (the first 16 KiB, read once to tell the format).
    init(_ response: HTTPResponse, replacingEntities: Bool = false) {
        let body = response.body
        if let wide = WideEncoding(of: body) {
            self.init(data: Self.replacingEntities(in: wide.utf8(body)), encoding: nil, entitiesReplaced: true)
            return
        }
        let hasBOM = body.starts(with: [0xEF, 0xBB, 0xBF])
        // A wide charset named for bytes that are not wide is a mistake.
        let charset = hasBOM ? nil : Self.charset(of: response)
            .flatMap { name in ["utf-16", "utf-32", "ucs"].contains(where: name.lowercased().hasPrefix) ? nil : name }
            .flatMap(Self.knownEncoding)
        let replacing = replacingEntities || Self.hasDoctype(body)
        self.init(data: replacing ? Self.replacingEntities(in: body) : body, encoding: charset, entitiesReplaced: replacing)
    }

    init(data: Data, encoding: String?, entitiesReplaced: Bool) {
        self.data = data
        self.encoding = encoding
        self.entitiesReplaced = entitiesReplaced
    }

    /// The same body with its entities replaced, after the stream stopped.
    func replacingEntities() -> XMLBody {
        entitiesReplaced ? self : XMLBody(data: Self.replacingEntities(in: data), encoding: encoding, entitiesReplaced: true)
    }

    /// A doctype names a DTD libxml2 will not load: its entities are then
    /// unknown, not errors, and would be read as nothing.
    private static func hasDoctype(_ body: Data) -> Bool {
        let head = body.prefix(1024)
        return ["<!DOCTYPE", "<!doctype"].contains { head.range(of: Data($0.utf8)) != nil }
    }

    /// The `charset` parameter of the response's `Content-Type`.
    static func charset(of response: HTTPResponse) -> String? {
        guard let contentType = response.headers["content-type"] else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "charset" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// A charset libxml2 (with iconv) can read, else `nil`: an unknown name
    /// from a server leaves the choice to the document.
    private static func knownEncoding(_ name: String) -> String? {
        XMLLibrary.prepare()
        guard let handler = xmlFindCharEncodingHandler(name) else { return nil }
        xmlCharEncCloseFunc(handler)
        return name
    }

    // MARK: Entities

    /// The body with every undeclared HTML entity outside CDATA written as
    /// a character reference; the same `Data` when there is none.
    ///
    /// `memchr` finds each `&`, a window at a time (a byte loop in Swift
    /// was a fifth of mapping a 20,000-item RSS feed); CDATA sections are
    /// looked for only once an entity is found. A mapped body's pages are
    /// given back as the scan passes them, as libxml2's reading does.
    static func replacingEntities(in body: Data) -> Data {
        body.withUnsafeBytes { raw -> Data in
            guard let base = raw.baseAddress else { return body }
            let bytes = raw.bindMemory(to: UInt8.self)
            var reading = FeedBodyFile.Reading(raw)
            var cdata = CDATASections(body)
            var output: Data?
            var copied = 0
            var index = 0
            while index < bytes.count {
                let windowEnd = min(bytes.count, index + window)
                guard let hit = memchr(base + index, Int32(UInt8(ascii: "&")), windowEnd - index) else {
                    index = windowEnd
                    reading.passed(index)
                    continue
                }
                let found = UnsafeRawPointer(hit) - base
                reading.passed(found)
                index = found + 1
                guard let (length, reference) = entity(in: bytes, at: found), !cdata.contains(found) else { continue }
                if output == nil { output = Data(capacity: bytes.count + bytes.count / 64) }
                output!.append(UnsafeBufferPointer(rebasing: bytes[copied..<found]))
                output!.append(contentsOf: reference.utf8)
                copied = found + length
                index = copied
            }
            guard var output else { return body }
            output.append(UnsafeBufferPointer(rebasing: bytes[copied...]))
            return output
        }
    }

    private static let window = 1 << 20
    /// Where the CDATA sections are, found forwards as entities are found.
    private struct CDATASections {
        private let body: Data
        /// The sections found so far end before this offset.
        private var searchedTo = 0
        /// The last section found.
        private var last: Range<Int>?

        init(_ body: Data) {
            self.body = body
        }

        private static let start = Data("<![CDATA[".utf8)
        private static let end = Data("]]>".utf8)

        /// Whether `offset` is inside a CDATA section; offsets are asked
        /// for in increasing order.
        mutating func contains(_ offset: Int) -> Bool {
            while true {
                if let last, last.contains(offset) { return true }
                if let last, last.lowerBound > offset { return false }
                guard let open = find(Self.start, from: searchedTo) else {
                    searchedTo = body.count
                    return false
                }
                let close = find(Self.end, from: open.upperBound)?.upperBound ?? body.count
                last = open.lowerBound..<close
                searchedTo = close
            }
        }

        /// Offsets from the body's start, whatever its indices.
        private func find(_ needle: Data, from offset: Int) -> Range<Int>? {
            guard offset < body.count, let found = body.range(of: needle, in: (body.startIndex + offset)..<body.endIndex) else { return nil }
            return (found.lowerBound - body.startIndex)..<(found.upperBound - body.startIndex)
        }
    }

    /// XML's own five, which need no help, as bytes: escaped HTML is full
    /// of them, and a string made for each was a tenth of mapping a
    /// 20,000-item RSS feed.
    private static let predefined: [[UInt8]] = ["amp", "lt", "gt", "quot", "apos"].map { Array($0.utf8) }

    /// The entity reference at `start` (`&name;`) if it is one of HTML's
    /// that XML does not know: its length and the character reference
    /// that stands for it.
    private static func entity(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Int, String)? {
        var end = start + 1
        // HTML 4's longest names are 8 letters ("thetasym").
        while end < bytes.count, end - start <= 9, isNameByte(bytes[end]) { end += 1 }
        guard end > start + 1, end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
        let name = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
        guard !predefined.contains(where: { $0.elementsEqual(name) }) else { return nil }
        guard let entity = htmlEntityLookup(String(decoding: name, as: UTF8.self)) else { return nil }
        return (end + 1 - start, "&#\(entity.pointee.value);")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

/// UTF-16 or UTF-32, told by a byte-order mark, by the first character's
/// zero bytes (`<` as `00 3C`, `3C 00 00 00`…), or by the HTTP charset.
private enum WideEncoding {
    case utf16(bigEndian: Bool, bom: Int)
    case utf32(bigEndian: Bool, bom: Int)

    init?(of body: Data) {
        let head = Array(body.prefix(4))
        func starts(_ prefix: [UInt8]) -> Bool { head.starts(with: prefix) }
        if starts([0x00, 0x00, 0xFE, 0xFF]) { self = .utf32(bigEndian: true, bom: 4) }
        else if starts([0xFF, 0xFE, 0x00, 0x00]) { self = .utf32(bigEndian: false, bom: 4) }
        else if starts([0x00, 0x00, 0x00, 0x3C]) { self = .utf32(bigEndian: true, bom: 0) }
        else if starts([0x3C, 0x00, 0x00, 0x00]) { self = .utf32(bigEndian: false, bom: 0) }
        else if starts([0xFE, 0xFF]) { self = .utf16(bigEndian: true, bom: 2) }
        else if starts([0xFF, 0xFE]) { self = .utf16(bigEndian: false, bom: 2) }
        else if starts([0x00, 0x3C]) { self = .utf16(bigEndian: true, bom: 0) }
        else if starts([0x3C, 0x00]) { self = .utf16(bigEndian: false, bom: 0) }
        else { return nil }
    }

    /// The body as UTF-8, its XML declaration's encoding made "UTF-8";
    /// invalid sequences become U+FFFD.
    func utf8(_ body: Data) -> Data {
        var text: String
        switch self {
        case let .utf16(bigEndian, bom):
            let units = stride(from: bom, to: body.count - 1, by: 2).map { index -> UInt16 in
                let pair = (UInt16(body[body.startIndex + index]), UInt16(body[body.startIndex + index + 1]))
                return bigEndian ? pair.0 << 8 | pair.1 : pair.1 << 8 | pair.0
            }
            text = String(decoding: units, as: UTF16.self)
        case let .utf32(bigEndian, bom):
            var scalars = String.UnicodeScalarView()
            for index in stride(from: bom, to: body.count - 3, by: 4) {
                let bytes = (0..<4).map { UInt32(body[body.startIndex + index + $0]) }
                let value = bigEndian ? bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3]
                    : bytes[3] << 24 | bytes[2] << 16 | bytes[1] << 8 | bytes[0]
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            }
            text = String(scalars)
        }
        return Data(Self.declaringUTF8(text).utf8)
    }

    /// `<?xml … encoding="UTF-32"?>` → `encoding="UTF-8"`, the rest untouched.
    private static func declaringUTF8(_ text: String) -> String {
        guard text.hasPrefix("<?xml"), let end = text.range(of: "?>") else { return text }
        let declaration = String(text[..<end.lowerBound])
        guard let attribute = declaration.range(of: #"encoding\s*=\s*["'][^"']*["']"#, options: .regularExpression) else { return text }
        return declaration.replacingCharacters(in: attribute, with: #"encoding="UTF-8""#) + text[end.lowerBound...]
    }
}
