/// Keys bound as JSON arrays for `json_each(?)`, thousands a statement: a
/// mark of 100,000 items is ten statements, not 100,000, each of which
/// SQLite wraps in a statement journal that grows with the transaction.
enum KeyBatches {
    static let size = 10_000

    static func json(_ keys: [Int64]) -> [SQLiteValue] {
        stride(from: 0, to: keys.count, by: size).map { start in
            .text("[" + keys[start..<min(start + size, keys.count)].map(String.init).joined(separator: ",") + "]")
        }
    }
}
