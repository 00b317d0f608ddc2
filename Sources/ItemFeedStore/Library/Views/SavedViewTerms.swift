import ItemFeed

/// A saved view's query in two parts: the terms on an item's own words,
/// which only change with its text and so can be kept matched in
/// `saved_view_item`, and the rest (marks, dates, feeds, folders, or terms
/// mixing them with words), checked on reading.
struct SavedViewTerms: Equatable {
    let words: [LibraryQuery]
    let rest: [LibraryQuery]

    init(_ query: LibraryQuery?) {
        let terms: [LibraryQuery]
        switch query {
        case let .and(all)?: terms = all
        case let term?: terms = [term]
        case nil: terms = []
        }
        words = terms.filter(Self.isOnWords)
        rest = terms.filter { !Self.isOnWords($0) }
    }

    private static func isOnWords(_ term: LibraryQuery) -> Bool {
        switch term {
        case .text, .field(.title, _), .field(.author, _): return true
        case .field(.feed, _), .field(.folder, _), .state, .after, .before: return false
        case let .not(inner): return isOnWords(inner)
        case let .and(all), let .or(all): return all.allSatisfy(isOnWords)
        }
    }
}

/// A saved view whose items are kept, with its counts (items shown, and
/// unread of them) as the triggers keep them.
struct KeptView {
    let id: Int64
    let terms: SavedViewTerms
    let shown: Int
    let unread: Int

    /// The count of its items that also match `search`, when the kept
    /// counts answer it: nothing more asked, or only `is:unread`.
    func count(search: LibraryQuery?) -> Int? {
        guard !terms.words.isEmpty else { return nil }
        let searched = SavedViewTerms(search)
        let asked = Set(terms.rest + searched.words + searched.rest)
        if asked.isEmpty { return shown }
        return asked == [.state(.unread)] ? unread : nil
    }
}
