import CSQLite
import Foundation

/// One connection to a SQLite file: statements prepared once and kept,
/// transactions, and the settings every connection of the library uses.
///
/// Not shared between threads: each thread that reads or writes the
/// library opens its own (WAL lets readers and the one writer run at once).
final class SQLiteDatabase {
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    /// Transactions open on this connection, the outermost first.
    private var depth = 0
    /// Which tables this connection wrote, for the writer to tell.
    let written = WrittenTables()

    /// Opens (or creates) the file. Throws `SQLiteError` with
    /// `isDamagedFile` when it is not a database or is damaged: SQLite opens
    /// any file lazily, so the schema is read here to find out at once.
    init(path: String, memory: LibraryMemory = .window) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(code: code, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        written.listen(to: handle)
        do {
            // A writer waits for the other connection's transaction rather
            // than failing at once.
            sqlite3_busy_timeout(handle, 5_000)
            _ = try integer("PRAGMA schema_version")
            // WAL: readers never wait for the writer. NORMAL: a commit
            // survives the process being killed (the log is written before
            // COMMIT returns); only a power cut may lose the last ones.
            try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
            // Statement journals (each item's triggers keep one) in memory,
            // not in /var/tmp.
            try execute("PRAGMA cache_size = \(memory.cacheSize); PRAGMA temp_store = MEMORY")
        } catch {
            statements = [:]
            sqlite3_close_v2(handle)
            throw error
        }
    }

    deinit {
        statements = [:]
        sqlite3_close_v2(handle)
    }

    /// Runs SQL with no values and no rows (schema, pragmas).
    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
    }

    /// The statement for `sql`, prepared on first use.
    func statement(_ sql: String) throws -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        let statement = try SQLiteStatement(sql: sql, connection: handle)
        statements[sql] = statement
        return statement
    }

    func integer(_ sql: String, _ values: [SQLiteValue?] = []) throws -> Int64 {
        try statement(sql).integer(values)
    }

    /// `body` in one write transaction: all of it is committed, or none.
    /// IMMEDIATE takes the write lock first, so a reader's snapshot never
    /// has to be upgraded mid-way.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        // Inside another transaction, a savepoint: a change made of several
        // (subscribe = add + the first refresh) is still all or nothing.
        let savepoint = depth > 0 ? "nested\(depth)" : nil
        try execute(savepoint.map { "SAVEPOINT \($0)" } ?? "BEGIN IMMEDIATE")
        let writtenBefore = written.writes
        depth += 1
        defer { depth -= 1 }
        do {
            let result = try body()
            try execute(savepoint.map { "RELEASE \($0)" } ?? "COMMIT")
            return result
        } catch {
            try? execute(savepoint.map { "ROLLBACK TO \($0); RELEASE \($0)" } ?? "ROLLBACK")
            written.restore(writtenBefore)
            throw error
        }
    }

    // MARK: The file's header

    /// `PRAGMA user_version`: the schema version the file says it has.
    func userVersion() throws -> Int64 { try integer("PRAGMA user_version") }

    /// `PRAGMA application_id`: which program the file says it belongs to.
    func applicationID() throws -> Int64 { try integer("PRAGMA application_id") }

    /// A file with nothing in it yet (a new one, or not a file of anyone's).
    func isEmpty() throws -> Bool { try integer("SELECT count(*) FROM sqlite_master") == 0 }

    /// Writes both header fields (pragmas take no bound values; both are integers).
    func mark(version: Int64, applicationID: Int64) throws {
        try execute("PRAGMA user_version = \(version); PRAGMA application_id = \(applicationID)")
    }

    /// Rows changed by the last statement.
    var changes: Int { Int(sqlite3_changes(handle)) }
    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }
}
