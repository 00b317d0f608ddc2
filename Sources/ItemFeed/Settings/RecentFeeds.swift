import Foundation

/// The feeds opened last, newest first: offered again in the menu.
public struct RecentFeeds: Equatable, Sendable {
    public static let limit = 10
    public private(set) var addresses: [URL]

    public init(addresses: [URL] = []) {
        self.addresses = Array(addresses.prefix(Self.limit))
    }

    /// Opening a feed puts it first; opening it again moves it, never
    /// repeats it; the oldest past the limit is forgotten.
    public mutating func opened(_ url: URL) {
        addresses.removeAll { $0 == url }
        addresses.insert(url, at: 0)
        addresses = Array(addresses.prefix(Self.limit))
    }
}
