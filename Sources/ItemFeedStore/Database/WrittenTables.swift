import CSQLite

/// The tables a connection wrote rows of, and how, as SQLite's update hook
/// names them: what the store turns into a `LibraryChange`.
final class WrittenTables {
    enum Operation: Hashable {
        case insert, update, delete
    }

    struct Write: Hashable {
        let table: String
        let operation: Operation
    }

    private(set) var writes: Set<Write> = []
    /// The last table named (SQLite's own string for it) and how: a
    /// statement writing 100,000 rows makes one `String`, not 100,000.
    private var last: (table: UnsafePointer<CChar>, operation: Int32)?

    /// Starts listening on `connection` for as long as this value lives.
    func listen(to connection: OpaquePointer) {
        sqlite3_update_hook(connection, { context, operation, _, table, _ in
            guard let context, let table else { return }
            Unmanaged<WrittenTables>.fromOpaque(context).takeUnretainedValue().wrote(table, operation)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func wrote(_ table: UnsafePointer<CChar>, _ operation: Int32) {
        if let last, last.table == table, last.operation == operation { return }
        last = (table, operation)
        let kind: Operation = operation == SQLITE_INSERT ? .insert : operation == SQLITE_DELETE ? .delete : .update
        writes.insert(Write(table: String(cString: table), operation: kind))
    }

    /// A table the hook cannot see (a `WITHOUT ROWID` one), written.
    func note(_ table: String, _ operation: Operation) {
        writes.insert(Write(table: table, operation: operation))
    }

    /// What was written since last taken, then forgotten.
    func take() -> Set<Write> {
        defer { restore([]) }
        return writes
    }

    /// What a transaction rolled back had written is forgotten.
    func restore(_ writes: Set<Write>) {
        self.writes = writes
        last = nil
    }
}
