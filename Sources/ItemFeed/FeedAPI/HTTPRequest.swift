import Foundation

/// What a client is asked to send: feeds and images are GETs, a sync
/// service's log-in and marks are POSTs and PUTs with a form or JSON body.
public struct HTTPRequest: Equatable, Sendable {
    public enum Method: String, Sendable {
        case get = "GET", post = "POST", put = "PUT", delete = "DELETE"
    }

    public var url: URL
    public var method: Method
    /// Sent as given; a value with a line break is never sent (it would be
    /// a second header).
    public var headers: [String: String]
    public var body: Data?

    public init(url: URL, method: Method = .get, headers: [String: String] = [:], body: Data? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }

    /// An HTML form's body (`application/x-www-form-urlencoded`), fields in
    /// the order given: the Google Reader API and Fever take theirs so.
    public static func form(_ url: URL, method: Method = .post, fields: [(name: String, value: String)], headers: [String: String] = [:]) -> HTTPRequest {
        let body = fields.map { "\(formEncoded($0.name))=\(formEncoded($0.value))" }.joined(separator: "&")
        var headers = headers
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        return HTTPRequest(url: url, method: method, headers: headers, body: Data(body.utf8))
    }

    /// A JSON body (Tiny Tiny RSS, Nextcloud News).
    public static func json(_ url: URL, method: Method = .post, body: Data, headers: [String: String] = [:]) -> HTTPRequest {
        var headers = headers
        headers["Content-Type"] = "application/json"
        return HTTPRequest(url: url, method: method, headers: headers, body: body)
    }

    /// Unreserved characters as they are, every other byte %XX, a space too
    /// (WHATWG's form encoding writes "+", which servers also read as %20).
    static func formEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }
}
