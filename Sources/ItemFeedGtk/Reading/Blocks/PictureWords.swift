import ItemFeed

/// What a picture is called where its image is not: by its description,
/// else "Image" (screen readers, its place while it loads), and the line
/// a pane with no pictures, or a disclosure's content, shows for it.
enum PictureWords {
    static func name(_ alternative: String) -> String {
        alternative.isEmpty ? tr("Image") : alternative
    }

    static func line(_ alternative: String) -> String {
        alternative.isEmpty ? tr("Image") : tr("Image: {description}", ["description": alternative])
    }
}
