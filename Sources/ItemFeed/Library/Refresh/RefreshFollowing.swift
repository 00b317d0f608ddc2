import Foundation

/// Work that runs between the library's refreshes and syncs, never during
/// one (full articles fetched after them): told when the first starts and
/// when the last ends.
@MainActor
public protocol RefreshFollowing: AnyObject {
    func refreshBegan()
    func refreshEnded()
}
