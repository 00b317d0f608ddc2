import CGtk
import Foundation
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedGtk
import XCTest

/// gdk-pixbuf decoding of what servers send. No display needed.
final class PixbufImageDecoderTests: XCTestCase {
    /// What the row shows: the picture's `cover` fit, the centred square,
    /// decoded at the row's size rather than enlarged to it.
    @MainActor func test_decode_keepsTheCentredSquareOfAWidePNG_atTheThumbnailSize() async throws {
        let png = try makeImage(width: 300, height: 150, format: "png", stripes: [(75, red), (150, green), (75, blue)])

        let thumbnail = try decode(png).get()

        XCTAssertEqual(thumbnail.pixelWidth, 64)
        XCTAssertEqual(thumbnail.pixelHeight, 64)
        let pixels = argb(of: thumbnail)
        XCTAssertEqual(pixels[32 * 64 + 0], opaque | green, "Expected the left stripe cut off")
        XCTAssertEqual(pixels[32 * 64 + 63], opaque | green, "Expected the right stripe cut off")
    }

    @MainActor func test_decode_scalesATallJPEGDownToTheThumbnailSquare() async throws {
        let thumbnail = try decode(makeImage(width: 100, height: 400, format: "jpeg")).get()

        XCTAssertEqual(thumbnail.pixelWidth, 64)
        XCTAssertEqual(thumbnail.pixelHeight, 64)
    }

    @MainActor func test_decode_doesNotEnlargeASmallImage() async throws {
        let thumbnail = try decode(makeImage(width: 20, height: 10, format: "png")).get()

        XCTAssertEqual(thumbnail.pixelWidth, 10)
        XCTAssertEqual(thumbnail.pixelHeight, 10)
    }

    @MainActor func test_decode_decodesABannerNoLongerThanEightThumbnails() async throws {
        let thumbnail = try decode(makeImage(width: 3_000, height: 30, format: "png")).get()

        XCTAssertEqual(thumbnail.pixelWidth, 5, "Expected 3000×30 decoded at 512×5, its square 5 px")
        XCTAssertEqual(thumbnail.pixelHeight, 5)
    }

    @MainActor func test_decode_refusesBytesThatAreNotAnImage() async {
        XCTAssertDecodingError(decode(Data("<html><body>Not found</body></html>".utf8)), mentioning: "not a png")
    }

    /// A site's `/favicon.ico` is read for the sidebar's icons, and only there.
    @MainActor func test_aWindowsIcon_isReadOnlyByTheIconsDecoder() async throws {
        let icon = try makeImage(width: 16, height: 16, format: "ico")

        XCTAssertDecodingError(decode(icon), mentioning: "not a png")
        let thumbnail = try decode(icon, acceptsIcons: true).get()
        XCTAssertEqual(thumbnail.pixelWidth, 16)
    }

    /// A row's thumbnail is no place for a renderer; an article's picture is.
    @MainActor func test_aThumbnailRefusesSVG_anArticlesPictureDrawsItInItsShape() async throws {
        let svg = Data(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100"/></svg>"#.utf8)

        XCTAssertDecodingError(decode(svg), mentioning: "not a png")
        let picture = try decode(svg, shape: .whole).get()
        XCTAssertEqual([picture.pixelWidth, picture.pixelHeight], [64, 32])
    }

    /// An SVG is drawn from itself alone: a picture it names, by a file's
    /// path or address, is never read (librsvg has no base file for it, and
    /// libxml2 refuses every external entity).
    @MainActor func test_anSVGNamingAFile_drawsWithoutIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let red = folder.appendingPathComponent("red.png")
        try makeImage(width: 40, height: 40, format: "png", stripes: [(40, 0xFF_0000)]).write(to: red)
        let svg = Data("""
        <?xml version="1.0"?>
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">
        <image href="\(red.absoluteString)" x="0" y="0" width="20" height="40"/><image xlink:href="\(red.path)" x="20" y="0" width="20" height="40"/>
        </svg>
        """.utf8)
        let entity = Data("""
        <?xml version="1.0"?><!DOCTYPE svg [<!ENTITY secret SYSTEM "\(red.absoluteString)">]>
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><text>&secret;</text></svg>
        """.utf8)

        XCTAssertDecodingError(decode(entity, shape: .whole), mentioning: "entity")
        let picture = try decode(svg, shape: .whole).get()

        XCTAssertEqual(picture.pixelWidth, 40)
        XCTAssertEqual(picture.alphaAt(x: 10, y: 20), 0, "the file's red not drawn on the left")
        XCTAssertEqual(picture.alphaAt(x: 30, y: 20), 0, "nor on the right")
    }

    /// What the web serves besides PNG and JPEG, through Debian's loaders
    /// (webp-pixbuf-loader, libavif-gdk-pixbuf), which `make run` installs.
    @MainActor func test_webPAndAVIFPictures_areDecodedInTheirShape() async throws {
        for format in ["webp", "avif"] {
            let picture = try decode(makeImage(width: 300, height: 150, format: format), shape: .whole).get()
            XCTAssertEqual([picture.pixelWidth, picture.pixelHeight], [64, 32], format)
        }
    }

