import Foundation
import ItemFeed
import ItemFeedXML

/// OPML in and out of the library, for the command line and the window.
enum LibraryOPML {
    struct Imported {
        let added: Int
        let present: Int
        let skipped: Int
    }

    /// Every feed of the file, or none: a malformed file throws before
    /// anything is written, and the store adds them in one transaction.
    static func importFeeds(from data: Data, into store: LibraryStore) throws -> Imported {
        let document = try OPMLReader.read(data)
        let subscriptions = document.feeds.map { Subscription(address: $0.address, title: $0.title, siteLink: $0.siteLink, folder: $0.folder) }
        let added = try store.add(subscriptions, folders: document.folders).count
        return Imported(added: added, present: subscriptions.count - added, skipped: document.skipped)
    }

    static func export(_ store: LibraryStore) throws -> Data {
        OPMLWriter.write(try store.subscriptions(), folders: try store.folders())
    }
}
