import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedLibrary

// The command line: GLib, libcurl, libxml2 and SQLite, never GTK. Anything
// asking for a window goes on in `item-feed-window` (`CommandLineProcess`).
// The locale is set first, so options and messages are translated.
setlocale(LC_ALL, "")
let resources = ResourceLocator.locate()
if let resources {
    Translation.use(catalogueDirectory: resources.catalogueDirectory)
}
exit(MainActor.assumeIsolated { CommandLineProcess.run(resources: resources) })
