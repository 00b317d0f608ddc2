import ItemFeed

extension SyncServiceKind {
    /// A service for tests where which API an account speaks does not matter.
    public static let example = SyncServiceKind(rawValue: "example")
}
