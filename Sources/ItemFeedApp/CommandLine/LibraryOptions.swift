import CGLib
import Foundation
import ItemFeed

/// The library's command-line options (SPEC 11), read from GApplication's
/// parsed options in the order they run: what is imported or subscribed is
/// refreshed, exported and listed in the same call.
struct LibraryOptions {
    var importOPML: String?
    var subscribe: String?
    var unsubscribe: String?
    var refresh = false
    var exportOPML: String?
    var subscriptions = false
    /// `--print` with no address: the library's items.
    var printItems = false
    var unreadOnly = false

    var isEmpty: Bool {
        importOPML == nil && subscribe == nil && unsubscribe == nil && !refresh && exportOPML == nil && !subscriptions && !printItems
    }

    @MainActor
    static func register(on application: UnsafeMutablePointer<GApplication>?) {
        let options: [(String, GOptionArg, String, String?)] = [
            ("subscribe", G_OPTION_ARG_STRING, tr("Add the feed at URL to the library, with its items"), "URL"),
            ("unsubscribe", G_OPTION_ARG_STRING, tr("Remove the feed at URL and its items from the library"), "URL"),
            ("import-opml", G_OPTION_ARG_STRING, tr("Add the feeds listed in an OPML file (- for standard input)"), "FILE"),
            ("export-opml", G_OPTION_ARG_STRING, tr("Write the library's feeds as OPML (- for standard output)"), "FILE"),
            ("refresh", G_OPTION_ARG_NONE, tr("Refresh every feed in the library now, one line per feed"), nil),
            ("subscriptions", G_OPTION_ARG_NONE, tr("List the library's feeds: address, title, unread, total, state"), nil),
            ("unread", G_OPTION_ARG_NONE, tr("With --print and no address: only the unread items"), nil),
        ]
        for (name, kind, description, argument) in options {
            g_application_add_main_option(application, name, 0, G_OPTION_FLAG_NONE, kind, description, argument)
        }
    }

    init() {}

    init(_ options: UnsafeMutablePointer<GVariantDict>, printsLibrary: Bool) {
        importOPML = Self.string("import-opml", in: options)
        subscribe = Self.string("subscribe", in: options)
        unsubscribe = Self.string("unsubscribe", in: options)
        exportOPML = Self.string("export-opml", in: options)
        refresh = g_variant_dict_contains(options, "refresh") != 0
        subscriptions = g_variant_dict_contains(options, "subscriptions") != 0
        unreadOnly = g_variant_dict_contains(options, "unread") != 0
        printItems = printsLibrary
    }

    private static func string(_ name: String, in options: UnsafeMutablePointer<GVariantDict>) -> String? {
        guard let value = g_variant_dict_lookup_value(options, name, nil) else { return nil }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }
}
