import Foundation
import ItemFeed

/// Lists: each item's marker from the list's `start`, `reversed`, `type`
/// and the item's `value`; a definition's `dd` indented under its term.
extension ArticleBuilder {
    static func list(_ name: String, attributes: [String: String]) -> OrderedList {
        let reversed = attributes["reversed"] != nil
        let start = attributes["start"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { min(max($0, -1_000_000), 1_000_000) }
        let type = attributes["type"].flatMap(\.first).flatMap { "1aAiI".contains($0) ? $0 : nil } ?? "1"
        return OrderedList(ordered: name == "ol", next: start ?? 1, step: reversed ? -1 : 1, type: type,
                           countsDown: reversed && start == nil)
    }

    func startListItem(value: Int?, isDefinition: Bool) {
        var list = frame.lists.removeLast()
        if let value { list.next = min(max(value, -1_000_000), 1_000_000) }
        let marker = isDefinition ? "" : list.ordered ? Self.marker(list.next, type: list.type) : "•"
        list.next += list.step
        endBlock()
        list.items.append(frame.blocks.count)
        frame.lists.append(list)
        startBlock(.listItem(marker: marker))
        if isDefinition {
            let depth = min(frame.lists.count + 1, Self.maxDepth)
            frame.block?.listDepth = depth
        }
    }

    /// `reversed` with no `start` counts down to 1 from the number of items,
    /// known only at the list's end.
    func renumber(_ list: OrderedList) {
        guard list.ordered, list.countsDown else { return }
        var number = list.items.count
        for index in list.items where index < frame.blocks.count {
            if case .listItem = frame.blocks[index].kind {
                frame.blocks[index].kind = .listItem(marker: Self.marker(number, type: list.type))
            }
            number -= 1
        }
    }

    static func marker(_ number: Int, type: Character) -> String {
        switch type {
        case "a", "A":
            guard number > 0 else { return "\(number)." }
            var letters = "", rest = number
            while rest > 0 {
                rest -= 1
                letters = String(UnicodeScalar(UInt8(97 + rest % 26))) + letters
                rest /= 26
            }
            return (type == "A" ? letters.uppercased() : letters) + "."
        case "i", "I":
            guard number > 0, number < 4_000 else { return "\(number)." }
            let numerals = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
            var roman = "", rest = number
            for (value, letters) in numerals { while rest >= value { roman += letters; rest -= value } }
            return (type == "I" ? roman.uppercased() : roman) + "."
        default:
            return "\(number)."
        }
    }
}
