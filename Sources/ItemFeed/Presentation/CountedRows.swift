import Foundation

/// The rows of a view whose source counts them and reads any of them by
/// position (a library view): how many there are, and the pages of them read
/// so far. A row past those is known to exist and read when it is shown, so
/// End on a million rows reads the last page, not the 999,999 before it.
///
/// Only the pages read last are kept: scrolling through a million rows
/// must not end with a million items in memory.
public struct CountedRows: Equatable {
    public let count: Int
    /// The rows shown: the first page alone until `showAll()`.
    public private(set) var shownCount: Int
    public let pageSize: Int
    /// How many pages are kept; the one read longest ago goes first.
    let keptPages: Int
    private var pages: [Int: [Item]] = [:]
    /// Page numbers in the order they were read, the oldest first.
    private var readOrder: [Int] = []
    /// Pages asked for and not yet read.
    private var pending: Set<Int> = []
    /// The first page when the first load read fewer rows than a page (it
    /// is painted first, and small): read whole when a row past it is shown.
    private var shortFirstPage = false

    public init(count: Int, firstPage: [Item], pageSize: Int, keptPages: Int = 40) {
        self.count = max(count, firstPage.count)
        shownCount = firstPage.count
        self.pageSize = max(1, pageSize)
        self.keptPages = max(2, keptPages)
        for start in stride(from: 0, to: firstPage.count, by: self.pageSize) {
            let end = min(start + self.pageSize, firstPage.count)
            pages[start / self.pageSize] = Array(firstPage[start..<end])
            readOrder.append(start / self.pageSize)
            shortFirstPage = end - start < self.pageSize && end < self.count
        }
    }

    /// Every row counted is shown from now.
    mutating func showAll() {
        shownCount = count
    }

    public func item(at position: Int) -> Item? {
        guard position >= 0, position < count, let page = pages[position / pageSize] else { return nil }
        let index = position % pageSize
        return page.indices.contains(index) ? page[index] : nil
    }

    /// The positions of the page holding `position`, when it is neither
    /// read nor asked for already; it counts as asked for from now.
    mutating func request(at position: Int) -> Range<Int>? {
        guard position >= 0, position < count else { return nil }
        let page = position / pageSize
        let isRead = pages[page] != nil && !(shortFirstPage && page == 0 && item(at: position) == nil)
        guard !isRead, !pending.contains(page) else { return nil }
        pending.insert(page)
        return range(of: page)
    }

    /// Keeps the items read at `range`; returns the positions of pages
    /// dropped to make room. Items missing at the end (rows gone since they
    /// were counted) leave those positions empty.
    mutating func fill(_ items: [Item], at range: Range<Int>) -> [Range<Int>] {
        let page = range.lowerBound / pageSize
        pending.remove(page)
        guard range == self.range(of: page) else { return [] }
        pages[page] = Array(items.prefix(range.count))
        if page == 0 { shortFirstPage = false }
        readOrder.removeAll { $0 == page }
        readOrder.append(page)
        var dropped: [Range<Int>] = []
        while readOrder.count > keptPages {
            let oldest = readOrder.removeFirst()
            pages[oldest] = nil
            dropped.append(self.range(of: oldest))
        }
        return dropped
    }

    /// A read failed: the page may be asked for again.
    mutating func failed(at range: Range<Int>) {
        pending.remove(range.lowerBound / pageSize)
    }

    /// Every item read, in position order: for a client that wants what the
    /// screen holds (a subscription made from a shown feed).
    public var readItems: [Item] {
        pages.keys.sorted().flatMap { pages[$0]! }
    }

    private func range(of page: Int) -> Range<Int> {
        page * pageSize..<min((page + 1) * pageSize, count)
    }
}
