import Foundation

/// The coding a JPEG's frame header declares, found by walking its markers
/// as libjpeg does, so a frame the decoder would read is the one judged.
enum JPEGFrame {
    /// Whether the first frame header is arithmetic-coded (SOF9–11, 13–15).
    /// No browser shows such images, and libjpeg's scanline loop under
    /// gdk-pixbuf's incremental loader can spin forever on a damaged one.
    static func isArithmeticCoded(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            let bytes = bytes.bindMemory(to: UInt8.self)
            var position = 2 // past SOI
            while let (marker, next) = nextMarker(in: bytes, from: position) {
                switch marker {
                case 0xC9...0xCB, 0xCD...0xCF: return true
                case 0xC0...0xC3, 0xC5...0xC7, 0xDA, 0xD9: return false // a Huffman frame, or a scan or the end before any frame
                case 0xD0...0xD7, 0x01: position = next // no length follows
                default:
                    guard next + 1 < bytes.count else { return false }
                    let length = Int(bytes[next]) << 8 | Int(bytes[next + 1])
                    position = next + max(length, 2)
                }
            }
            return false
        }
    }

    /// The marker at or after `position`: stray bytes skipped up to a 0xFF,
    /// fill bytes (0xFF) skipped, and a stuffed 0xFF00 not taken for one.
    private static func nextMarker(in bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> (marker: UInt8, next: Int)? {
        var index = position
        while index < bytes.count {
            guard bytes[index] == 0xFF else { index += 1; continue }
            while index < bytes.count, bytes[index] == 0xFF { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] != 0x00 { return (bytes[index], index + 1) }
            index += 1
        }
        return nil
    }
}
