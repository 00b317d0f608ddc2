import ItemFeed

/// What the window shows when a process running in the background hands
/// over to it (`--resume`): the user opened ItemFeed, a notification, or a
/// search result.
public enum WindowResume: Equatable, Sendable {
    case window
    case unread
    case item(LibraryItem.Key)
    case search(String)

    public static let optionName = "resume"

    public init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":") else {
            switch argument {
            case "window": self = .window
            case "unread": self = .unread
            default: return nil
            }
            return
        }
        let value = String(argument[argument.index(after: colon)...])
        switch argument[..<colon] {
        case "item":
            guard let key = LibraryItem.Key(value) else { return nil }
            self = .item(key)
        case "search": self = .search(value)
        default: return nil
        }
    }

    public var argument: String {
        switch self {
        case .window: return "window"
        case .unread: return "unread"
        case let .item(key): return "item:\(String(key))"
        case let .search(terms): return "search:\(terms)"
        }
    }
}
