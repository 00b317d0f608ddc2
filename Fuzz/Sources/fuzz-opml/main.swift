import FeedPromises
import Foundation
import ItemFeed
import ItemFeedXML

/// OPML import on any bytes: a file is refused with an OPMLError or read
/// into feeds that keep their promises, and what is read survives a
/// round trip through the writer unchanged (the export/import promise):
/// the same feeds and folders (the writer groups feeds by folder, so their
/// order may change once), and the writer's bytes a fixed point.
FuzzDriver.run { input in
    let document: OPMLDocument
    do {
        document = try OPMLReader.read(Data(input))
    } catch is OPMLError {
        return
    } catch {
        FeedPromises.fail("OPMLReader threw a non-OPML error: \(error)")
    }
    FeedPromises.check(document)
    let subscriptions = document.feeds.map { Subscription(address: $0.address, title: $0.title, siteLink: $0.siteLink, folder: $0.folder) }
    let written = OPMLWriter.write(subscriptions, folders: document.folders)
    guard let again = try? OPMLReader.read(written) else { FeedPromises.fail("the writer's OPML was refused") }
    FeedPromises.expect(Set(again.feeds) == Set(document.feeds), "the round trip changed the feeds: \(document.feeds) became \(again.feeds)")
    FeedPromises.expect(Set(again.folders) == Set(document.folders), "the round trip changed the folders: \(document.folders) became \(again.folders)")
    let rewritten = OPMLWriter.write(again.feeds.map { Subscription(address: $0.address, title: $0.title, siteLink: $0.siteLink, folder: $0.folder) }, folders: again.folders)
    FeedPromises.expect(rewritten == written, "writing what was read changed the bytes")
}
