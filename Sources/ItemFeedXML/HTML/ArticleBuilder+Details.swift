import Foundation
import ItemFeed

/// `details` as a disclosure: what it folds is filled as an article of its
/// own (a frame, as a table's cell is), its `summary` kept as the block's
/// runs; and `abbr`, spelled out after its first use.
extension ArticleBuilder {
    struct DetailsAssembly {
        var isOpen: Bool
        var summary: [ArticleRun] = []
        /// Where the summary's blocks start in the frame, while it is typed.
        var summaryStart: Int?
    }

    /// Past this a disclosure is read as its content, as tables are.
    static let maxDetailsDepth = 6

    func startDetails(_ attributes: [String: String]) {
        endBlock()
        guard disclosures.count < Self.maxDetailsDepth else {
            unfoldedDetails += 1
            return
        }
        disclosures.append(DetailsAssembly(isOpen: attributes["open"] != nil))
        outerFrames.append(frame)
        frame = Frame()
    }

    func startSummary() {
        endBlock()
        guard unfoldedDetails == 0, let last = disclosures.indices.last, disclosures[last].summaryStart == nil,
              disclosures[last].summary.isEmpty else { return }
        disclosures[last].summaryStart = frame.blocks.count
    }

    func endSummary() {
        endBlock()
        guard unfoldedDetails == 0, let last = disclosures.indices.last, let start = disclosures[last].summaryStart else { return }
        disclosures[last].summaryStart = nil
        let typed = frame.blocks[min(start, frame.blocks.count)...]
        disclosures[last].summary = Array(typed.flatMap(\.allRuns).prefix(64))
        frame.blocks.removeSubrange(min(start, frame.blocks.count)...)
    }

    func endDetails() {
        if unfoldedDetails > 0 {
            unfoldedDetails -= 1
            return endBlock()
        }
        guard !disclosures.isEmpty else { return endBlock() }
        if disclosures[disclosures.count - 1].summaryStart != nil { endSummary() }
        endBlock()
        let assembly = disclosures.removeLast()
        let folded = frame.blocks
        frame = outerFrames.popLast() ?? Frame()
        let summary = assembly.summary.isEmpty ? [ArticleRun(tr("Details"))] : assembly.summary
        if assembly.summary.isEmpty { textBytes += summary[0].text.utf8.count }
        add(ArticleBlock(
            kind: .details(ArticleDetails(blocks: folded, isOpen: assembly.isOpen)), quoteDepth: min(frame.quoteDepth, Self.maxDepth),
            listDepth: min(frame.lists.count, Self.maxDepth), runs: summary
        ))
    }

    func startAbbreviation(_ attributes: [String: String]) {
        let title = attributes["title"].map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") } ?? ""
        abbreviations.append(title.isEmpty || title.count > 200 || spelledOut.contains(title) ? nil : title)
    }

    /// "HTML (HyperText Markup Language)": a title only a mouse could
    /// reach becomes words every reader and screen reader gets, once.
    func endAbbreviation() {
        guard let title = abbreviations.popLast() ?? nil else { return }
        spelledOut.insert(title)
        appendText(" (\(title))")
    }
}
