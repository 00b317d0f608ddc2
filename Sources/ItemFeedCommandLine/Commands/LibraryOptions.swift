import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedSync

/// The library's command-line options (SPEC 11), read from the
/// application's parsed options in the order they run: what is imported or subscribed is
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
    /// `--search QUERY`: only the items it matches (with or without `--print`).
    var search: String?
    /// `--mark-read ITEM…` and its kin, with the items named after it.
    var marks: (change: MarkCommand, items: [String])?
    /// `--add-account SERVICE ADDRESS --user NAME`.
    var addAccount: (service: String, address: String?, userName: String?)?
    var listAccounts = false
    /// `--sync [ACCOUNT…]`: the accounts named, all when none is.
    var sync: [String]?
    var removeAccount: String?
    /// `--subscribe URL --account ACCOUNT`: on that account's server.
    var account: String?
    var addRule: RuleCommandLine.Request?
    var listRules = false
    var removeRule: String?
    var applyRules = false

    enum MarkCommand: String, CaseIterable {
        case read = "mark-read", unread = "mark-unread", star, unstar
    }

    var isEmpty: Bool {
        importOPML == nil && subscribe == nil && unsubscribe == nil && !refresh && exportOPML == nil && !subscriptions && !printItems && marks == nil
            && addAccount == nil && !listAccounts && sync == nil && removeAccount == nil && addRule == nil && !listRules && removeRule == nil && !applyRules
    }

    static let options: [ApplicationOption] = [
        ApplicationOption("subscribe", .string, tr("Add the feed at URL to the library, with its items"), placeholder: "URL"),
        ApplicationOption("unsubscribe", .string, tr("Remove the feed at URL and its items from the library"), placeholder: "URL"),
        ApplicationOption("import-opml", .string, tr("Add the feeds listed in an OPML file (- for standard input)"), placeholder: "FILE"),
        ApplicationOption("export-opml", .string, tr("Write the library's feeds as OPML (- for standard output)"), placeholder: "FILE"),
        ApplicationOption("refresh", .none, tr("Refresh every feed in the library now, one line per feed")),
        ApplicationOption("subscriptions", .none, tr("List the library's feeds: address, title, unread, total, state, account")),
        ApplicationOption("unread", .none, tr("With --print and no address: only the unread items")),
        ApplicationOption("search", .string, tr("Print the library's items that match QUERY: words, \"phrases\", -word, OR, title:, author:, feed:, folder:, is:unread, is:read, is:starred, after:DATE, before:DATE"), placeholder: "QUERY"),
        ApplicationOption(MarkCommand.read.rawValue, .none, tr("Mark the items named after the options read (ITEM: the first column of --print)")),
        ApplicationOption(MarkCommand.unread.rawValue, .none, tr("Mark the items named after the options unread")),
        ApplicationOption(MarkCommand.star.rawValue, .none, tr("Star the items named after the options")),
        ApplicationOption(MarkCommand.unstar.rawValue, .none, tr("Unstar the items named after the options")),
        ApplicationOption("add-account", .string, tr("Add an account on a feed server ({services}) at the address after the options, with --user; the password is read from standard input", ["services": SyncServices.descriptions.map(\.kind.rawValue).joined(separator: ", ")]), placeholder: "SERVICE"),
        ApplicationOption("user", .string, tr("The user name, with --add-account"), placeholder: "NAME"),
        ApplicationOption("account", .string, tr("With --subscribe: subscribe on that account's server (an id of --accounts)"), placeholder: "ACCOUNT"),
        ApplicationOption("accounts", .none, tr("List the accounts: id, service, address, user, feeds, unread, state, last sync")),
        ApplicationOption("sync", .none, tr("Sync the accounts named after the options (all when none is), one line each")),
        ApplicationOption("add-rule", .string, tr("Add a rule: items that match QUERY as they arrive are marked read, starred, hidden or told of (the action after the options: read, star, hide, notify); with --feed URL or --folder NAME, only there"), placeholder: "QUERY"),
        ApplicationOption("folder", .string, tr("With --add-rule: only the items of that folder"), placeholder: "NAME"),
        ApplicationOption("rules", .none, tr("List the rules: id, action, where, query")),
        ApplicationOption("remove-rule", .string, tr("Remove the rule (an id of --rules)"), placeholder: "ID"),
        ApplicationOption("apply-rules", .none, tr("Apply every rule to the items already in the library, one line each")),
        ApplicationOption("remove-account", .string, tr("Remove the account, its feeds and items, and its password (nothing on the server)"), placeholder: "ACCOUNT"),
    ]

    init() {}

    init(_ options: ParsedOptions, printsLibrary: Bool) {
        importOPML = options.string("import-opml")
        subscribe = options.string("subscribe")
        unsubscribe = options.string("unsubscribe")
        exportOPML = options.string("export-opml")
        refresh = options.contains("refresh")
        subscriptions = options.contains("subscriptions")
        unreadOnly = options.contains("unread")
        search = options.string("search")
        printItems = printsLibrary || search != nil
        let remaining = options.strings(ApplicationOption.remainingName)
        if let service = options.string("add-account") {
            addAccount = (service, remaining.first, options.string("user"))
        }
        listAccounts = options.contains("accounts")
        if options.contains("sync") { sync = remaining }
        removeAccount = options.string("remove-account")
        if let query = options.string("add-rule") {
            addRule = RuleCommandLine.Request(query: query, action: remaining.first, feed: options.string("feed"), folder: options.string("folder"))
        }
        listRules = options.contains("rules")
        removeRule = options.string("remove-rule")
        applyRules = options.contains("apply-rules")
        account = options.string("account")
        let asked = MarkCommand.allCases.filter { options.contains($0.rawValue) }
        if let change = asked.first {
            marks = (change, options.strings(ApplicationOption.remainingName))
            conflictingMarks = asked.count > 1
        }
    }

    /// Two of `--mark-read`, `--mark-unread`, `--star`, `--unstar` at once.
    var conflictingMarks = false
}
