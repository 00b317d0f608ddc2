import CSQLite
import Foundation

/// A prepared statement, kept by its connection and reset after each use.
/// Values are bound and read by position, typed: no SQL text is ever built
/// from data.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer

    init(sql: String, connection: OpaquePointer) throws {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else { throw SQLiteError(code: code, connection: connection) }
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` (Int64, Int, Double, Bool, String, or nil for NULL) from
    /// the first parameter on.
    func bind(_ values: [SQLiteValue?]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case nil: code = sqlite3_bind_null(handle, index)
            case let .integer(number)?: code = sqlite3_bind_int64(handle, index, number)
            case let .real(number)?: code = sqlite3_bind_double(handle, index, number)
            case let .text(text)?:
                code = text.utf8CString.withUnsafeBufferPointer {
                    itemfeed_sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count - 1))
                }
            }
            guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection) }
        }
    }

    /// The next row: `true` while there is one.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            sqlite3_reset(handle)
            return false
        case let code:
            sqlite3_reset(handle)
            throw SQLiteError(code: code, connection: connection)
        }
    }

    /// Runs to the end, for statements that return no rows.
    func run(_ values: [SQLiteValue?] = []) throws {
        try bind(values)
        while try step() {}
    }

    /// Every row, each read by `row`.
    func rows<Row>(_ values: [SQLiteValue?] = [], _ row: (SQLiteStatement) -> Row) throws -> [Row] {
        try bind(values)
        var rows: [Row] = []
        while try step() { rows.append(row(self)) }
        return rows
    }

    /// The first column of the first row, as an integer (0 without a row).
    func integer(_ values: [SQLiteValue?] = []) throws -> Int64 {
        try rows(values) { $0.integer(0) }.first ?? 0
    }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func optionalInteger(_ column: Int32) -> Int64? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, column)
    }
    func real(_ column: Int32) -> Double? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_double(handle, column)
    }
    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: bytes)
    }
}

/// One value to bind.
enum SQLiteValue {
    case integer(Int64)
    case real(Double)
    case text(String)
}

extension SQLiteValue {
    static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
    static func bool(_ value: Bool) -> SQLiteValue { .integer(value ? 1 : 0) }
    static func optional(_ text: String?) -> SQLiteValue? { text.map(SQLiteValue.text) }
    static func optional(_ number: Double?) -> SQLiteValue? { number.map(SQLiteValue.real) }
}
