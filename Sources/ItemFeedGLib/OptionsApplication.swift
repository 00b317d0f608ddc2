internal import CGLib
import Foundation

/// A GApplication of GIO alone that only reads its options: the command
/// line's process parses and prints `--help` exactly as the window's does,
/// without loading GTK. It never registers on the session bus.
@MainActor
public final class OptionsApplication {
    private let application: UnsafeMutablePointer<GApplication>
    private let handler: Box

    /// `handle` answers the parsed options with an exit status.
    public init(id: String, options: [ApplicationOption], summary: String, handle: @escaping @MainActor (ParsedOptions) -> Int32) {
        application = g_application_new(id, G_APPLICATION_NON_UNIQUE)
        ApplicationOption.register(options, on: UnsafeMutableRawPointer(application))
        g_application_set_option_context_summary(application, summary)
        handler = Box(handle)
        let thunk: @convention(c) (gpointer?, UnsafeMutablePointer<GVariantDict>?, gpointer?) -> gint = { _, options, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { box.handle(ParsedOptions(UnsafeMutableRawPointer(options!))) }
        }
        g_signal_connect_data(
            application, "handle-local-options", unsafeBitCast(thunk, to: GCallback.self),
            Unmanaged.passUnretained(handler).toOpaque(), nil, GConnectFlags(0)
        )
    }

    public func run() -> Int32 {
        g_application_run(application, CommandLine.argc, CommandLine.unsafeArgv)
    }

    private final class Box {
        let handle: @MainActor (ParsedOptions) -> Int32
        init(_ handle: @escaping @MainActor (ParsedOptions) -> Int32) { self.handle = handle }
    }
}
