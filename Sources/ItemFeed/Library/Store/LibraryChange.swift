/// What one write changed, as the store saw it, so the sidebar, the list
/// and the pane follow the library instead of each command remembering
/// what to read again.
public struct LibraryChange: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// A feed, folder or account came or went: the sidebar's rows change.
    public static let subscriptions = LibraryChange(rawValue: 1 << 0)
    /// A feed's title, folder, state or counts changed.
    public static let feeds = LibraryChange(rawValue: 1 << 1)
    /// Items stored for the first time.
    public static let newItems = LibraryChange(rawValue: 1 << 2)
    /// Items' marks or text changed, or items went.
    public static let items = LibraryChange(rawValue: 1 << 3)
    /// Saved views or rules (or their counts).
    public static let views = LibraryChange(rawValue: 1 << 4)
    public static let settings = LibraryChange(rawValue: 1 << 5)

    /// Anything: another process wrote, and only `data_version` says so.
    public static let all: LibraryChange = [.subscriptions, .feeds, .newItems, .items, .views, .settings]
}
