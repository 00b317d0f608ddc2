import Foundation
import ItemFeed
import ItemFeedApp

// GTK owns the main thread inside g_application_run; this file only starts
// it. Everything that runs afterwards is reached through GLib's main loop.
// The locale is set before the application is made, not by GTK's start-up
// later, so the command line's options and messages are translated too.
setlocale(LC_ALL, "")
if let resources = ResourceLocator.locate() {
    Translation.use(catalogueDirectory: resources.catalogueDirectory)
}
let status = MainActor.assumeIsolated {
    ItemFeedApplication(composition: .live()).run()
}
exit(status)
