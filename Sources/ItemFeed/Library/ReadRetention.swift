import Foundation

/// How long the library keeps items once read: starred and unread ones
/// are kept whatever this says.
public enum ReadRetention: String, LibraryPreference {
    case week, month, threeMonths = "three-months", forever

    /// SPEC 11: read items older than 30 days are pruned unless the user
    /// chose otherwise.
    public static let standard = ReadRetention.month
    public static let settingName = "read-retention"

    /// Read items first seen before this are pruned; `nil`: none are.
    public func cutoff(before now: Date) -> Date? {
        let day = 86_400.0
        switch self {
        case .week: return now.addingTimeInterval(-7 * day)
        case .month: return now.addingTimeInterval(-30 * day)
        case .threeMonths: return now.addingTimeInterval(-91 * day)
        case .forever: return nil
        }
    }

    public var title: String {
        switch self {
        case .week: return tr("One week")
        case .month: return tr("One month")
        case .threeMonths: return tr("Three months")
        case .forever: return tr("For ever")
        }
    }
}

extension LibraryStore {
    /// Prunes what the user's retention says may go (on start, and before
    /// a refresh from the command line); returns how many items went.
    @discardableResult public func pruneByRetention(now: Date) throws -> Int {
        guard let cutoff = try preference(ReadRetention.self).cutoff(before: now) else { return 0 }
        return try pruneRead(before: cutoff)
    }
}
