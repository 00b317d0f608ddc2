import Foundation

/// The canvas a WebP declares in its first chunk (VP8X, VP8L or VP8), read
/// before webp-pixbuf-loader sees the image: the loader allocates the whole
/// canvas before it asks what size to decode to, so an absurd one must be
/// refused first.
enum WebPCanvas {
    /// `nil` when the first chunk is none of those, or cut short.
    static func size(of data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(30))
        guard bytes.count >= 25 else { return nil }
        /// `count` bytes from `offset`, little-endian.
        func number(at offset: Int, _ count: Int) -> Int? {
            guard offset + count <= bytes.count else { return nil }
            return (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8X":
            guard let width = number(at: 24, 3), let height = number(at: 27, 3) else { return nil }
            return (width + 1, height + 1)
        case "VP8L":
            guard bytes[20] == 0x2F, let bits = number(at: 21, 4) else { return nil }
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        case "VP8 ":
            guard bytes.count >= 30, bytes[23...25] == [0x9D, 0x01, 0x2A], let width = number(at: 26, 2), let height = number(at: 28, 2) else { return nil }
            return (width & 0x3FFF, height & 0x3FFF)
        default:
            return nil
        }
    }
}
