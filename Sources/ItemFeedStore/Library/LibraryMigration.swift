import Foundation

/// Brings a file to the current schema, or says why it will not.
enum LibraryMigration {
    enum Refusal: Error, Equatable {
        /// Another program's database: never written to.
        case foreign
        /// Made by a newer ItemFeed: opened by none older.
        case newer(version: Int64)
    }

    /// Every migration after the file's version, each in its own
    /// transaction with the version bump, so a kill between two leaves a
    /// file at a version the next start continues from.
    static func migrate(_ database: SQLiteDatabase) throws {
        let applicationID = try database.applicationID()
        let version = try database.userVersion()
        if applicationID != LibrarySchema.applicationID {
            guard applicationID == 0, try database.isEmpty() else { throw Refusal.foreign }
        }
        guard version <= LibrarySchema.version else { throw Refusal.newer(version: version) }
        for (index, sql) in LibrarySchema.migrations.enumerated().dropFirst(Int(version)) {
            try database.transaction {
                try database.execute(sql)
                try database.mark(version: Int64(index + 1), applicationID: LibrarySchema.applicationID)
            }
        }
    }
}
