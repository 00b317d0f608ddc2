import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedLibrary

/// `item-feed` itself: it runs the commands that need no window and hands
/// everything else to `item-feed-window`, the binary beside it, by exec
/// (the same process id, arguments and environment). So `--refresh` and
/// `--print` never load GTK, and the window's start costs one exec.
/// `--background` runs here too, with no window (`BackgroundProcess`).
@MainActor
public enum CommandLineProcess {
    public static func run(resources: ResourceLocator?) -> Int32 {
        let composition = LibraryComposition.liveLibrary()
        var background: Bool?
        let application = OptionsApplication(id: ItemFeedInfo.applicationID, options: ItemFeedCommand.options, summary: ItemFeedCommand.summary) { options in
            switch ItemFeedCommand.handle(options, composition: composition, resources: resources) {
            case let .exit(status): return status
            case .window: return startWindow()
            case let .background(fromWindow):
                background = fromWindow
                return 0
            }
        }
        let status = application.run()
        guard let fromWindow = background else { return status }
        return BackgroundProcess.run(composition: composition, fromWindow: fromWindow)
    }

    /// Replaces this process with the window's; returns only when that fails.
    private static func startWindow() -> Int32 {
        say(ProcessHandover.exec(ProcessHandover.windowBinaryName, Array(CommandLine.arguments.dropFirst())))
        return 1
    }
}
