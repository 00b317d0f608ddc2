import ItemFeed

/// What the screen says over its rows for a moment: done, with Undo; under
/// way, with Cancel; or just so.
extension ItemFeedScreen {
    /// A toast saying what was done, with Undo.
    public func offerUndo(_ message: String, undo: @escaping @MainActor () -> Void) {
        notice.offer(message, undo: undo)
    }

    /// A toast with Cancel while work runs; the closure answered takes it away.
    public func showWork(_ message: String, cancel: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
        notice.showWork(message, cancel: cancel)
    }

    /// A toast that goes by itself: what happened to a link, say.
    public func showPassingNotice(_ message: String) {
        notice.flash(message)
    }
}
