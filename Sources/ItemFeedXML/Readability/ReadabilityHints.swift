import Foundation

/// What a class or id, a tag or a text says about an element: Mozilla
/// Readability's hints, matched as plain case-insensitive substrings.
enum ReadabilityHints {
    static let unlikely = ["-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
                           "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar",
                           "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup", "yom-remote"]
    static let maybeCandidate = ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"]
    static let positive = ["article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text", "blog", "story"]
    static let negative = ["-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead", "media", "meta",
                           "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor", "shopping", "tags", "widget"]
    static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]

    static let tagsToScore: [String] = ["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]
    static let divToParagraph: [String] = ["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]
    static let keptAsThey: [String] = ["div", "article", "section", "p", "ol", "ul"]
    static let phrasing: [String] = ["abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn", "em", "embed",
                                        "i", "img", "input", "kbd", "label", "mark", "math", "meter", "noscript", "object", "output", "progress",
                                        "q", "ruby", "samp", "script", "select", "small", "span", "strong", "sub", "sup", "textarea", "time", "var", "wbr"]
    static let presentational = ["align", "background", "bgcolor", "border", "cellpadding", "cellspacing", "frame", "hspace", "rules", "style", "valign", "vspace"]
    static let sizedElements: [String] = ["table", "th", "td", "hr", "pre"]
    static let headings: [String] = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// Whether `text` holds one of `words` (lower case ASCII), whatever its case.
    static func matches(_ text: String, _ words: [String]) -> Bool {
        let bytes = lowercased(text)
        return words.contains { contains(bytes, Array($0.utf8)) }
    }

    static func isNegative(_ text: String) -> Bool {
        let bytes = lowercased(text)
        return negative.contains { contains(bytes, Array($0.utf8)) }
            || bytes == Array("hid".utf8) || bytes.starts(with: "hid ".utf8) || bytes.reversed().starts(with: " hid".utf8.reversed()) || contains(bytes, Array(" hid ".utf8))
    }

    private static func lowercased(_ text: String) -> [UInt8] {
        text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    }

    private static func contains(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard word.count <= bytes.count, let first = word.first else { return word.isEmpty }
        var index = 0
        while index <= bytes.count - word.count {
            if bytes[index] == first, bytes[index..<index + word.count].elementsEqual(word) { return true }
            index += 1
        }
        return false
    }

    /// "share" or "sharedaddy" as a word of its own, or between underscores.
    static func isShare(_ text: String) -> Bool {
        let characters = Array(text.lowercased().unicodeScalars)
        func isWord(_ index: Int) -> Bool {
            guard characters.indices.contains(index) else { return false }
            let scalar = characters[index]
            return scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
        }
        func boundary(_ index: Int, before: Bool) -> Bool {
            let outside = before ? index - 1 : index
            let inside = before ? index : index - 1
            if characters.indices.contains(outside), characters[outside] == "_" { return true }
            return isWord(outside) != isWord(inside)
        }
        let word = Array("share".unicodeScalars)
        var index = 0
        while index + word.count <= characters.count {
            if Array(characters[index..<index + word.count]) == word, boundary(index, before: true) {
                var end = index + word.count
                if boundary(end, before: false) { return true }
                if characters.count >= end + 5, String(String.UnicodeScalarView(characters[end..<end + 5])) == "daddy" {
                    end += 5
                    if boundary(end, before: false) { return true }
                }
            }
            index += 1
        }
        return false
    }

    /// Embedded players of the video sites Readability keeps.
    static func isVideo(_ text: String) -> Bool {
        let text = text.lowercased()
        let hosts = ["dailymotion.com", "youtube.com", "youtube-nocookie.com", "player.vimeo.com", "v.qq.com", "bilibili.com",
                     "live.bilibili.com", "archive.org", "upload.wikimedia.org", "player.twitch.tv"]
        return hosts.contains { text.contains("//" + $0) || text.contains("//www." + $0) }
    }

    static func isAdOrLoading(_ text: String) -> Bool {
        let text = text.lowercased()
        let ads: Set<String> = ["ad", "advertising", "advertisement", "pub", "publicité", "werb", "werbung", "广告", "реклама", "anuncio"]
        let loading = ["loading", "正在加载", "загрузка", "chargement", "cargando"]
        if ads.contains(text) { return true }
        return loading.contains { text == $0 || text == $0 + "…" || text == $0 + "..." }
    }

}
