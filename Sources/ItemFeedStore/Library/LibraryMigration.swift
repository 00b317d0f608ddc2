import Foundation

/// Brings a file to the current schema, or says why it will not.
enum LibraryMigration {
    enum Refusal: Error, Equatable {
        /// Another program's database: never written to.
        case foreign
        /// Made by a newer ItemFeed: opened by none older.
        case newer(version: Int64)
        /// A migration left rows pointing at rows that are not there: rolled back.
        case broken
    }

    /// Every migration after the file's version, each in its own
    /// transaction with the version bump, so a kill between two leaves a
    /// file at a version the next start continues from.
    ///
    /// Foreign keys are off meanwhile, as SQLite's way of rebuilding a
    /// table asks (dropping the old `feed` would otherwise delete every
    /// item), and checked before each commit; so is the old way of
    /// renaming, which leaves the items' triggers naming `feed` as written.
    static func migrate(_ database: SQLiteDatabase) throws {
        let applicationID = try database.applicationID()
        let version = try database.userVersion()
        if applicationID != LibrarySchema.applicationID {
            guard applicationID == 0, try database.isEmpty() else { throw Refusal.foreign }
        }
        guard version <= LibrarySchema.version else { throw Refusal.newer(version: version) }
        guard version < LibrarySchema.version else { return }
        try database.execute("PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON")
        defer { try? database.execute("PRAGMA legacy_alter_table = OFF; PRAGMA foreign_keys = ON") }
        for (index, sql) in LibrarySchema.migrations.enumerated().dropFirst(Int(version)) {
            try database.transaction {
                try database.execute(sql)
                guard try database.integer("SELECT count(*) FROM pragma_foreign_key_check") == 0 else { throw Refusal.broken }
                try database.mark(version: Int64(index + 1), applicationID: LibrarySchema.applicationID)
            }
        }
    }
}
