/// Whether an address is an absolute `http` or `https` address written
/// exactly as Foundation's `URL` writes it back: a lower-case scheme, a
/// host of letters, digits, dots and hyphens with an optional port, then
/// only characters RFC 3986 allows unencoded (and `%` with two hex digits),
/// one `#` at most. Such an address needs no `URL` to be checked or
/// rebuilt; anything else (user info, IP literals, spaces, non-ASCII,
/// upper-case schemes) is left to `URL`. A test holds this to `URL`'s own
/// answer on addresses of every kind.
enum WebAddressForm {
    static func isCanonicalAbsolute(_ address: String) -> Bool {
        var copy = address
        return copy.withUTF8 { bytes in
            let afterScheme: Int
            if bytes.starts(with: "https://".utf8) { afterScheme = 8 }
            else if bytes.starts(with: "http://".utf8) { afterScheme = 7 }
            else { return false }
            var index = afterScheme
            // The host: letters, digits, dots, hyphens; starting with a
            // letter or digit.
            guard index < bytes.count, isAlphanumeric(bytes[index]) else { return false }
            while index < bytes.count, isAlphanumeric(bytes[index]) || bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                index += 1
                let portStart = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                guard index > portStart, index - portStart <= 5 else { return false }
            }
            guard index == bytes.count || bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "#") else {
                return false
            }
            var hasFragment = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
                    index += 3
                    continue
                }
                if byte == UInt8(ascii: "#") {
                    if hasFragment { return false }
                    hasFragment = true
                } else if !isAllowed(byte) {
                    return false
                }
                index += 1
            }
            return true
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// RFC 3986's unreserved characters, its sub-delimiters, and `: @ / ?`,
    /// which a path, query or fragment may hold as they are.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        if isAlphanumeric(byte) { return true }
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
             UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
             UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }
}
