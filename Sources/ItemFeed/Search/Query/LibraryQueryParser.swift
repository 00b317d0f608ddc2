import Foundation

extension LibraryQuery {
    /// The most a query may hold: a hostile one is refused, not parsed.
    public static let maxLength = 1_000
    public static let maxTerms = 64
    public static let maxDepth = 16

    /// Reads a query: terms side by side all match, `OR` between two
    /// either, `-` before one none, parentheses group; `nil` when it is
    /// blank (everything matches).
    public static func parse(_ text: String) throws -> LibraryQuery? {
        guard text.count <= maxLength else { throw LibraryQueryError.tooLong }
        var parser = LibraryQueryParser(tokens: try LibraryQueryParser.tokens(of: text))
        return try parser.query()
    }
}

/// A recursive descent over the query's tokens: `or := and ("OR" and)*`,
/// `and := unary+`, `unary := "-" unary | "(" or ")" | term`.
struct LibraryQueryParser {
    enum Token: Equatable {
        /// A word, or a field and its value; `quoted`: a "phrase", never an operator.
        case word(String, quoted: Bool)
        case field(String, String)
        case minus
        case open, close
    }

    private let tokens: [Token]
    private var position = 0
    private var terms = 0
    private var depth = 0

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    mutating func query() throws -> LibraryQuery? {
        guard !tokens.isEmpty else { return nil }
        let query = try or()
        if position < tokens.count { throw LibraryQueryError.unexpectedParenthesis }
        return query
    }

    private mutating func or() throws -> LibraryQuery {
        if isOr(at: position) { throw LibraryQueryError.danglingOr }
        var either = [try and()]
        while isOr(at: position) {
            position += 1
            guard position < tokens.count, tokens[position] != .close, !isOr(at: position) else { throw LibraryQueryError.danglingOr }
            either.append(try and())
        }
        return either.count == 1 ? either[0] : .or(either)
    }

    private mutating func and() throws -> LibraryQuery {
        var all: [LibraryQuery] = []
        while position < tokens.count, tokens[position] != .close, !isOr(at: position) {
            all.append(try unary())
        }
        return all.count == 1 ? all[0] : .and(all)
    }

    private mutating func unary() throws -> LibraryQuery {
        let token = tokens[position]
        position += 1
        switch token {
        case .minus:
            guard position < tokens.count, tokens[position] != .close, !isOr(at: position) else { throw LibraryQueryError.missingTerm(after: "-") }
            return .not(try nested { try $0.unary() })
        case .open:
            let group = try nested { parser -> LibraryQuery in
                guard parser.position < parser.tokens.count, parser.tokens[parser.position] != .close else { throw LibraryQueryError.missingTerm(after: "(") }
                return try parser.or()
            }
            guard position < tokens.count, tokens[position] == .close else { throw LibraryQueryError.unclosedParenthesis }
            position += 1
            return group
        case .close:
            throw LibraryQueryError.unexpectedParenthesis
        case let .word(text, _):
            return try counted(.text(text))
        case let .field(name, value):
            return try counted(Self.term(field: name, value: value))
        }
    }

    private mutating func nested(_ parse: (inout LibraryQueryParser) throws -> LibraryQuery) throws -> LibraryQuery {
        depth += 1
        defer { depth -= 1 }
        guard depth <= LibraryQuery.maxDepth else { throw LibraryQueryError.tooLong }
        return try parse(&self)
    }

    private mutating func counted(_ term: LibraryQuery) throws -> LibraryQuery {
        terms += 1
        guard terms <= LibraryQuery.maxTerms else { throw LibraryQueryError.tooLong }
        return term
    }

    private func isOr(at index: Int) -> Bool {
        index < tokens.count && tokens[index] == .word("OR", quoted: false)
    }

    private static func term(field name: String, value: String) throws -> LibraryQuery {
        switch name.lowercased() {
        case "is":
            guard let state = LibraryQuery.State(rawValue: value.lowercased()) else { throw LibraryQueryError.unknownState(value) }
            return .state(state)
        case "after": return .after(try date(value))
        case "before": return .before(try date(value))
        default:
            guard let field = LibraryQuery.Field(rawValue: name.lowercased()) else { throw LibraryQueryError.unknownField(name) }
            return .field(field, value)
        }
    }

    /// `2026-11-27`, `2026-11`, `2026`, `7d`, `2w`.
    private static func date(_ text: String) throws -> QueryDate {
        let lower = text.lowercased()
        if let unit = lower.last, unit == "d" || unit == "w", let count = Int(lower.dropLast()), (0...36_500).contains(count) {
            return .daysAgo(unit == "w" ? count * 7 : count)
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }), let year = parts[0], (1...9_999).contains(year), text.first != "-" else {
            throw LibraryQueryError.badDate(text)
        }
        let month = parts.count > 1 ? parts[1]! : 1, day = parts.count > 2 ? parts[2]! : 1
        guard (1...12).contains(month), (1...31).contains(day) else { throw LibraryQueryError.badDate(text) }
        return .day(year: year, month: month, day: day)
    }

    /// Words split at white space and control characters; "…" one token; `(`, `)` and a leading
    /// `-` apart; `name:value` a field when `name` is letters only (so a
    /// time like 10:30 or an address stays a word).
    static func tokens(of text: String) throws -> [Token] {
        var tokens: [Token] = []
        // A control character parts words as a space does: none reaches
        // SQLite, whose C strings would end at a NUL.
        var characters = Substring(String(text.map { character in
            character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : character
        }))
        while let first = characters.first {
            if first.isWhitespace {
                characters.removeFirst()
            } else if first == "(" || first == ")" {
                tokens.append(first == "(" ? .open : .close)
                characters.removeFirst()
            } else if first == "-", characters.count > 1, let next = characters.dropFirst().first, !next.isWhitespace, next != "-" {
                tokens.append(.minus)
                characters.removeFirst()
            } else if first == "\"" {
                let rest = characters.dropFirst()
                guard let end = rest.firstIndex(of: "\"") else { throw LibraryQueryError.unclosedQuote }
                let phrase = rest[..<end].trimmingCharacters(in: .whitespaces)
                if !phrase.isEmpty { tokens.append(.word(phrase, quoted: true)) }
                characters = rest[rest.index(after: end)...]
            } else {
                let end = characters.firstIndex { $0.isWhitespace || $0 == "(" || $0 == ")" || $0 == "\"" } ?? characters.endIndex
                var word = characters[..<end]
                characters = characters[end...]
                if let colon = word.firstIndex(of: ":"), colon != word.startIndex, word[..<colon].allSatisfy({ $0.isLetter && $0.isASCII }),
                   !word[colon...].hasPrefix("://") {
                    let name = String(word[..<colon])
                    word = word[word.index(after: colon)...]
                    var value = String(word)
                    if value.isEmpty, characters.first == "\"" {
                        let rest = characters.dropFirst()
                        guard let close = rest.firstIndex(of: "\"") else { throw LibraryQueryError.unclosedQuote }
                        value = rest[..<close].trimmingCharacters(in: .whitespaces)
                        characters = rest[rest.index(after: close)...]
                    }
                    guard !value.isEmpty else { throw LibraryQueryError.missingTerm(after: name + ":") }
                    tokens.append(.field(name, value))
                } else {
                    tokens.append(.word(String(word), quoted: false))
                }
            }
        }
        return tokens
    }
}
