import Foundation

/// The image formats accepted from the network, recognised by their first
/// bytes rather than by what a server claims. SVG is not among them: its
/// decoder is a whole renderer, and nothing a feed thumbnail needs.
///
/// Raw values are gdk-pixbuf's loader names, so bytes that claim one format
/// are only ever handed to that format's decoder.
enum ImageSignature: String {
    case png, jpeg, gif, webp
    /// Windows icons: only where a site's `/favicon.ico` is asked for.
    case ico

    init?(of data: Data, acceptingIcons: Bool = false) {
        let head = [UInt8](data.prefix(12))
        func starts(with bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if acceptingIcons, starts(with: [0x00, 0x00, 0x01, 0x00]) {
            self = .ico
        } else {
            return nil
        }
    }
}
