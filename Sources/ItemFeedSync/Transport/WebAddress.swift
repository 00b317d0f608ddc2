import Foundation

/// An address a server's answer gives: http and https only, with a host, so
/// an answer never makes the app open a file or run a script.
enum WebAddress {
    static func from(_ value: Any?) -> URL? {
        guard let text = value as? String, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
