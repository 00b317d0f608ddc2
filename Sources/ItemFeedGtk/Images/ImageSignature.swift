import Foundation

/// The image formats accepted from the network, recognised by their first
/// bytes rather than by what a server claims: the web's (PNG, JPEG, GIF,
/// WebP, AVIF; SVG for an article's pictures, not a row's). An SVG is decoded with no base file, so librsvg loads
/// nothing it names but `data:` (reading-pane.md, section 4).
///
/// Raw values are gdk-pixbuf's loader names, so bytes that claim one format
/// are only ever handed to that format's decoder.
enum ImageSignature: String {
    case png, jpeg, gif, webp, avif, svg
    /// Windows icons: only where a site's `/favicon.ico` is asked for.
    case ico

    init?(of data: Data, acceptingIcons: Bool = false, acceptingSVG: Bool = false) {
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
        } else if starts(with: Array("ftyp".utf8), at: 4), starts(with: Array("avif".utf8), at: 8) || starts(with: Array("avis".utf8), at: 8) {
            self = .avif
        } else if acceptingIcons, starts(with: [0x00, 0x00, 0x01, 0x00]) {
            self = .ico
        } else if acceptingSVG, Self.isSVG(data) {
            self = .svg
        } else {
            return nil
        }
    }

    /// An `<svg` element before anything but a prologue, comments and whitespace.
    private static func isSVG(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(1_024), as: UTF8.self)
        guard let svg = head.range(of: "<svg") else { return false }
        let before = head[..<svg.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        return before.isEmpty || before.hasPrefix("<?xml") || before.hasPrefix("<!--") || before.hasPrefix("<!DOCTYPE")
    }
}
