import Foundation
import ItemFeed
import ItemFeedApp
import ItemFeedCommandLine
import ItemFeedLibrary

// The window's process (`item-feed` execs it for anything but a command).
// GTK owns the main thread inside g_application_run; this file only starts
// it. Everything that runs afterwards is reached through GLib's main loop.
// The locale is set before the application is made, not by GTK's start-up
// later, so the command line's options and messages are translated too.
setlocale(LC_ALL, "")
let resources = ResourceLocator.locate()
if let resources {
    Translation.use(catalogueDirectory: resources.catalogueDirectory)
}
let status = MainActor.assumeIsolated {
    ItemFeedApplication(composition: .live(), resources: resources).run()
}
exit(status)
