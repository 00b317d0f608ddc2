import Foundation
import ItemFeed

/// Reads an OPML list of feeds with the same hardened libxml2 reader the
/// feeds use (no network, no entity declarations, any encoding). A file
/// that is not well-formed is refused whole: an import is all or nothing.
public enum OPMLReader {
    /// More than any list of feeds: 1,000 outlines take about 150 KB.
    public static let maxBytes = 16 * 1024 * 1024

    /// Whether a file is OPML, as the desktop tells (shared-mime-info):
    /// named `*.opml`, or its first element `<opml` within its first 1 KB
    /// (`start` may be just those bytes).
    public static func isOPML(_ start: Data, named name: String) -> Bool {
        if name.lowercased().hasSuffix(".opml") { return true }
        let bytes = [UInt8](start.prefix(1_024))
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                let rest = bytes[(index + 1)...]
                // The prolog: a declaration, comments, a doctype.
                let closing: [UInt8]? = rest.starts(with: Array("?".utf8)) ? Array("?>".utf8)
                    : rest.starts(with: Array("!--".utf8)) ? Array("-->".utf8) : rest.starts(with: Array("!".utf8)) ? Array(">".utf8) : nil
                guard let closing else {
                    let name = Array("opml".utf8)
                    guard rest.starts(with: name), let after = rest.dropFirst(name.count).first else { return false }
                    return [UInt8(ascii: ">"), UInt8(ascii: "/"), 0x20, 0x09, 0x0A, 0x0D].contains(after)
                }
                guard let end = firstRange(of: closing, in: bytes, from: index + 1) else { return false }
                index = end
            } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index += 1
            } else {
                return false
            }
        }
        return false
    }

    /// Where `needle` ends in `bytes`, searched from `start`.
    private static func firstRange(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        for index in start...(bytes.count - needle.count) where bytes[index..<index + needle.count].elementsEqual(needle) {
            return index + needle.count
        }
        return nil
    }

    public static func read(_ data: Data) throws -> OPMLDocument {
        guard data.count <= maxBytes else { throw OPMLError.tooLarge }
        let body = XMLBody(HTTPResponse(statusCode: 200, body: data), replacingEntities: true)
        let reader: XMLReader
        do {
            reader = try XMLReader(body: body, url: URL(fileURLWithPath: "/subscriptions.opml"))
        } catch {
            throw OPMLError.malformed(reason: Self.reason(error))
        }
        var outlines = Outlines()
        var title: String?
        var sawRoot = false
        do {
            while try reader.read() {
                switch reader.nodeType {
                case .element?:
                    if !sawRoot {
                        guard reader.localName.lowercased() == "opml" else { throw OPMLError.notOPML }
                        sawRoot = true
                    } else if reader.localName == "outline" {
                        outlines.open(reader)
                    } else if reader.localName == "title", reader.depth == 2, title == nil {
                        title = FeedText.clean(try reader.readText(), limit: FeedText.titleLimit)
                    }
                case .endElement? where reader.localName == "outline":
                    outlines.close()
                default: break
                }
            }
        } catch let error as OPMLError {
            throw error
        } catch {
            throw OPMLError.malformed(reason: Self.reason(error))
        }
        guard sawRoot else { throw OPMLError.notOPML }
        return OPMLDocument(title: title, feeds: outlines.feeds, folders: outlines.folders, skipped: outlines.skipped)
    }

    private static func reason(_ error: Error) -> String {
        if case let RemoteLoadError.malformedFeed(reason) = error { return reason }
        return error.explanation
    }
}

/// The outlines read so far: the folders above the current one, the feeds
/// and folders found, addresses seen (a repeat is merged into the first).
private struct Outlines {
    /// One entry per open outline: its folder name, or nil for a feed's.
    private var open: [String?] = []
    private(set) var feeds: [OPMLDocument.Feed] = []
    private(set) var folders: [String] = []
    private(set) var skipped = 0
    private var seenAddresses: Set<String> = []
    private var seenFolders: Set<String> = []

    private var folder: String? {
        let path = open.compactMap { $0 }
        return path.isEmpty ? nil : path.joined(separator: " / ")
    }

    mutating func open(_ reader: XMLReader) {
        let text = (reader.attribute("text") ?? reader.attribute("title")).flatMap { FeedText.clean($0, limit: FeedText.titleLimit) }
        let address = reader.attribute("xmlUrl") ?? reader.attribute("xmlurl")
        if let address {
            addFeed(address, title: text, site: reader.attribute("htmlUrl"))
            if !reader.isEmptyElement { open.append(nil) }
            return
        }
        let name = text ?? tr("Untitled")
        if reader.isEmptyElement {
            // An empty folder, kept so a round trip keeps it.
            open.append(name)
            addFolder(folder)
            open.removeLast()
        } else {
            open.append(name)
        }
    }

    mutating func close() {
        if !open.isEmpty { open.removeLast() }
    }

    private mutating func addFeed(_ typed: String, title: String?, site: String?) {
        guard let url = URL(string: typed.trimmingCharacters(in: .whitespacesAndNewlines)),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            skipped += 1
            return
        }
        guard seenAddresses.insert(url.absoluteString).inserted else { return }
        let siteLink = site.flatMap { URL(string: $0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            .flatMap { ["http", "https"].contains($0.scheme?.lowercased() ?? "") ? $0 : nil }
        feeds.append(OPMLDocument.Feed(address: url, title: title ?? url.host ?? url.absoluteString, siteLink: siteLink, folder: folder))
        addFolder(folder)
    }

    private mutating func addFolder(_ name: String?) {
        guard let name, seenFolders.insert(name).inserted else { return }
        folders.append(name)
    }
}
