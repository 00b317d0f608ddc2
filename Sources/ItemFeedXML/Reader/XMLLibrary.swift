import CXML
import Foundation

/// The first error libxml2 reports for one document, as a line a user can
/// read ("line 3: Opening and ending tag mismatch: title and item").
final class ErrorRecorder {
    private(set) var first: String?

    func record(_ error: xmlError) {
        guard first == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let message = error.message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "error \(error.code)"
        first = error.line > 0 ? "line \(error.line): \(message)" : message
    }
}

/// libxml2's set-up: process-wide once, and on each thread that parses.
public enum XMLLibrary {
    private static let prepared: Void = {
        xmlInitParser()
        defaultLoader = xmlGetExternalEntityLoader()
        // No document from the network may make libxml2 open a file or a
        // URL: every external entity and DTD is refused, whatever the
        // options of the parse that asks; only the files of the folders the
        // application trusts (GtkSourceView's language definitions and
        // their schema, which it reads through the same libxml2) are read.
        xmlSetExternalEntityLoader { url, id, context in
            guard let url, let path = XMLLibrary.trustedPath(String(cString: url)) else { return nil }
            return path.withCString { XMLLibrary.defaultLoader?($0, id, context) }
        }
    }()

    nonisolated(unsafe) private static var defaultLoader: xmlExternalEntityLoader?
    private static let trusted = TrustedFolders()

    /// Folders of the system's own files that libxml2 may read for the
    /// libraries sharing it with us, as GtkSourceView does its language
    /// definitions: absolute, with no `..`; called before any parse.
    public static func trustLocalFiles(under folders: [String]) {
        _ = prepared
        // "/usr/share/" and "/usr/share" are one folder, as are their files' paths with "//".
        let normal = folders.filter { $0.hasPrefix("/") && !$0.split(separator: "/").contains("..") }
            .map { "/" + $0.split(separator: "/").joined(separator: "/") + "/" }
        trusted.set(normal)
    }

    /// The path of a trusted local file an entity names, or nil.
    static func trustedPath(_ url: String) -> String? {
        let named = url.hasPrefix("file://") ? String(url.dropFirst(7)) : url
        guard named.hasPrefix("/"), !named.split(separator: "/").contains(".."), !named.contains("%") else { return nil }
        let path = "/" + named.split(separator: "/").joined(separator: "/")
        return trusted.folders.contains { path.hasPrefix($0) } ? path : nil
    }

    /// libxml2's error handlers are the thread's own: on every thread that
    /// parses, nothing libxml2 says reaches the terminal; what matters is
    /// collected by each document's `ErrorRecorder`.
    static func prepare() {
        _ = prepared
        itemfeed_xml_silence_generic_errors()
        xmlSetStructuredErrorFunc(nil) { _, _ in }
    }

    /// Runs `body` with this thread's libxml2 errors going to `recorder`.
    static func reportingErrors<Result>(to recorder: ErrorRecorder, _ body: () -> Result) -> Result {
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(recorder).toOpaque()) { context, error in
            guard let context, let error else { return }
            Unmanaged<ErrorRecorder>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
        }
        defer { xmlSetStructuredErrorFunc(nil) { _, _ in } }
        return body()
    }
}

/// The trusted folders, read on every thread that parses.
private final class TrustedFolders: @unchecked Sendable {
    // Safe: every access is under the lock.
    private let lock = NSLock()
    private var list: [String] = []

    var folders: [String] { lock.withLock { list } }
    func set(_ folders: [String]) { lock.withLock { list = folders } }
}
