import CGtk
import Dispatch
import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedUI

/// Decodes thumbnails with gdk-pixbuf, off the UI thread, straight to the
/// size a row shows: scaling is set in `size-prepared`, before any pixel
/// memory exists, which is also where absurd images are refused (a small
/// PNG may claim 12000×12000 and ask for 400 MB). The row shows a square
/// (the picture's `cover` fit), so the shorter side is decoded to it and
/// the centred square kept: decoded to fit on its longer side, a wide
/// picture would be enlarged to cover the square, and blurred.
public final class PixbufImageDecoder: ItemImageDecoder {
    public struct DecodingError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The side of a thumbnail in device pixels (logical size × the
    /// display's scale factor).
    public let maxPixelSize: Int
    let maxSourcePixels: Int
    /// Whether a Windows icon is read too (a feed's `/favicon.ico`).
    let acceptsIcons: Bool
    let shape: Shape
    private let worker: BackgroundWork

    /// What is kept of the picture: a row's square, or an article's whole
    /// picture in its own shape.
    public enum Shape: Sendable {
        /// The shorter side decoded to `maxPixelSize`, the middle square kept.
        case centredSquare
        /// Decoded to at most `maxPixelSize` wide, its width:height kept.
        case whole
    }

    public init(
        maxPixelSize: Int,
        maxSourcePixels: Int = 40_000_000,
        acceptsIcons: Bool = false,
        shape: Shape = .centredSquare,
        deliver: @escaping BackgroundWork.Deliver = MainContext.invoke
    ) {
        self.maxPixelSize = maxPixelSize
        self.maxSourcePixels = maxSourcePixels
        self.acceptsIcons = acceptsIcons
        self.shape = shape
        worker = BackgroundWork(label: "ItemFeed image decoding", concurrent: true, deliver: deliver)
    }

    public func decode(
        _ data: Data,
        completion: @escaping (Result<Thumbnail, Error>) -> Void
    ) -> ItemImageLoaderTask {
        // The task lives on the UI thread, where it is cancelled and where
        // `deliver` brings the result back; the worker only carries it.
        let task = LoadTask(completion: completion)
        let (maxPixelSize, maxSourcePixels, acceptsIcons, shape) = (self.maxPixelSize, self.maxSourcePixels, self.acceptsIcons, self.shape)
        worker.run({ Self.decode(data, maxPixelSize: maxPixelSize, maxSourcePixels: maxSourcePixels, acceptsIcons: acceptsIcons, shape: shape) }, then: task.finish(with:))
        return task
    }

    /// Runs on the decoding queue; public for the fuzz target, which calls
    /// it directly so ten million inputs do not each wait for a queue hop.
    public static func decode(_ data: Data, maxPixelSize: Int, maxSourcePixels: Int, acceptsIcons: Bool = false, shape: Shape = .centredSquare) -> Result<Thumbnail, Error> {
        guard let signature = ImageSignature(of: data, acceptingIcons: acceptsIcons, acceptingSVG: shape == .whole) else {
            return .failure(DecodingError(description: "not a PNG, JPEG, GIF, WebP, AVIF or SVG image"))
        }
        if signature == .jpeg, JPEGFrame.isArithmeticCoded(data) {
            return .failure(DecodingError(description: "an arithmetic-coded JPEG, which browsers do not show either"))
        }
        let refusal = SizeCheck(maxPixelSize: maxPixelSize, maxSourcePixels: maxSourcePixels, shape: shape)
        if signature == .webp, let canvas = WebPCanvas.size(of: data), refusal.targetSize(width: canvas.width, height: canvas.height) == nil {
            return .failure(DecodingError(description: refusal.reason ?? "an absurd WebP canvas"))
        }
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_type(signature.rawValue, &error) else {
            defer { g_clear_error(&error) }
            return .failure(DecodingError(description: "no \(signature.rawValue) decoder: \(message(of: error))"))
        }
        defer { g_object_unref(loader) }

        Signal.connectSizePrepared(UnsafeMutableRawPointer(loader)) { width, height in
            if let size = refusal.targetSize(width: Int(width), height: Int(height)) {
                gdk_pixbuf_loader_set_size(loader, Int32(size.width), Int32(size.height))
            } else {
                // Zero size makes the loader stop before allocating pixels.
                gdk_pixbuf_loader_set_size(loader, 0, 0)
            }
        }

        let written = data.withUnsafeBytes { bytes in
            gdk_pixbuf_loader_write(loader, bytes.bindMemory(to: guchar.self).baseAddress, gsize(bytes.count), &error)
        }
        // Closing is required even after a failed write; its error adds nothing then.
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError)
        if error == nil { swap(&error, &closeError) }
        g_clear_error(&closeError)
        if let reason = refusal.reason {
            g_clear_error(&error)
            return .failure(DecodingError(description: reason))
        }
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            defer { g_clear_error(&error) }
            return .failure(DecodingError(description: "undecodable \(signature.rawValue): \(message(of: error))"))
        }
        let kept = shape == .centredSquare ? centredSquare(of: pixbuf) : OpaquePointer(g_object_ref(UnsafeMutableRawPointer(pixbuf)))
        guard let kept, let texture = gdk_texture_new_for_pixbuf(kept) else {
            return .failure(DecodingError(description: "no texture for the decoded image"))
        }
        g_object_unref(UnsafeMutableRawPointer(kept))
        return .success(Thumbnail(texture: texture))
    }

    /// The middle square, as a new reference: a square image itself, any
    /// other a compact copy, so the texture holds only the pixels the row
    /// shows, in gdk-pixbuf's own layout (RGB stays RGB, which GTK 4.8's
    /// cairo renderer converts fastest in every frame).
    private static func centredSquare(of pixbuf: OpaquePointer) -> OpaquePointer? {
        let width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf)
        guard width != height else { return OpaquePointer(g_object_ref(UnsafeMutableRawPointer(pixbuf))) }
        let side = min(width, height)
        guard let view = gdk_pixbuf_new_subpixbuf(pixbuf, (width - side) / 2, (height - side) / 2, side, side) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(view)) }
        return gdk_pixbuf_copy(view)
    }

    private static func message(of error: UnsafeMutablePointer<GError>?) -> String {
        error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }

    /// Decides the decoded size from the size the image claims, and
    /// remembers why it refused one.
    private final class SizeCheck {
        let maxPixelSize: Int
        let maxSourcePixels: Int
        let shape: Shape
        private(set) var reason: String?

        init(maxPixelSize: Int, maxSourcePixels: Int, shape: Shape) {
            self.maxPixelSize = maxPixelSize
            self.maxSourcePixels = maxSourcePixels
            self.shape = shape
        }

        func targetSize(width: Int, height: Int) -> (width: Int, height: Int)? {
            guard width > 0, height > 0 else {
                reason = "the image claims an empty size"
                return nil
            }
            guard width.multipliedReportingOverflow(by: height).partialValue <= maxSourcePixels,
                  !width.multipliedReportingOverflow(by: height).overflow
            else {
                reason = "the image claims \(width)×\(height) pixels, more than \(maxSourcePixels / 1_000_000) megapixels"
                return nil
            }
            // Square: the shorter side to the thumbnail's; the longer to at
            // most 8 times it, so a 100:1 banner does not ask for a 6,400 px
            // strip (its square is then enlarged, as before). Whole: the width
            // to the column's, a tall strip's height to 8 columns.
            let scale = switch shape {
            case .centredSquare: min(1, Double(maxPixelSize) / Double(min(width, height)), Double(8 * maxPixelSize) / Double(max(width, height)))
            case .whole: min(1, Double(maxPixelSize) / Double(width), Double(8 * maxPixelSize) / Double(height))
            }
            return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
        }
    }
}
