import CXML

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
enum XMLLibrary {
    private static let prepared: Void = {
        xmlInitParser()
        // No document from the network may make libxml2 open a file or a
        // URL: every external entity and DTD is refused, whatever the
        // options of the parse that asks.
        xmlSetExternalEntityLoader { _, _, _ in nil }
    }()

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
