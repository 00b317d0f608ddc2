import Foundation
import ItemFeed
import ItemFeedGLib

/// `item-feed` itself: it runs the commands that need no window and hands
/// everything else to `item-feed-window`, the binary beside it, by exec
/// (the same process id, arguments and environment). So `--refresh` and
/// `--print` never load GTK, and the window's start costs one exec.
@MainActor
public enum CommandLineProcess {
    /// The window's binary, in the same folder as this one.
    public static let windowBinaryName = "item-feed-window"

    public static func run(resources: ResourceLocator?) -> Int32 {
        let composition = LibraryComposition.liveLibrary()
        let application = OptionsApplication(id: ItemFeedInfo.applicationID, options: ItemFeedCommand.options, summary: ItemFeedCommand.summary) { options in
            switch ItemFeedCommand.handle(options, composition: composition, resources: resources) {
            case let .exit(status): return status
            case .window, .background: return startWindow()
            }
        }
        return application.run()
    }

    /// Replaces this process with the window's; returns only when that fails.
    private static func startWindow() -> Int32 {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent(windowBinaryName).path
        var arguments = CommandLine.arguments
        arguments[0] = binary
        let argv = arguments.map { strdup($0) } + [nil]
        execv(binary, argv)
        let reason = String(cString: strerror(errno))
        say(tr("item-feed: cannot start the window ({binary}): {reason}", ["binary": binary, "reason": reason]))
        return 1
    }
}
