import CGtkTestKit
import Foundation

/// Every warning and critical GLib's log writer sees, from any domain and
/// any thread: a critical is GTK catching a misuse (a freed widget, a wrong
/// type) that a build without its checks would crash on, while the test
/// around it passed. GTK logs through the structured writer, which
/// `g_log_set_handler` never sees, so the kit installs a writer of its own.
public enum GtkTestLog {
    private static let messages = LockedMessages()
    nonisolated(unsafe) private static var installed = false

    /// Installed once, before GTK starts (the writer can only be set once).
    static func install() {
        guard !installed else { return }
        installed = true
        g_log_set_writer_func({ level, fields, count, data in
            if level.rawValue & (G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue) != 0, let fields {
                GtkTestLog.messages.append(GtkTestLog.describe(level, UnsafeBufferPointer(start: fields, count: Int(count))))
            }
            return g_log_writer_default(level, fields, count, data)
        }, nil, nil)
    }

    /// How many were logged so far: a test compares it with its start.
    public static var count: Int { messages.count }

    /// The messages logged since `start`.
    public static func messages(since start: Int) -> [String] { messages.since(start) }

    private static func describe(_ level: GLogLevelFlags, _ fields: UnsafeBufferPointer<GLogField>) -> String {
        func field(_ key: String) -> String? {
            guard let found = fields.first(where: { String(cString: $0.key) == key }), let value = found.value else { return nil }
            return found.length < 0 ? String(cString: value.assumingMemoryBound(to: CChar.self))
                : String(decoding: UnsafeRawBufferPointer(start: value, count: Int(found.length)), as: UTF8.self)
        }
        let kind = level.rawValue & G_LOG_LEVEL_CRITICAL.rawValue != 0 ? "critical" : "warning"
        return "\(field("GLIB_DOMAIN") ?? "?") \(kind): \(field("MESSAGE") ?? "")"
    }

    private final class LockedMessages: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [String] = []

        func append(_ message: String) { lock.withLock { messages.append(message) } }
        var count: Int { lock.withLock { messages.count } }
        func since(_ start: Int) -> [String] { lock.withLock { Array(messages.dropFirst(start)) } }
    }
}
