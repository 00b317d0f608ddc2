import Foundation

/// Counts text as `PageText.normalized` would leave it.
struct InnerTextCounter {
    private(set) var length = 0
    private var pendingSpace = false

    mutating func add(_ text: String) {
        PageText.forEachScalar(text) { value, width in
            if PageText.isSpace(value) {
                pendingSpace = length > 0
            } else {
                if pendingSpace { length += 1 }
                pendingSpace = false
                length += width
            }
        }
    }
}

/// Text as the readability pass measures it, read straight from its UTF-8.
enum PageText {
    /// Each scalar's value and its length in UTF-16 units (JavaScript's).
    @inline(__always)
    static func forEachScalar(_ text: String, _ body: (UInt32, Int) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let lead = UInt32(bytes[index])
                if lead < 0x80 {
                    body(lead, 1)
                    index += 1
                } else if lead < 0xE0 {
                    body((lead & 0x1F) << 6 | UInt32(bytes[min(index + 1, count - 1)] & 0x3F), 1)
                    index += 2
                } else if lead < 0xF0 {
                    let value = (lead & 0x0F) << 12 | UInt32(bytes[min(index + 1, count - 1)] & 0x3F) << 6 | UInt32(bytes[min(index + 2, count - 1)] & 0x3F)
                    body(value, 1)
                    index += 3
                } else {
                    body(0x10000, 2)
                    index += 4
                }
            }
        }
    }

    static func isBlank(_ text: String) -> Bool {
        var blank = true
        forEachScalar(text) { value, _ in if blank, !isSpace(value) { blank = false } }
        return blank
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        isSpace(scalar.value)
    }

    /// JavaScript's `\s`.
    @inline(__always)
    static func isSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x20, 0x09...0x0D: true
        case 0..<0x80: false
        case 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    /// Trimmed, each run of white space one space.
    static func normalized(_ text: String) -> String {
        var output: [UInt8] = []
        var text = text
        text.withUTF8 { bytes in
            output.reserveCapacity(bytes.count)
            var pendingSpace = false
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                let end = min(index + width, bytes.count)
                var value = UInt32(lead)
                if width == 2, end - index == 2 { value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F) }
                if width == 3, end - index == 3 { value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F) }
                if width < 4, isSpace(value) {
                    pendingSpace = !output.isEmpty
                } else {
                    if pendingSpace { output.append(0x20) }
                    pendingSpace = false
                    output.append(contentsOf: bytes[index..<end])
                }
                index = end
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Trimmed of white space at both ends.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// Commas in Latin, Arabic, Chinese and other scripts.
    static func commas(_ text: String) -> Int {
        var count = 0
        forEachScalar(text) { value, _ in
            switch value {
            case 0x2C, 0x060C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C: count += 1
            default: break
            }
        }
        return count
    }
}
