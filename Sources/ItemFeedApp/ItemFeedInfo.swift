/// Who the app says it is, on the command line, in About, and to servers.
enum ItemFeedInfo {
    static let applicationID = "io.github.itemfeed.ItemFeed"
    static let name = "ItemFeed"
    static let version = "0.1.0"
    static let website = "https://github.com/itemfeed/ItemFeed"
    static var userAgent: String { "ItemFeed/\(version) (+\(website))" }
}
