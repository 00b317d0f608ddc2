import CSQLite
import Foundation
import ItemFeed

/// A failed SQLite call: its result code and SQLite's own message, which
/// names what went wrong ("database or disk is full", "file is not a
/// database").
public struct SQLiteError: Error, Equatable, LocalizedError {
    /// The primary result code (`SQLITE_FULL`, `SQLITE_NOTADB`, …).
    public let code: Int32
    public let message: String

    public var errorDescription: String? {
        switch code {
        case SQLITE_FULL: return tr("The disk is full: the library was not changed")
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN:
            return tr("The library cannot be written: {reason}", ["reason": message])
        default: return message
        }
    }

    /// A file that is not a SQLite database, or is damaged.
    public var isDamagedFile: Bool { code == SQLITE_NOTADB || code == SQLITE_CORRUPT }

    init(code: Int32, message: String) {
        self.code = code & 0xFF
        self.message = message
    }

    init(code: Int32, connection: OpaquePointer?) {
        self.init(code: code, message: connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code)))
    }
}
