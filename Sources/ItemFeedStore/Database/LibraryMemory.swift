/// How much of the library file each connection keeps in memory.
public enum LibraryMemory: Sendable {
    /// The window's: a page cache big enough that marking a whole view read
    /// does not spill to the log as it goes, and views page from memory.
    case window
    /// A command's: SQLite's own default; its writes are batch-sized and its
    /// reads paged, and a command should take no more memory than it needs.
    case command

    /// `PRAGMA cache_size`, negative: in kibibytes.
    var cacheSize: Int {
        switch self {
        case .window: return -32_768
        case .command: return -2_000
        }
    }
}
