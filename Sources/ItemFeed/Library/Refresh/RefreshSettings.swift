import Foundation

/// When the library refreshes on its own (SPEC 12), and whether it says
/// so with a desktop notification.
public enum RefreshInterval: String, LibraryPreference {
    case off, quarterHour = "15m", halfHour = "30m", hour = "1h", threeHours = "3h"

    public static let standard = RefreshInterval.halfHour
    public static let settingName = "refresh-interval"

    /// `nil`: never on its own.
    public var seconds: TimeInterval? {
        switch self {
        case .off: return nil
        case .quarterHour: return 900
        case .halfHour: return 1_800
        case .hour: return 3_600
        case .threeHours: return 10_800
        }
    }

    public var title: String {
        switch self {
        case .off: return tr("Never")
        case .quarterHour: return tr("Every 15 minutes")
        case .halfHour: return tr("Every 30 minutes")
        case .hour: return tr("Every hour")
        case .threeHours: return tr("Every 3 hours")
        }
    }
}

extension LibraryStore {
    /// Whether a refresh that brings new items while the window is not
    /// active says so in a notification; yes until turned off.
    public func notifiesNewItems() throws -> Bool {
        try setting("notify-new-items") != "no"
    }

    public func setNotifiesNewItems(_ notifies: Bool) throws {
        try setSetting("notify-new-items", to: notifies ? "yes" : "no")
    }

    /// Whether ItemFeed goes on running, refreshing and notifying, with its
    /// window closed, and starts at login; `nil` until chosen (asked once,
    /// when the window is closed while feeds refresh on their own).
    public func runsInBackground() throws -> Bool? {
        switch try setting("run-in-background") {
        case "yes": return true
        case "no": return false
        default: return nil
        }
    }

    public func setRunsInBackground(_ runs: Bool) throws {
        try setSetting("run-in-background", to: runs ? "yes" : "no")
    }

    /// When the last refresh of the whole library ended.
    public func lastRefresh() throws -> Date? {
        try setting("last-refresh").flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
    }

    public func setLastRefresh(_ date: Date) throws {
        try setSetting("last-refresh", to: String(date.timeIntervalSince1970))
    }
}
