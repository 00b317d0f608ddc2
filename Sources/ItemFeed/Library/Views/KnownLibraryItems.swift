import Foundation

/// The library items a view has handed out, by the item a row shows, for
/// the rows' marks: only those of the last reads, as the list keeps only
/// the last pages of a view (`CountedRows`) — scrolling through a million
/// rows must not keep a million here either.
struct KnownLibraryItems {
    /// Reads kept; more than the list keeps, so a row it shows is known.
    private let keptReads: Int
    private var items: [Item: (stored: LibraryItem, read: Int)] = [:]
    /// Each read kept, by number, with its items: the oldest is let go.
    private var reads: [(number: Int, items: [Item])] = []
    private var lastRead = 0

    init(keptReads: Int) {
        self.keptReads = max(1, keptReads)
    }

    subscript(item: Item) -> LibraryItem? { items[item]?.stored }

    mutating func remember(_ read: [LibraryItem]) {
        lastRead += 1
        for stored in read { items[stored.item] = (stored, lastRead) }
        reads.append((lastRead, read.map(\.item)))
        guard reads.count > keptReads else { return }
        let oldest = reads.removeFirst()
        // An item read again since belongs to that later read.
        for item in oldest.items where items[item]?.read == oldest.number { items[item] = nil }
    }

    /// The keys of the items `include` takes.
    func keys(_ include: (LibraryItem) -> Bool) -> [LibraryItem.Key] {
        items.values.lazy.map(\.stored).filter(include).map(\.key)
    }

    /// Marks the items among `keys` as `change` says.
    mutating func mark(_ keys: Set<LibraryItem.Key>, _ change: (inout LibraryItem) -> Void) {
        for (item, known) in items where keys.contains(known.stored.key) {
            var stored = known.stored
            change(&stored)
            items[item] = (stored, known.read)
        }
    }
}
