import Foundation

/// A data table of an article, cell by cell as the page wrote it: the pane
/// lays it out as a grid (columns aligned, spans kept), screen readers get
/// rows and cells.
public struct ArticleTable: Equatable, Sendable {
    /// Header rows first (`thead`), then the body's, then the footer's.
    public var rows: [[ArticleTableCell]]
    public var caption: String

    public init(rows: [[ArticleTableCell]], caption: String = "") {
        self.rows = rows
        self.caption = caption
    }

    /// Each cell's place in the grid, spans filled as HTML's table model
    /// fills them: a cell takes the first column its row has free.
    public var placements: [(row: Int, column: Int, cell: ArticleTableCell)] {
        var taken: Set<Int> = []
        var placed: [(row: Int, column: Int, cell: ArticleTableCell)] = []
        let width = 1 << 20
        for (rowIndex, row) in rows.enumerated() {
            var column = 0
            for cell in row {
                while taken.contains(rowIndex * width + column) { column += 1 }
                placed.append((rowIndex, column, cell))
                let rowSpan = min(cell.rowSpan, rows.count - rowIndex)
                for r in 0..<max(rowSpan, 1) {
                    for c in 0..<max(cell.columnSpan, 1) { taken.insert((rowIndex + r) * width + column + c) }
                }
                column += max(cell.columnSpan, 1)
            }
        }
        return placed
    }

    public var columnCount: Int { placements.map { $0.column + $0.cell.columnSpan }.max() ?? 0 }
}

public struct ArticleTableCell: Equatable, Sendable {
    /// What the cell holds; a picture in it keeps its description.
    public var blocks: [ArticleBlock]
    /// `th`: set apart, and a header to screen readers.
    public var isHeader: Bool
    public var rowSpan: Int
    public var columnSpan: Int

    public init(blocks: [ArticleBlock], isHeader: Bool = false, rowSpan: Int = 1, columnSpan: Int = 1) {
        self.blocks = blocks
        self.isHeader = isHeader
        self.rowSpan = rowSpan
        self.columnSpan = columnSpan
    }

    /// Its text, a paragraph a line; a picture by its description.
    public var text: String {
        blocks.map { block in
            if case let .image(_, alternative, _, _) = block.kind { return alternative }
            return block.text
        }.joined(separator: "\n")
    }
}
