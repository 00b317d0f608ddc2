import Foundation

/// A web page's article, as the reading pane shows a full article: its
/// HTML (addresses resolved, nothing that runs) and what the page says
/// about it.
public struct ReadableArticle: Equatable, Sendable {
    public var title: String
    public var byline: String?
    public var excerpt: String?
    public var siteName: String?
    /// As the page wrote it (ISO 8601 mostly).
    public var publishedTime: String?
    public var leadImage: URL?
    public var language: String?
    /// `ltr` or `rtl`, when the page says.
    public var direction: String?
    public var html: String
    /// The article's text, paragraphs apart.
    public var text: String
    /// Whether the page looks like an article at all (Readability's
    /// `isProbablyReaderable`), measured before the extraction.
    public var isReaderable: Bool
}

/// Why a page gave no article.
public enum ReadabilityError: Error, Equatable, Sendable {
    /// Larger than `PageTree.maxBytes`.
    case tooLarge
    case notHTML
    case noArticle
}

/// Mozilla Readability's algorithm, in Swift over libxml2's HTML parser.
public enum Readability {
    /// How long the pass may go on trying looser rules on one page.
    public static let timeBudget: TimeInterval = 2

    /// `address`: the page's own, which its relative links and images are
    /// read against. `encoding`: the HTTP header's charset, if it said.
    public static func article(
        from data: Data, address: URL?, encoding: String? = nil, timeBudget: TimeInterval = Readability.timeBudget
    ) throws -> ReadableArticle {
        let deadline = Date().addingTimeInterval(timeBudget)
        let root: PageNode
        do {
            root = try PageTree.parse(data, encoding: encoding)
        } catch PageTree.Refusal.tooLarge {
            throw ReadabilityError.tooLarge
        } catch {
            throw ReadabilityError.notHTML
        }
        let readerable = PageReaderable.check(root)
        NoscriptImages.unwrap(root)
        let metadata = PageMetadata.read(root)
        for script in root.elements(["script", "noscript", "style"]) { script.remove() }
        let body = root.elements(["body"]).first ?? root
        LineBreaks.makeParagraphs(body)
        for font in root.elements(["font"]) { font.name = "span" }

        let title = metadata.title ?? ""
        let pass = ReadabilityPass(title: title, knownByline: metadata.byline != nil, deadline: deadline)
        guard let content = pass.grab(body) else { throw ReadabilityError.noArticle }
        PageOutput.finish(content, base: address)
        let excerpt = metadata.excerpt ?? content.elements(["p"]).first.map { PageText.trimmed($0.textContent) }
        return ReadableArticle(
            title: title, byline: metadata.byline ?? pass.byline, excerpt: excerpt, siteName: metadata.siteName,
            publishedTime: metadata.publishedTime, leadImage: metadata.leadImage.flatMap { PageOutput.address($0, base: address) },
            language: metadata.language, direction: pass.direction, html: PageOutput.html(content), text: PageOutput.text(content),
            isReaderable: readerable
        )
    }
}

/// Readability's `isProbablyReaderable`: enough long, visible paragraphs
/// that are not in a comment or a sidebar.
enum PageReaderable {
    static func check(_ root: PageNode, minScore: Double = 20, minLength: Int = 140) -> Bool {
        var nodes = root.elements(["p", "pre", "article"])
        var seen = Set(nodes.map(ObjectIdentifier.init))
        for lineBreak in root.elements(["br"]) {
            guard let parent = lineBreak.parent, parent.name == "div", seen.insert(ObjectIdentifier(parent)).inserted else { continue }
            nodes.append(parent)
        }
        var score = 0.0
        for node in nodes {
            guard node.isProbablyVisible else { continue }
            let match = node.matchString
            if ReadabilityHints.matches(match, ReadabilityHints.unlikely), !ReadabilityHints.matches(match, ReadabilityHints.maybeCandidate) { continue }
            if node.name == "p", node.hasAncestor("li", depth: 0) { continue }
            let length = PageText.trimmed(node.textContent).utf16.count
            guard length >= minLength else { continue }
            score += Double(length - minLength).squareRoot()
            if score > minScore { return true }
        }
        return false
    }
}

/// `<noscript>` after a placeholder image, holding the real one: the real
/// one takes the placeholder's place.
enum NoscriptImages {
    static func unwrap(_ root: PageNode) {
        for image in root.elements(["img"]) where image.attributes.allSatisfy({ !isImageAttribute($0) }) {
            image.remove()
        }
        for noscript in root.elements(["noscript"]) {
            guard let inner = singleImage(in: noscript), let previous = previousElement(noscript), let old = singleImage(previous) ?? (previous.name == "img" ? previous : nil) else { continue }
            for attribute in old.attributes where isImageAttribute(attribute) && inner.attribute(attribute.name) != attribute.value {
                inner.setAttribute(inner.attribute(attribute.name) == nil ? attribute.name : "data-old-" + attribute.name, attribute.value)
            }
            previous.replace(with: inner)
            noscript.remove()
        }
    }

    private static func isImageAttribute(_ attribute: (name: String, value: String)) -> Bool {
        ["src", "srcset", "data-src", "data-srcset"].contains(attribute.name)
            || attribute.value.range(of: #"\.(jpg|jpeg|png|webp)"#, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// The image a `<noscript>` holds: its text parsed as HTML is not
    /// re-read here; libxml2 gives `noscript`'s children as elements.
    private static func singleImage(in node: PageNode) -> PageNode? {
        let images = node.elements(["img"])
        return images.count == 1 && node.isTextBlank ? images[0] : nil
    }

    private static func singleImage(_ node: PageNode) -> PageNode? {
        var current = node
        while true {
            if current.name == "img" { return current }
            let elements = current.elementChildren
            guard elements.count == 1, current.isTextBlank else { return nil }
            current = elements[0]
        }
    }

    private static func previousElement(_ node: PageNode) -> PageNode? {
        node.previousElementSibling
    }
}

/// Two or more `<br>` in a row end a paragraph: what follows them, up to
/// the next block, becomes a `<p>`.
enum LineBreaks {
    static func makeParagraphs(_ body: PageNode) {
        for lineBreak in body.elements(["br"]) where lineBreak.parent != nil {
            guard let parent = lineBreak.parent else { continue }
            var next = nextNonBlank(lineBreak.nextSibling)
            var replaced = false
            while let current = next, current.name == "br" {
                replaced = true
                let after = current.nextSibling
                current.remove()
                next = nextNonBlank(after)
            }
            guard replaced else { continue }
            let paragraph = PageNode(element: "p")
            lineBreak.replace(with: paragraph)
            var sibling = paragraph.nextSibling
            while let current = sibling {
                if current.name == "br", nextNonBlank(current.nextSibling)?.name == "br" { break }
                guard current.isPhrasingContent else { break }
                sibling = current.nextSibling
                paragraph.append(current)
            }
            while paragraph.children.last?.isWhitespace == true { paragraph.children.last!.remove() }
            if parent.name == "p" { parent.name = "div" }
        }
    }

    private static func nextNonBlank(_ node: PageNode?) -> PageNode? {
        var node = node
        while let current = node, current.isText, PageText.isBlank(current.text) { node = current.nextSibling }
        return node
    }
}
