import Foundation

/// The article's title from the document's `<title>`: a site's name after a
/// separator (`|`, `-`, `»`…) or before a colon cut off, unless that leaves
/// too few words; a title too short or too long replaced by the page's only
/// `<h1>`.
enum PageTitle {
    static func of(_ root: PageNode) -> String {
        let original = PageText.normalized(root.elements(["title"]).first?.textContent ?? "")
        var title = original
        var hadHierarchicalSeparators = false
        let separators = separatorRanges(in: original)
        if let last = separators.last {
            hadHierarchicalSeparators = separators.contains { "\\/>»".contains(original[$0].trimmingCharacters(in: .whitespaces)) }
            title = String(original[..<last.lowerBound])
            if wordCount(title) < 3, let first = separators.first {
                title = String(original[first.upperBound...])
            }
        } else if title.contains(": ") {
            let headings = root.elements(["h1", "h2"]).map { PageText.trimmed($0.textContent) }
            if !headings.contains(title) {
                let lastColon = original.range(of: ":", options: .backwards)!
                title = String(original[lastColon.upperBound...])
                let firstColon = original.range(of: ":")!
                if wordCount(title) < 3 {
                    title = String(original[firstColon.upperBound...])
                } else if wordCount(String(original[..<firstColon.lowerBound])) > 5 {
                    title = original
                }
            }
        } else if title.count > 150 || title.count < 15 {
            let headings = root.elements(["h1"])
            if headings.count == 1 { title = headings[0].innerText }
        }
        title = PageText.normalized(title)
        let words = wordCount(title)
        if words <= 4, !hadHierarchicalSeparators || words != wordCount(original.replacingOccurrences(of: separatorPattern, with: "", options: .regularExpression)) - 1 {
            title = original
        }
        return title
    }

    private static let separatorPattern = #"\s[|\-–—\\/>»]\s"#

    private static func separatorRanges(in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var start = text.startIndex
        while let range = text.range(of: separatorPattern, options: .regularExpression, range: start..<text.endIndex) {
            found.append(range)
            start = text.index(after: range.lowerBound)
        }
        return found
    }

    /// Runs of white space plus one, as splitting on them counts.
    private static func wordCount(_ text: String) -> Int {
        var runs = 0
        var inSpace = false
        for character in text {
            if character.isWhitespace {
                if !inSpace { runs += 1 }
                inSpace = true
            } else {
                inSpace = false
            }
        }
        return runs + 1
    }

    /// How much of `b`'s words `a` has (1: all), as Readability measures a
    /// heading against the title.
    static func similarity(_ a: String, _ b: String) -> Double {
        let tokensA = tokens(a), tokensB = tokens(b)
        guard !tokensA.isEmpty, !tokensB.isEmpty else { return 0 }
        let setA = Set(tokensA)
        let unique = tokensB.filter { !setA.contains($0) }
        return 1 - Double(unique.joined(separator: " ").utf16.count) / Double(tokensB.joined(separator: " ").utf16.count)
    }

    private static func tokens(_ text: String) -> [String] {
        // ASCII word characters only, as JavaScript's `\W` splits.
        text.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber) || $0 == "_") }.map(String.init)
    }
}