    @MainActor func test_decode_refusesAnImageClaimingAbsurdlyManyPixels_beforeDecodingIt() async throws {
        let bomb = try pngClaiming(width: 12_000, height: 12_000)
        let start = Date()

        let result = decode(bomb)

        XCTAssertDecodingError(result, mentioning: "12000×12000")
        XCTAssertLessThan(Date().timeIntervalSince(start), 1, "Expected the refusal before any pixel memory")
    }

    /// webp-pixbuf-loader allocates a WebP's whole canvas before it asks
    /// for a size: the canvas is read from the image's own first chunk and
    /// judged first (a 34-byte lossless image claiming 16381×16384 took
    /// 1 GiB; `fuzz-image` found it).
    @MainActor func test_decode_refusesAWebPClaimingAbsurdlyManyPixels_beforeTheLoaderAllocatesThem() async throws {
        let lossless = try XCTUnwrap(Data(hex: "524946461a000000574542505650384c0d0000002ffcffff0f071011118888fe0700"))
        let extended = try XCTUnwrap(Data(hex: "52494646240000005745425056503858" + "0a000000" + "00000000" + "1f4e00" + "1f4e00" + "414c5048" + "00000000" + "00000000"))
        let lossy = try XCTUnwrap(Data(hex: "52494646240000005745425056503820" + "18000000" + "100200" + "9d012a" + "803e" + "803e" + "0000000000000000000000000000"))
        let start = Date()

        XCTAssertEqual(WebPCanvas.size(of: lossless).map { [$0.width, $0.height] }, [16_381, 16_384], "read from the image")
        XCTAssertEqual(WebPCanvas.size(of: extended).map { [$0.width, $0.height] }, [20_000, 20_000])
        XCTAssertEqual(WebPCanvas.size(of: lossy).map { [$0.width, $0.height] }, [16_000, 16_000])
        XCTAssertNil(WebPCanvas.size(of: lossless.prefix(22)), "cut short")
        XCTAssertDecodingError(decode(lossless), mentioning: "16381×16384")
        XCTAssertDecodingError(decode(extended), mentioning: "20000×20000")
        XCTAssertDecodingError(decode(lossy), mentioning: "16000×16000")
        XCTAssertLessThan(Date().timeIntervalSince(start), 1, "refused before any pixel memory")
    }

    /// gdk-pixbuf shows what arrived of an image cut short in its pixels,
    /// as browsers do; one cut before its header has nothing to show.
    @MainActor func test_decode_refusesAnImageCutBeforeItsHeaderEnds() async throws {
        let png = try makeImage(width: 64, height: 64, format: "png")

        XCTAssertDecodingError(decode(png.prefix(20)), mentioning: "png")
    }

    /// Browsers show no arithmetic-coded JPEG, and on a damaged one
    /// libjpeg's scanline loop under gdk-pixbuf's loader never returns (a
    /// 179-byte input `fuzz-image` found): such a frame is refused unread.
    @MainActor func test_decode_refusesAnArithmeticCodedJPEG_withoutHandingItToTheLoader() async throws {
        let spinning = try XCTUnwrap(Data(hex: "ffd8ff0000ffdb0043003203020202020203020202030303030406240404040408696d6167652f66697406060506091010105010101010101010101090000011100a0c1213125554462d38ffdb00430103030304290408040408100b090b1010101010101010103f10101010101010101052494e4410101010101014501010100b10101010101010101010101010ffc410ffc90011080006000803011100021101031101ffda000c0301000211031149b5bb5c"))
        var arithmetic = try makeImage(width: 16, height: 16, format: "jpeg")
        let frame = try XCTUnwrap(arithmetic.firstRange(of: Data([0xFF, 0xC0])))
        arithmetic[frame.lowerBound + 1] = 0xC9

        XCTAssertDecodingError(decode(spinning), mentioning: "arithmetic")
        XCTAssertDecodingError(decode(arithmetic), mentioning: "arithmetic")
    }

    /// A frame is found as libjpeg finds it: past fill bytes, stray bytes
    /// and other segments whose contents may hold a marker's bytes.
    @MainActor func test_decode_readsAHuffmanJPEGWhoseSegmentsHoldMarkerBytes() async throws {
        let jpeg = try makeImage(width: 16, height: 16, format: "jpeg")
        let comment = Data([0xFF, 0xFE, 0x00, 0x06, 0xFF, 0xC9, 0xFF, 0xCC])
        let padded = jpeg.prefix(2) + comment + Data([0x00, 0x13, 0xFF, 0xFF]) + jpeg.dropFirst(2)

        XCTAssertEqual(try decode(padded).get().pixelWidth, 16)
    }

