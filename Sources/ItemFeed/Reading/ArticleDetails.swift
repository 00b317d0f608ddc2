import Foundation

/// What a `details` element folds away under its summary (the block's
/// runs): the pane shows it as an expander, closed unless the page opened it.
public struct ArticleDetails: Equatable, Sendable {
    public var blocks: [ArticleBlock]
    /// `<details open>`.
    public var isOpen: Bool

    public init(blocks: [ArticleBlock], isOpen: Bool = false) {
        self.blocks = blocks
        self.isOpen = isOpen
    }
}
