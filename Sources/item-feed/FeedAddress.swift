import Foundation

/// Reads `--feed` the way people type it: a web address, a `file://` URL,
/// or a path to a local file.
enum FeedAddress {
    static func url(from argument: String) -> URL? {
        if let url = URL(string: argument), let scheme = url.scheme?.lowercased() {
            return ["http", "https", "file"].contains(scheme) ? url : nil
        }
        return URL(fileURLWithPath: argument).standardizedFileURL
    }
}
