import Foundation

/// What a page says about its article, read as Mozilla Readability reads
/// it: schema.org JSON-LD first, then `meta` tags (Dublin Core, OpenGraph,
/// Twitter, Parse.ly), then the document's title cut at its separators.
struct PageMetadata: Equatable {
    var title: String?
    var byline: String?
    var excerpt: String?
    var siteName: String?
    var publishedTime: String?
    var leadImage: String?
    var language: String?

    /// Read before scripts are removed (JSON-LD lives in them).
    static func read(_ root: PageNode) -> PageMetadata {
        let documentTitle = PageTitle.of(root)
        let linkedData = linkedData(root, documentTitle: documentTitle)
        var values: [String: String] = [:]
        for meta in root.elements(["meta"]) {
            guard let content = meta.attribute("content").map({ PageText.trimmed($0) }), !content.isEmpty else { continue }
            if let property = meta.attribute("property"), let names = propertyNames(property), !names.isEmpty {
                for name in names { values[name] = content }
            } else if let name = meta.attribute("name"), let key = nameKey(name) {
                values[key] = content
            }
        }
        func first(_ keys: [String]) -> String? { keys.lazy.compactMap { values[$0] }.first }
        var metadata = PageMetadata()
        metadata.title = linkedData.title ?? first(["dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title", "title", "twitter:title", "parsely-title"])
        if metadata.title?.isEmpty ?? true { metadata.title = documentTitle }
        let articleAuthor = values["article:author"].flatMap { URL(string: $0)?.scheme == nil ? $0 : nil }
        metadata.byline = linkedData.byline ?? first(["dc:creator", "dcterm:creator", "author", "parsely-author"]) ?? articleAuthor
        metadata.excerpt = linkedData.excerpt ?? first(["dc:description", "dcterm:description", "og:description", "weibo:article:description",
                                                         "weibo:webpage:description", "description", "twitter:description"])
        metadata.siteName = linkedData.siteName ?? values["og:site_name"]
        metadata.publishedTime = linkedData.publishedTime ?? first(["article:published_time", "parsely-pub-date"])
        metadata.leadImage = linkedData.leadImage ?? first(["og:image", "og:image:url", "twitter:image"])
        metadata.language = root.attribute("lang").flatMap { $0.isEmpty ? nil : $0 }
        return metadata.unescaped()
    }

    /// `article:author`, `og:title`…: a property may list several, space-separated.
    private static func propertyNames(_ property: String) -> [String]? {
        let prefixes: Set<String> = ["article", "dc", "dcterm", "og", "twitter"]
        let names: Set<String> = ["author", "creator", "description", "published_time", "title", "site_name", "image"]
        let found = property.split(whereSeparator: \.isWhitespace).compactMap { part -> String? in
            let pieces = part.lowercased().split(separator: ":", omittingEmptySubsequences: false)
            guard pieces.count >= 2, prefixes.contains(String(pieces[0])), names.contains(String(pieces[1])) else { return nil }
            return pieces[0] + ":" + pieces[1]
        }
        return found.isEmpty ? nil : found
    }

    /// `author`, `dc.title`, `twitter:description`, `parsely-pub-date`…
    private static func nameKey(_ name: String) -> String? {
        let key = name.lowercased().filter { !$0.isWhitespace }.replacingOccurrences(of: ".", with: ":")
        let names = ["author", "creator", "pub-date", "description", "title", "site_name"]
        if names.contains(key) { return key }
        for prefix in ["dc", "dcterm", "og", "twitter", "parsely", "weibo:article", "weibo:webpage"] {
            for separator in [":", "-"] where key.hasPrefix(prefix + separator) {
                if names.contains(String(key.dropFirst(prefix.count + 1))) { return prefix + separator + key.dropFirst(prefix.count + 1) }
            }
        }
        return nil
    }

