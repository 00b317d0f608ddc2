internal import CGLib
import Foundation

/// The user's folders as GLib reads them (the XDG variables, else their
/// defaults; in a Flatpak, the app's own).
public enum XDGDirectory {
    public static var cache: URL { URL(fileURLWithPath: String(cString: g_get_user_cache_dir()), isDirectory: true) }
    public static var data: URL { URL(fileURLWithPath: String(cString: g_get_user_data_dir()), isDirectory: true) }
    public static var config: URL { URL(fileURLWithPath: String(cString: g_get_user_config_dir()), isDirectory: true) }
}
