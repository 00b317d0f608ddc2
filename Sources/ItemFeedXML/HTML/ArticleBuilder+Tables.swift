import Foundation
import ItemFeed

/// Tables: each cell is filled as an article of its own (a frame), then
/// the table is kept as a grid, or, when it only lays out its content (one
/// cell, one column, or nothing but pictures), read as that content.
extension ArticleBuilder {
    struct TableAssembly {
        var head: [[ArticleTableCell]] = []
        var body: [[ArticleTableCell]] = []
        var foot: [[ArticleTableCell]] = []
        var section = "tbody"
        var row: [ArticleTableCell]?
        var cell: (isHeader: Bool, rowSpan: Int, columnSpan: Int)?
        var cellCount = 0
        var caption = ""
        var isInCaption = false
        /// Cells past the most a grid shows, read as content after it.
        var overflow: [ArticleBlock] = []
    }

    /// Past these a table is read as its content: a grid of 100,000 cells
    /// or 50 tables deep is no table anyone reads.
    static let maxTableCells = 2_000
    static let maxTableDepth = 6
    static let maxSpan = 64

    func startTable() {
        endBlock()
        tables.append(TableAssembly())
    }

    func startSection(_ name: String) {
        guard !tables.isEmpty else { return }
        endRow()
        tables[tables.count - 1].section = name
    }

    func startRow() {
        guard !tables.isEmpty else { return endBlock() }
        endRow()
        tables[tables.count - 1].row = []
    }

    func endRow() {
        guard var table = tables.last else { return endBlock() }
        endCell()
        table = tables[tables.count - 1]
        guard let row = table.row else { return }
        table.row = nil
        if !row.isEmpty {
            switch table.section {
            case "thead": table.head.append(row)
            case "tfoot": table.foot.append(row)
            default: table.body.append(row)
            }
        }
        tables[tables.count - 1] = table
    }

    func startCell(header: Bool, attributes: [String: String]) {
        guard !tables.isEmpty else { return endBlock() }
        endCell()
        if tables[tables.count - 1].row == nil { tables[tables.count - 1].row = [] }
        func span(_ name: String) -> Int { min(max(attributes[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 1, 1), Self.maxSpan) }
        tables[tables.count - 1].cell = (header, span("rowspan"), span("colspan"))
        endBlock()
        outerFrames.append(frame)
        frame = Frame(quoteDepth: 0)
    }

    func endCell() {
        guard !tables.isEmpty, let cell = tables[tables.count - 1].cell else { return }
        endBlock()
        let blocks = frame.blocks
        frame = outerFrames.popLast() ?? Frame()
        var table = tables.removeLast()
        table.cell = nil
        if table.cellCount < Self.maxTableCells {
            table.cellCount += 1
            table.row?.append(ArticleTableCell(blocks: blocks, isHeader: cell.isHeader, rowSpan: cell.rowSpan, columnSpan: cell.columnSpan))
        } else {
            table.overflow += blocks
        }
        tables.append(table)
    }

    func startCaption() {
        guard !tables.isEmpty, !tables[tables.count - 1].isInCaption else { return endBlock() }
        endBlock()
        tables[tables.count - 1].isInCaption = true
        outerFrames.append(frame)
        frame = Frame()
    }

    func endCaption() {
        guard !tables.isEmpty, tables[tables.count - 1].isInCaption else { return endBlock() }
        endBlock()
        let words = frame.blocks.map(\.text).joined(separator: " ")
        frame = outerFrames.popLast() ?? Frame()
        tables[tables.count - 1].isInCaption = false
        tables[tables.count - 1].caption = String(words.prefix(1_000))
    }

    func endTable() {
        guard !tables.isEmpty else { return endBlock() }
        if tables[tables.count - 1].isInCaption { endCaption() }
        endRow()
        let assembly = tables.removeLast()
        let table = ArticleTable(rows: assembly.head + assembly.body + assembly.foot, caption: assembly.caption)
        endBlock()
        if Self.isLayout(table) || tables.count >= Self.maxTableDepth {
            if !table.caption.isEmpty { add(ArticleBlock(kind: .caption, runs: [ArticleRun(table.caption)])) }
            for cell in table.rows.joined() { cell.blocks.forEach(add) }
        } else {
            add(ArticleBlock(kind: .table(table), quoteDepth: min(frame.quoteDepth, Self.maxDepth)))
        }
        assembly.overflow.forEach(add)
    }

    /// A table that only places its content: one cell, one column, or no
    /// words but pictures'.
    static func isLayout(_ table: ArticleTable) -> Bool {
        let cells = table.rows.joined()
        guard cells.count > 1, table.columnCount > 1 else { return true }
        return !cells.contains { cell in
            cell.blocks.contains { block in
                switch block.kind {
                case .image, .media: false
                default: !block.text.isEmpty
                }
            }
        }
    }
}
