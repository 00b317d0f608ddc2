import Foundation
import ItemFeed

/// Where the library lives and how it is opened: a damaged file, or one
/// that is not a library, is never replaced silently. It is kept aside
/// under a name that says so, and an empty library is opened in its
/// place, with a message saying what happened and where the file went.
public enum LibraryFile {
    public struct Opened {
        public let store: SQLiteLibraryStore
        /// Set when the file found was kept aside: say so to the user.
        public let problem: String?
    }

    /// `library.sqlite` in `directory` (made if missing).
    public static func url(in directory: URL) -> URL {
        directory.appendingPathComponent("library.sqlite")
    }

    public static func open(in directory: URL, memory: LibraryMemory = .window, now: @escaping () -> Date = Date.init) throws -> Opened {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = url(in: directory)
        do {
            return Opened(store: try SQLiteLibraryStore(path: file.path, memory: memory, now: now), problem: nil)
        } catch let error as SQLiteError where error.isDamagedFile {
            return try openAfterKeepingAside(file, reason: tr("it is damaged or not a database"), memory: memory, now: now)
        } catch LibraryFileProblem.foreign {
            return try openAfterKeepingAside(file, reason: tr("it belongs to another program"), memory: memory, now: now)
        }
    }

    private static func openAfterKeepingAside(_ file: URL, reason: String, memory: LibraryMemory, now: @escaping () -> Date) throws -> Opened {
        let stamp = Date.ISO8601FormatStyle().format(now()).replacingOccurrences(of: ":", with: "-")
        let aside = file.deletingPathExtension().appendingPathExtension("unreadable-\(stamp).sqlite")
        try FileManager.default.moveItem(at: file, to: aside)
        // Its log belongs to it: a new library must not replay it.
        for suffix in ["-wal", "-shm"] {
            let companion = URL(fileURLWithPath: file.path + suffix)
            if FileManager.default.fileExists(atPath: companion.path) {
                try FileManager.default.moveItem(at: companion, to: URL(fileURLWithPath: aside.path + suffix))
            }
        }
        let store = try SQLiteLibraryStore(path: file.path, memory: memory, now: now)
        return Opened(store: store, problem: tr(
            "The library could not be opened ({reason}). It was kept as {file}; a new, empty library was started.",
            ["reason": reason, "file": aside.path]
        ))
    }
}