    private func unescaped() -> PageMetadata {
        var copy = self
        copy.title = title.map(HTMLEntities.decode)
        copy.byline = byline.map(HTMLEntities.decode)
        copy.excerpt = excerpt.map(HTMLEntities.decode)
        copy.siteName = siteName.map(HTMLEntities.decode)
        copy.publishedTime = publishedTime.map(HTMLEntities.decode)
        return copy
    }

    // MARK: JSON-LD

    private static let articleTypes: Set<String> = [
        "Article", "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle", "BackgroundNewsArticle",
        "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "Report", "SatiricalArticle", "ScholarlyArticle",
        "MedicalScholarlyArticle", "SocialMediaPosting", "BlogPosting", "LiveBlogPosting", "DiscussionForumPosting", "TechArticle", "APIReference",
    ]

    private static func isArticle(_ object: [String: Any]) -> Bool {
        if let type = object["@type"] as? String { return articleTypes.contains(type) }
        if let types = object["@type"] as? [String] { return types.contains(where: articleTypes.contains) }
        return false
    }

    /// The first schema.org article described in a `<script type="application/ld+json">`.
    private static func linkedData(_ root: PageNode, documentTitle: String) -> PageMetadata {
        for script in root.elements(["script"]) where script.attribute("type")?.lowercased() == "application/ld+json" {
            var text = PageText.trimmed(script.textContent)
            if text.hasPrefix("<![CDATA[") { text = String(text.dropFirst(9)) }
            if text.hasSuffix("]]>") { text = String(text.dropLast(3)) }
            guard let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { continue }
            var object: [String: Any]?
            if let list = parsed as? [Any] {
                object = list.lazy.compactMap { $0 as? [String: Any] }.first(where: isArticle)
            } else {
                object = parsed as? [String: Any]
            }
            guard var article = object else { continue }
            let context = (article["@context"] as? String) ?? ((article["@context"] as? [String: Any])?["@vocab"] as? String)
            guard let context, context.range(of: #"^https?://schema\.org/?$"#, options: .regularExpression) != nil else { continue }
            if article["@type"] == nil, let graph = article["@graph"] as? [Any] {
                guard let found = graph.lazy.compactMap({ $0 as? [String: Any] }).first(where: isArticle) else { continue }
                article = found
            }
            guard isArticle(article) else { continue }
            var metadata = PageMetadata()
            let name = article["name"] as? String, headline = article["headline"] as? String
            if let name, let headline, name != headline {
                let nameMatches = PageTitle.similarity(name, documentTitle) > 0.75
                let headlineMatches = PageTitle.similarity(headline, documentTitle) > 0.75
                metadata.title = PageText.trimmed(headlineMatches && !nameMatches ? headline : name)
            } else {
                metadata.title = (name ?? headline).map(PageText.trimmed)
            }
            if let author = article["author"] as? [String: Any], let name = author["name"] as? String {
                metadata.byline = PageText.trimmed(name)
            } else if let authors = article["author"] as? [Any] {
                let names = authors.compactMap { (($0 as? [String: Any])?["name"] as? String).map(PageText.trimmed) }
                if !names.isEmpty { metadata.byline = names.joined(separator: ", ") }
            }
            metadata.excerpt = (article["description"] as? String).map(PageText.trimmed)
            metadata.siteName = ((article["publisher"] as? [String: Any])?["name"] as? String).map(PageText.trimmed)
            metadata.publishedTime = (article["datePublished"] as? String).map(PageText.trimmed)
            if let image = article["image"] as? String {
                metadata.leadImage = image
            } else if let image = (article["image"] as? [String: Any])?["url"] as? String {
                metadata.leadImage = image
            }
            return metadata
        }
        return PageMetadata()
    }
}

/// `&amp;`, `&#39;`, `&#x2014;` in a value a page wrote escaped twice.
enum HTMLEntities {
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            if let scalar = scalar(String(name)) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "&" + name + ";"
            }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func scalar(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap { $0 == 0 ? "\u{FFFD}" : Unicode.Scalar($0) } ?? "\u{FFFD}"
        }
    }
}
