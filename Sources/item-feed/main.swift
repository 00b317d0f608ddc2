import Foundation

// GTK owns the main thread inside g_application_run; this file only starts
// it. Everything that runs afterwards is reached through GLib's main loop.
let status = MainActor.assumeIsolated {
    ItemFeedApplication().run()
}
exit(status)
