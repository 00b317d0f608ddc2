import CGtk
import Foundation
import ItemFeed

/// The recent feeds in a key file in the XDG config folder
/// (`$XDG_CONFIG_HOME/item-feed/recent-feeds.ini`; in a Flatpak, the app's
/// own). GLib writes it to a temporary file and renames it, so a crash
/// mid-write leaves the previous list.
public struct RecentFeedsFile: Sendable {
    public let path: String
    private static let group = "Recent Feeds"
    private static let key = "addresses"

    public init(directory: String = String(cString: g_get_user_config_dir()) + "/item-feed") {
        path = directory + "/recent-feeds.ini"
    }

    /// Nothing saved, or a file that cannot be read: no recent feeds.
    public func load() -> RecentFeeds {
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        guard g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, nil) != 0 else { return RecentFeeds() }
        var count: gsize = 0
        guard let list = g_key_file_get_string_list(file, Self.group, Self.key, &count, nil) else { return RecentFeeds() }
        defer { g_strfreev(list) }
        let addresses = (0..<Int(count)).compactMap { list[$0].flatMap { URL(string: String(cString: $0)) } }
        return RecentFeeds(addresses: addresses)
    }

    /// Best effort: a read-only or full config folder costs the user the
    /// list, not the feed they opened. Returns whether it was saved.
    @discardableResult
    public func save(_ recent: RecentFeeds) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        guard g_mkdir_with_parents(folder, 0o700) == 0 else { return false }
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        var strings = recent.addresses.map { UnsafePointer(strdup($0.absoluteString)) }
        defer { strings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        g_key_file_set_string_list(file, Self.group, Self.key, &strings, gsize(strings.count))
        return g_key_file_save_to_file(file, path, nil) != 0
    }
}
