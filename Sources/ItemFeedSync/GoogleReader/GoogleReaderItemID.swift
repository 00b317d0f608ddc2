/// The Google Reader API writes an item's id two ways: decimal in
/// `stream/items/ids` ("1795679031917681"), long in contents
/// ("tag:google.com,2005:reader/item/000661291ad3fc71", the same number in
/// 16 hex digits). The library keeps the decimal one; requests send the
/// long one, which every server takes.
enum GoogleReaderItemID {
    private static let prefix = "tag:google.com,2005:reader/item/"

    /// Decimal, from either form; `nil` when it is neither.
    static func decimal(_ id: String) -> String? {
        if id.hasPrefix(prefix) {
            return UInt64(id.dropFirst(prefix.count), radix: 16).map { String($0) }
        }
        if let value = Int64(id) { return String(UInt64(bitPattern: value)) }
        return UInt64(id).map { String($0) }
    }

    static func long(_ decimal: String) -> String {
        guard let value = UInt64(decimal) else { return decimal }
        let hex = String(value, radix: 16)
        return prefix + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }
}
