import ItemFeed

/// What closing the library's window does: quit, or hide it and go on
/// refreshing and notifying in the background. Asked once, the first time
/// it matters (feeds refresh on their own); the answer is kept and
/// Preferences changes it.
public enum WindowClosing: Equatable, Sendable {
    case quit
    case runInBackground
    case ask

    public init(runsInBackground: Bool?, interval: RefreshInterval, hasFeeds: Bool) {
        switch runsInBackground {
        case true?: self = .runInBackground
        case false?: self = .quit
        case nil: self = interval.seconds != nil && hasFeeds ? .ask : .quit
        }
    }

    /// The question, its answers (Quit first, Run in Background suggested)
    /// and where the choice can be changed.
    public static var question: (heading: String, body: String, quit: String, runInBackground: String) {
        (
            tr("Keep Refreshing in the Background?"),
            tr("With its window closed, ItemFeed can go on refreshing your feeds, tell you of new items, and start when you log in. This can be changed in Preferences."),
            tr("_Quit"), tr("_Run in Background")
        )
    }
}
