import Foundation
import ItemFeed

/// The name of a document's first element, read by libxml2 from the first
/// 16 KiB (made ready as the whole body is, `XMLBody`): enough to tell RSS
/// from Atom whatever the encoding, the XML declaration, comments or
/// doctype before it, and cheap for any size.
struct XMLRoot: Equatable {
    let localName: String
    /// `nil` when only the doctype named the root (see below).
    let namespace: String?

    init(localName: String, namespace: String?) {
        self.localName = localName
        self.namespace = namespace
    }

    /// The root's name matches, and its namespace too where it is known.
    func matches(_ localName: String, namespace: String) -> Bool {
        self.localName == localName && (self.namespace == nil || self.namespace == namespace)
    }

    init?(of response: HTTPResponse, url: URL) {
        let head = XMLBody(HTTPResponse(statusCode: response.statusCode, headers: response.headers, body: response.body.prefix(16_384)), replacingEntities: true)
        guard let first = head.data.first(where: { $0 > 0x20 }), first == UInt8(ascii: "<") || first == 0xEF,
              let reader = try? XMLReader(body: head, url: url, refusesEntityDeclarations: false)
        else { return nil }
        while (try? reader.read()) == true {
            if reader.nodeType == .element {
                self.init(localName: reader.localName, namespace: reader.namespace)
                return
            }
        }
        // A document whose declarations stop the parse before its root (a
        // "billion laughs") still names it in its doctype: recognised, its
        // format's full read then says clearly why it is refused.
        guard let doctypeName = reader.doctypeName.map({ String($0.split(separator: ":").last ?? "") }) else { return nil }
        self.init(localName: doctypeName, namespace: nil)
    }
}

/// The namespaces feeds use.
enum XMLNamespace {
    static let atom = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
    static let rss10 = "http://purl.org/rss/1.0/"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let media = "http://search.yahoo.com/mrss/"
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
    /// The same, as many podcast feeds spell it.
    static let itunesCapitalised = "http://www.itunes.com/DTDs/PodCast-1.0.dtd"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let dublinCoreTerms = "http://purl.org/dc/terms/"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let syndication = "http://purl.org/rss/1.0/modules/syndication/"
}
