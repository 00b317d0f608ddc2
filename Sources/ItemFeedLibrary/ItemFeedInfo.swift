/// Who the app says it is, on the command line, in About, and to servers.
public enum ItemFeedInfo {
    public static let applicationID = "io.github.itemfeed.ItemFeed"
    public static let name = "ItemFeed"
    public static let version = "0.1.0"
    public static let website = "https://github.com/itemfeed/ItemFeed"
    public static var userAgent: String { "ItemFeed/\(version) (+\(website))" }
}
