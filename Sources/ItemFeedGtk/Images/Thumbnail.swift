import CGtk

/// A decoded, scaled thumbnail: an immutable `GdkTexture`, safe to make on a
/// decoding thread and hand to the UI thread.
public final class Thumbnail: @unchecked Sendable {
    // Safe: every property is a constant, and GTK documents a GdkTexture as
    // immutable once made, and so thread-safe.
    let texture: OpaquePointer
    public let pixelWidth: Int
    public let pixelHeight: Int

    /// Takes ownership of one reference to `texture`.
    init(texture: OpaquePointer) {
        self.texture = texture
        pixelWidth = Int(gdk_texture_get_width(texture))
        pixelHeight = Int(gdk_texture_get_height(texture))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(texture))
    }
}