    @MainActor func test_cancel_deliversNothing() async throws {
        let sut = PixbufImageDecoder(maxPixelSize: 64)
        var delivered = 0
        let task = sut.decode(try makeImage(width: 64, height: 64, format: "png")) { _ in delivered += 1 }

        task.cancel()
        _ = MainContext.iterate(until: { false }, timeoutSeconds: 0.3)

        XCTAssertEqual(delivered, 0)
    }

    // MARK: Helpers

    @MainActor private func decode(
        _ data: Data, acceptsIcons: Bool = false, shape: PixbufImageDecoder.Shape = .centredSquare, file: StaticString = #filePath, line: UInt = #line
    ) -> Result<Thumbnail, Error> {
        let sut = PixbufImageDecoder(maxPixelSize: 64, acceptsIcons: acceptsIcons, shape: shape)
        var results: [Result<Thumbnail, Error>] = []
        _ = sut.decode(data) { results.append($0) }
        XCTAssertTrue(MainContext.iterate(until: { !results.isEmpty }, timeoutSeconds: 5), "Expected a result", file: file, line: line)
        XCTAssertEqual(results.count, 1, "Expected exactly one result", file: file, line: line)
        return results.first ?? .failure(NoResult())
    }

    private struct NoResult: Error {}

    private func XCTAssertDecodingError(
        _ result: Result<Thumbnail, Error>, mentioning text: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard case let .failure(error) = result, let decodingError = error as? PixbufImageDecoder.DecodingError else {
            return XCTFail("Expected a decoding error, got \(result)", file: file, line: line)
        }
        XCTAssertTrue(decodingError.description.lowercased().contains(text.lowercased()), "Expected '\(decodingError)' to mention '\(text)'", file: file, line: line)
    }

    private let (red, green, blue): (UInt32, UInt32, UInt32) = (0xFF_0000, 0x00_FF00, 0x00_00FF)
    private let opaque: UInt32 = 0xFF00_0000

    /// The thumbnail's pixels as GTK draws them: 0xAARRGGBB, row by row.
    private func argb(of thumbnail: Thumbnail) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: thumbnail.pixelWidth * thumbnail.pixelHeight)
        pixels.withUnsafeMutableBytes { bytes in
            gdk_texture_download(thumbnail.texture, bytes.bindMemory(to: guchar.self).baseAddress, gsize(thumbnail.pixelWidth * 4))
        }
        return pixels
    }

    /// An image encoded by gdk-pixbuf itself: one colour, or vertical
    /// stripes of the given widths and 0xRRGGBB colours.
    private func makeImage(width: Int32, height: Int32, format: String, stripes: [(width: Int32, rgb: UInt32)]? = nil) throws -> Data {
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var x: Int32 = 0
        for stripe in stripes ?? [(width, 0x3366_99)] {
            let part = try XCTUnwrap(gdk_pixbuf_new_subpixbuf(pixbuf, x, 0, stripe.width, height))
            gdk_pixbuf_fill(part, stripe.rgb << 8 | 0xFF)
            g_object_unref(UnsafeMutableRawPointer(part))
            x += stripe.width
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        XCTAssertNotEqual(gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, format, nil, nil, &error), 0)
        defer { g_free(buffer) }
        return Data(bytes: try XCTUnwrap(buffer), count: Int(size))
    }

    /// A small PNG whose header claims `width`×`height`: the shape of a
    /// decompression bomb, a few hundred bytes that would need gigabytes.
    private func pngClaiming(width: UInt32, height: UInt32) throws -> Data {
        var png = try makeImage(width: 8, height: 8, format: "png")
        // IHDR's width and height sit at bytes 16...23; its CRC at 29...32.
        png.replaceSubrange(16..<20, with: withUnsafeBytes(of: width.bigEndian, Array.init))
        png.replaceSubrange(20..<24, with: withUnsafeBytes(of: height.bigEndian, Array.init))
        let crc = crc32(png[12..<29])
        png.replaceSubrange(29..<33, with: withUnsafeBytes(of: crc.bigEndian, Array.init))
        return png
    }

    /// PNG's chunk checksum (CRC-32, polynomial 0xEDB88320).
    private func crc32(_ bytes: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

private extension Data {
    init?(hex: String) {
        var bytes = [UInt8]()
        var digits = hex.makeIterator()
        while let high = digits.next(), let low = digits.next() {
            guard let byte = UInt8(String([high, low]), radix: 16) else { return nil }
            bytes.append(byte)
        }
        self.init(bytes)
    }
}

extension Thumbnail {
    /// The alpha of one pixel, as the texture would draw it.
    @MainActor func alphaAt(x: Int, y: Int) -> UInt8 {
        var pixels = [UInt8](repeating: 0, count: pixelWidth * pixelHeight * 4)
        pixels.withUnsafeMutableBytes { gdk_texture_download(texture, $0.baseAddress?.assumingMemoryBound(to: guchar.self), gsize(pixelWidth * 4)) }
        // GDK_MEMORY_DEFAULT: B, G, R, A premultiplied, as cairo has it.
        return pixels[(y * pixelWidth + x) * 4 + 3]
    }
}
