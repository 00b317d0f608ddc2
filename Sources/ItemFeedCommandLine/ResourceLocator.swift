import Foundation

/// Finds the app's data (demo feed, CSS) relative to the running binary:
/// `<prefix>/bin/item-feed` uses `<prefix>/share/item-feed`, and a build in
/// the source tree uses the tree's `resources/`. Nothing absolute is baked
/// in at build time, so the same binary works installed anywhere, in a
/// Flatpak (/app) or from `swift run`.
public struct ResourceLocator {
    public let directory: URL

    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> ResourceLocator? {
        if let override = environment["ITEMFEED_DATA_DIR"] {
            return ResourceLocator(directory: URL(fileURLWithPath: override, isDirectory: true))
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let binDirectory = executable.deletingLastPathComponent()
        var candidates = [binDirectory.deletingLastPathComponent().appendingPathComponent("share/item-feed", isDirectory: true)]
        var ancestor = binDirectory
        while ancestor.path != "/" {
            candidates.append(ancestor.appendingPathComponent("resources", isDirectory: true))
            ancestor = ancestor.deletingLastPathComponent()
        }
        return candidates
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("demo/feed.json").path) }
            .map(ResourceLocator.init)
    }

    public var demoFeed: URL { directory.appendingPathComponent("demo/feed.json") }
    public var styleSheet: URL { directory.appendingPathComponent("style.css") }

    /// The compiled translations: `<prefix>/share/locale` beside
    /// `<prefix>/share/item-feed`, or in the source tree `.build/locale`,
    /// where `make run` compiles `po/`.
    public var catalogueDirectory: URL {
        let parent = directory.deletingLastPathComponent()
        return directory.lastPathComponent == "resources"
            ? parent.appendingPathComponent(".build/locale", isDirectory: true)
            : parent.appendingPathComponent("locale", isDirectory: true)
    }
}
