import ItemFeed

/// The article's text size as the reader sets it with Ctrl+plus, Ctrl+minus
/// and Ctrl+0: told to the pane (`changed`) and kept (`chosen`, the
/// library's setting) on each change, never when nothing changed.
@MainActor
public final class ArticleTextSizeController {
    public private(set) var size: ArticleTextSize
    /// The pane redraws its text at the new size.
    public var changed: (ArticleTextSize) -> Void = { _ in }
    private let chosen: (ArticleTextSize) -> Void

    public init(size: ArticleTextSize, chosen: @escaping (ArticleTextSize) -> Void) {
        self.size = size
        self.chosen = chosen
    }

    public func enlarge() { set(size.enlarged) }
    public func reduce() { set(size.reduced) }
    public func reset() { set(.standard) }
    /// A size chosen in Preferences.
    public func choose(_ size: ArticleTextSize) { set(size) }

    private func set(_ new: ArticleTextSize) {
        guard new != size else { return }
        size = new
        changed(new)
        chosen(new)
    }
}
