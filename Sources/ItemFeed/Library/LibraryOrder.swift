import Foundation

/// The sidebar's order, the same in every store: folders first by name,
/// then feeds outside folders; by title within each, ignoring case, with
/// numbers in number order ("Feed 2" before "Feed 10").
///
/// Sorted by byte keys made once per name, not `localizedStandardCompare`
/// or String comparison: the sidebar is sorted again for each batch a
/// refresh writes.
public enum LibraryOrder {
    /// Sorts the positions, not the subscriptions: moving a subscription
    /// (addresses, titles, validators) costs far more than comparing keys.
    public static func sorted(_ subscriptions: [Subscription]) -> [Subscription] {
        let folders = subscriptions.map { $0.folder.map(key) }
        let titles = subscriptions.map { key($0.title) }
        return subscriptions.indices.sorted { left, right in
            switch (folders[left], folders[right]) {
            case let (l?, r?) where l != r: return l.lexicographicallyPrecedes(r)
            case (nil, _?): return false
            case (_?, nil): return true
            default:
                return titles[left] != titles[right] ? titles[left].lexicographicallyPrecedes(titles[right])
                    : subscriptions[left].address.absoluteString < subscriptions[right].address.absoluteString
            }
        }.map { subscriptions[$0] }
    }

    public static func sorted(_ names: [String]) -> [String] {
        names.map { (key($0), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
    }

    /// Lower case as UTF-8, each run of digits padded to 20 so it sorts by
    /// value.
    static func key(_ name: String) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(name.utf8.count + 20)
        var digitsStart: Int?
        func padDigits() {
            guard let start = digitsStart else { return }
            key.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, 20 - (key.count - start))), at: start)
            digitsStart = nil
        }
        for byte in name.lowercased().utf8 {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if digitsStart == nil { digitsStart = key.count }
            } else {
                padDigits()
            }
            key.append(byte)
        }
        padDigits()
        return key
    }
}
