import Foundation
import ItemFeed

/// One ItemFeed process becoming another by exec, with the same process id
/// and environment: `item-feed` becomes the window for anything that shows
/// one, and the window becomes `item-feed --background` when it closes in
/// Run in Background, so GTK is loaded only while a window shows.
public enum ProcessHandover {
    /// The window's binary and the command line's, side by side.
    public static let windowBinaryName = "item-feed-window"
    public static let commandBinaryName = "item-feed"

    /// Whether `binary` is there to become (checked before leaving anything behind).
    public static func canExec(_ binary: String) -> Bool {
        access(path(of: binary), X_OK) == 0
    }

    private static func path(of binary: String) -> String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(binary).path
    }

    /// Replaces this process with `binary` (beside this one's) run with
    /// `arguments`; returns only when that fails, with why.
    public static func exec(_ binary: String, _ arguments: [String]) -> String {
        let path = path(of: binary)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        return tr("item-feed: cannot start {binary}: {reason}", ["binary": path, "reason": reason])
    }
}
