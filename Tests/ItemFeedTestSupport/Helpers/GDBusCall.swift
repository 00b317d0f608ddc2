import Foundation

/// `gdbus`, run as GNOME Shell would call ItemFeed: its output (or its
/// error), trimmed. `waiting` is called until it ends, so a test whose own
/// loop answers the call can turn that loop meanwhile.
public enum GDBusCall {
    public static func run(_ arguments: [String], waiting: () -> Void = {}) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        while process.isRunning { waiting() }
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
