import CGtk
import Foundation
import ItemFeed
import ItemFeedGtk
import XCTest

/// gdk-pixbuf decoding of what servers send. No display needed.
final class PixbufImageDecoderTests: XCTestCase {
    @MainActor func test_decode_scalesAPNGDownToTheThumbnailSize() async throws {
        let thumbnail = try decode(makeImage(width: 300, height: 150, format: "png")).get()

        XCTAssertEqual(thumbnail.pixelWidth, 64)
        XCTAssertEqual(thumbnail.pixelHeight, 32, "Expected the aspect ratio kept")
    }

    @MainActor func test_decode_scalesAJPEGDownToTheThumbnailSize() async throws {
        let thumbnail = try decode(makeImage(width: 100, height: 400, format: "jpeg")).get()

        XCTAssertEqual(thumbnail.pixelWidth, 16)
        XCTAssertEqual(thumbnail.pixelHeight, 64)
    }

    @MainActor func test_decode_doesNotEnlargeASmallImage() async throws {
        let thumbnail = try decode(makeImage(width: 20, height: 10, format: "png")).get()

        XCTAssertEqual(thumbnail.pixelWidth, 20)
        XCTAssertEqual(thumbnail.pixelHeight, 10)
    }

    @MainActor func test_decode_refusesBytesThatAreNotAnImage() async {
        XCTAssertDecodingError(decode(Data("<html><body>Not found</body></html>".utf8)), mentioning: "not a png")
    }

    @MainActor func test_decode_refusesSVG() async {
        let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#.utf8)

        XCTAssertDecodingError(decode(svg), mentioning: "not a png")
    }

    @MainActor func test_decode_refusesAnImageClaimingAbsurdlyManyPixels_beforeDecodingIt() async throws {
        let bomb = try pngClaiming(width: 12_000, height: 12_000)
        let start = Date()

        let result = decode(bomb)

        XCTAssertDecodingError(result, mentioning: "12000×12000")
        XCTAssertLessThan(Date().timeIntervalSince(start), 1, "Expected the refusal before any pixel memory")
    }

    /// gdk-pixbuf shows what arrived of an image cut short in its pixels,
    /// as browsers do; one cut before its header has nothing to show.
    @MainActor func test_decode_refusesAnImageCutBeforeItsHeaderEnds() async throws {
        let png = try makeImage(width: 64, height: 64, format: "png")

        XCTAssertDecodingError(decode(png.prefix(20)), mentioning: "png")
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

    @MainActor private func decode(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> Result<Thumbnail, Error> {
        let sut = PixbufImageDecoder(maxPixelSize: 64)
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

    /// An image encoded by gdk-pixbuf itself.
    private func makeImage(width: Int32, height: Int32, format: String) throws -> Data {
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0x3366_99FF)
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
