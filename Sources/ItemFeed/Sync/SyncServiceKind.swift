/// The name an account's API goes by, as the library keeps it and
/// `--add-account` takes it. Each service declares its own, in its folder,
/// so a library that names a service this build lacks still opens.
public struct SyncServiceKind: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}

/// What a service tells the user and what its API can do to an account's
/// feeds, declared by the service itself: the sidebar's menus, the
/// Accounts page and Add Feed read it, and know no service by name.
public struct SyncServiceDescription: Sendable {
    /// The changes to an account's feeds its API can make.
    public struct FeedChanges: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let rename = FeedChanges(rawValue: 1 << 0)
        /// Subscribes and unsubscribes.
        public static let subscribe = FeedChanges(rawValue: 1 << 1)
    }

    public var kind: SyncServiceKind
    /// As Add Account lists it.
    public var title: String
    /// Where the account's address and password come from, said above the
    /// sign-in form while the service is chosen.
    public var signInHint: String
    public var feedChanges: FeedChanges
    /// What its API cannot do, said in the account's page, where the feed
    /// menu's commands it cannot do are missing.
    public var limitation: String?

    public init(kind: SyncServiceKind, title: String, signInHint: String, feedChanges: FeedChanges, limitation: String? = nil) {
        (self.kind, self.title, self.signInHint, self.feedChanges, self.limitation) = (kind, title, signInHint, feedChanges, limitation)
    }
}

extension Sequence<SyncServiceDescription> {
    /// The description of the service `kind` names; `nil` for one this build lacks.
    public func first(_ kind: SyncServiceKind) -> SyncServiceDescription? {
        first { $0.kind == kind }
    }
}
