import Foundation

/// Work that runs between the library's refreshes and syncs, never during
/// one (full articles fetched after them): told when the first starts and
/// when the last ends.
@MainActor
public protocol RefreshFollowing: AnyObject {
    func refreshBegan()
    func refreshEnded()
}

/// Several followers, told in order.
@MainActor
public final class RefreshFollowers: RefreshFollowing {
    private let followers: [RefreshFollowing]

    public init(_ followers: [RefreshFollowing]) {
        self.followers = followers
    }

    public func refreshBegan() { followers.forEach { $0.refreshBegan() } }
    public func refreshEnded() { followers.forEach { $0.refreshEnded() } }
}

/// Work done once the last refresh or sync ends (what notify rules matched, told).
@MainActor
public final class RefreshEnd: RefreshFollowing {
    private let ended: () -> Void

    public init(_ ended: @escaping () -> Void) {
        self.ended = ended
    }

    public func refreshBegan() {}
    public func refreshEnded() { ended() }
}
