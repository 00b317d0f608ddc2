import Foundation

/// One feed, whichever account keeps it: the local library's by its
/// address, a feed server's by the server's id for it. Views, rules and
/// the sidebar name a feed so, and ask which account only where the two
/// differ (who writes a change: the local account or the server's).
public struct FeedID: Hashable, Sendable {
    /// The local library's own account.
    public static let localAccount: SyncAccount.ID = 1

    public var account: SyncAccount.ID
    /// The address, for the local library's; the server's id, for an account's.
    public var id: String

    public init(account: SyncAccount.ID, id: String) {
        (self.account, self.id) = (account, id)
    }

    /// A feed of the local library.
    public static func local(_ address: URL) -> FeedID {
        FeedID(account: localAccount, id: address.absoluteString)
    }

    public var isLocal: Bool { account == Self.localAccount }

    /// A local feed's address; `nil` for an account's.
    public var localAddress: URL? { isLocal ? URL(string: id) : nil }
}

extension LibraryView.Scope {
    /// A local feed's view, by its address.
    public static func feed(_ address: URL) -> Self {
        .feed(.local(address))
    }
}
