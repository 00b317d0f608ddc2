import Foundation

/// The library as OPML 2.0: folders first as outlines holding their feeds,
/// then the feeds outside folders, each with `type="rss"`, `text`, `title`,
/// `xmlUrl` and `htmlUrl` as readers expect. No creation date, so the same
/// library always writes the same bytes.
public enum OPMLWriter {
    public static func write(_ subscriptions: [Subscription], folders: [String]) -> Data {
        let title = escaped(tr("ItemFeed subscriptions"))
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<opml version="2.0">"#,
            "  <head>",
            "    <title>\(title)</title>",
            "  </head>",
            "  <body>",
        ]
        for folder in folders {
            let inFolder = subscriptions.filter { $0.folder == folder }
            let name = escaped(folder)
            guard !inFolder.isEmpty else {
                lines.append("    <outline text=\"\(name)\" title=\"\(name)\"/>")
                continue
            }
            lines.append("    <outline text=\"\(name)\" title=\"\(name)\">")
            lines += inFolder.map { "      " + outline($0) }
            lines.append("    </outline>")
        }
        lines += subscriptions.filter { $0.folder == nil }.map { "    " + outline($0) }
        lines += ["  </body>", "</opml>", ""]
        return Data(lines.joined(separator: "\n").utf8)
    }

    private static func outline(_ subscription: Subscription) -> String {
        let title = escaped(subscription.title)
        var attributes = "type=\"rss\" text=\"\(title)\" title=\"\(title)\" xmlUrl=\"\(escaped(subscription.address.absoluteString))\""
        if let site = subscription.siteLink { attributes += " htmlUrl=\"\(escaped(site.absoluteString))\"" }
        return "<outline \(attributes)/>"
    }

    /// Text as an attribute value: markup characters and the whitespace an
    /// attribute would otherwise normalise away, as character references.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t": result += "&#9;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
