import Foundation

/// An item's article as native formatted text (SPEC 13): blocks of styled
/// runs, made from the feed's HTML through a whitelist (`HTMLArticle` in
/// ItemFeedXML), so that nothing of the page but its text, its links and
/// its images' addresses survives, and no web engine is needed to show it.
public struct Article: Equatable, Sendable {
    public var blocks: [ArticleBlock]

    public init(blocks: [ArticleBlock]) {
        self.blocks = blocks
    }

    /// The text, a block a line: what the article says, for tests and search.
    public var plainText: String {
        blocks.map(\.text).joined(separator: "\n")
    }

    /// Every link's address, in order, a table's cells' included.
    public var links: [URL] {
        blocks.flatMap { $0.allRuns.compactMap(\.link) }
    }

    /// Every picture's address once, in reading order, with those in
    /// tables' cells and disclosures and cards' posters: what is fetched
    /// ahead so the article reads the same offline.
    public var pictures: [URL] {
        var seen: Set<URL> = []
        return blocks.flatMap(\.pictures).filter { seen.insert($0).inserted }
    }

    /// Each address once, in order, named by its text (the runs of one link
    /// joined, a link styled inside being several runs), else its host: what
    /// the pane lists after the text for the keyboard and screen readers,
    /// which a text view's links do not reach.
    public var namedLinks: [ArticleLink] {
        var named: [ArticleLink] = []
        var seen: Set<URL> = []
        for block in blocks {
            var current: (url: URL, text: String)?
            func close() {
                guard let link = current else { return }
                current = nil
                guard seen.insert(link.url).inserted else { return }
                let words = link.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                named.append(ArticleLink(name: words.isEmpty ? (link.url.host ?? link.url.absoluteString) : String(words.prefix(200)), url: link.url))
            }
            for run in block.allRuns {
                if let url = run.link, url == current?.url {
                    current?.text += run.text
                    continue
                }
                close()
                if let url = run.link { current = (url, run.text) }
            }
            close()
        }
        return named
    }
}

/// A link of an article, as the pane lists it.
public struct ArticleLink: Equatable, Sendable {
    public let name: String
    public let url: URL

    public init(name: String, url: URL) {
        (self.name, self.url) = (name, url)
    }
}

public struct ArticleBlock: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case paragraph
        /// 1 to 6.
        case heading(level: Int)
        /// "•" or "3."
        case listItem(marker: String)
        /// Code (`pre`): monospace, whitespace as it is, in the language the
        /// page names (`language-swift`, `lang-js`…), if any.
        case code(language: String?)
        /// Shown where it stands, described by `alternative` for screen
        /// readers; `width`×`height` as the page gives them (0 unknown).
        case image(source: URL, alternative: String, width: Int = 0, height: Int = 0)
        /// A figure's caption, under its picture.
        case caption
        case rule
        /// A data table (layout tables are read as their content).
        case table(ArticleTable)
        /// A player or an embedded page, as a card.
        case media(ArticleMedia)
        /// A disclosure (`details`): its summary is the block's runs.
        case details(ArticleDetails)
    }

    public var kind: Kind
    /// How many block quotes it is in.
    public var quoteDepth: Int
    /// How many lists it is in (1 for an item of a top-level list).
    public var listDepth: Int
    public var runs: [ArticleRun]
    /// Right-to-left text (`dir="rtl"`, or Arabic or Hebrew letters first).
    public var isRightToLeft: Bool

    public init(kind: Kind, quoteDepth: Int = 0, listDepth: Int = 0, runs: [ArticleRun] = [], isRightToLeft: Bool = false) {
        self.kind = kind
        self.quoteDepth = quoteDepth
        self.listDepth = listDepth
        self.runs = runs
        self.isRightToLeft = isRightToLeft
    }

    /// What it says: a table's cells a tab apart, a row a line; a card's
    /// title; a disclosure's summary, then what it folds a block a line.
    public var text: String {
        switch kind {
        case let .table(table): table.rows.map { $0.map(\.text).joined(separator: "\t") }.joined(separator: "\n")
        case let .media(media): media.title
        case let .details(details): ([runs.map(\.text).joined()] + details.blocks.map(\.text)).joined(separator: "\n")
        default: runs.map(\.text).joined()
        }
    }

    /// Its pictures, with those of a table's cells or of what a disclosure folds.
    var pictures: [URL] {
        switch kind {
        case let .image(source, _, _, _): [source]
        case let .media(media): media.poster.map { [$0] } ?? []
        case let .table(table): table.rows.flatMap { $0.flatMap { $0.blocks.flatMap(\.pictures) } }
        case let .details(details): details.blocks.flatMap(\.pictures)
        default: []
        }
    }

    /// Its runs, with those of a table's cells or of what a disclosure folds.
    public var allRuns: [ArticleRun] {
        switch kind {
        case let .table(table): table.rows.flatMap { $0.flatMap { $0.blocks.flatMap(\.allRuns) } }
        case let .details(details): runs + details.blocks.flatMap(\.allRuns)
        default: runs
        }
    }
}

/// Text with one style throughout, perhaps a link.
public struct ArticleRun: Equatable, Sendable {
    public struct Style: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Style(rawValue: 1)
        public static let italic = Style(rawValue: 2)
        public static let code = Style(rawValue: 4)
        /// `sub`.
        public static let lowered = Style(rawValue: 8)
        /// `sup`.
        public static let raised = Style(rawValue: 16)
        /// `del`, `s`, `strike`.
        public static let struck = Style(rawValue: 32)
        /// `ins`, `u`.
        public static let underlined = Style(rawValue: 64)
        /// `mark`.
        public static let marked = Style(rawValue: 128)
    }

    public var text: String
    public var style: Style
    /// Only web addresses (http, https) are kept as links.
    public var link: URL?

    public init(_ text: String, style: Style = [], link: URL? = nil) {
        self.text = text
        self.style = style
        self.link = link
    }
}
