import Foundation
import ItemFeed
import ItemFeedXML

/// OPML in and out of the library, for the command line and the window.
public enum LibraryOPML {
    public struct Imported {
        public let added: Int
        public let present: Int
        public let skipped: Int
    }

    /// Every feed of the file, or none: a malformed file is refused before
    /// anything is asked, and the account adds them in one transaction.
    @MainActor
    public static func importFeeds(from data: Data, into account: Account, completion: @escaping (Result<Imported, Error>) -> Void) {
        do {
            importFeeds(try OPMLReader.read(data), into: account, stop: SyncStop(), completion: completion)
        } catch {
            completion(.failure(error))
        }
    }

    /// A document read already; stopped while written, nothing is kept.
    @MainActor
    public static func importFeeds(_ document: OPMLDocument, into account: Account, stop: SyncStop, completion: @escaping (Result<Imported, Error>) -> Void) {
        let subscriptions = document.feeds.map { Subscription(address: $0.address, title: $0.title, siteLink: $0.siteLink, folder: $0.folder) }
        account.importSubscriptions(subscriptions, folders: document.folders, stop: stop) { result in
            completion(result.map { Imported(added: $0.count, present: subscriptions.count - $0.count, skipped: document.skipped) })
        }
    }

    public static func export(_ store: SubscriptionStore) throws -> Data {
        OPMLWriter.write(try store.subscriptions(), folders: try store.folders())
    }
}
