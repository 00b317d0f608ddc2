import Foundation

/// What an entry gets when its feed left out its title or its id (SPEC 14):
/// microblogs (Mastodon, micro.blog) post without titles, and hand-written
/// feeds without ids, and a reader that skipped them showed those feeds
/// empty. feedparser shows every such entry; so does ItemFeed.
public enum EntryFallback {
    /// A title made from text is at most this long, as a reader's row shows.
    public static let titleLimit = 120

    /// The entry's first sentence, from its plain text (markup already
    /// stripped): at most 120 characters, cut at a word with "…" when
    /// longer; "Untitled" when the entry has no text at all.
    public static func title(fromText text: String?) -> String {
        guard let text = text.flatMap({ FeedText.clean($0, limit: FeedText.summaryLimit) }) else {
            return tr("Untitled")
        }
        let sentence = firstSentence(of: text)
        guard sentence.count > titleLimit else { return sentence }
        let cut = sentence.prefix(titleLimit - 1)
        // At a word, unless that loses more than a third of the title.
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > titleLimit * 2 / 3 {
            return String(cut[..<space]) + "…"
        }
        return String(cut) + "…"
    }

    /// A stable id: the entry's link, else a digest of its title, date and
    /// text (and, for an entry with none of them, of what else it has: its
    /// author, its image), so the same entry has the same id on every
    /// refresh and is not shown twice. An entry with nothing ItemFeed shows
    /// is still an entry (feedparser lists it): its `position` in the feed
    /// names it then; `nil` only without one.
    public static func id(link: String?, title: String?, date: Date?, text: String?, other: [String?] = [], position: Int? = nil) -> String? {
        // An id is printed and capped like text: an address can be longer.
        if let link, let id = FeedText.clean(link, limit: FeedText.idLimit) { return id }
        let others = other.compactMap { $0 }.filter { !$0.isEmpty }
        guard title != nil || date != nil || text != nil || !others.isEmpty else {
            return position.map { "urn:itemfeed:entry:\($0)" }
        }
        let seconds = date.map { String(Int64($0.timeIntervalSince1970.rounded(.down))) } ?? ""
        let key = ([title ?? "", seconds, text ?? ""] + others).joined(separator: "\u{1F}")
        return "urn:itemfeed:digest:" + digest(key)
    }

    /// The text up to and including the first full stop, question or
    /// exclamation mark that ends a sentence (followed by a space, or a
    /// CJK one anywhere).
    private static func firstSentence(of text: String) -> String {
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if "。！？".contains(character) { return String(text[..<next]) }
            if ".!?".contains(character), next < text.endIndex, text[next] == " " {
                return String(text[..<next])
            }
            index = next
        }
        return text
    }

    /// FNV-1a, 64 bits, as 16 hexadecimal digits: the same on every run
    /// and machine, unlike Swift's seeded `Hasher`.
    private static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
