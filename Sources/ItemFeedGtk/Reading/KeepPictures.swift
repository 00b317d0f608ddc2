import Foundation

extension ArticleView {
    /// Pictures of an article read `after` seconds that were never scrolled
    /// near, handed to `keep` so the article reads the same offline.
    public struct KeepPictures {
        public let after: Double
        public let keep: ([URL]) -> Void

        public init(after: Double, keep: @escaping ([URL]) -> Void) {
            (self.after, self.keep) = (after, keep)
        }
    }
}
