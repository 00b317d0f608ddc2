import Foundation

/// An item's text fields in one allocation: id, title, author, summary,
/// image and link addresses and tags, back to back as UTF-8, with where
/// each ends. A `String` above 15 bytes is an allocation of its own with a
/// 32-byte header, and an `Item` held up to six of them: one buffer took
/// the heap kept per item of a 1,000,000-item native feed from 302 B to
/// 206 B (`mallinfo2` around the mapping), and the mapping with it.
///
/// Immutable once made, so items share it between threads freely (see
/// `SharedItemText`; `ManagedBuffer` itself is never `Sendable`).
final class ItemText: ManagedBuffer<ItemText.Layout, UInt8> {
    enum Field: Int {
        case id, name, author, summary, imageAddress, linkAddress, tags
    }

    struct Layout: Equatable {
        /// Where each field ends, in bytes from the start, by `Field`.
        var ends: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
        /// One bit per field that is present: an absent author is not an
        /// empty one. The top bit: the link is the id.
        var present: UInt8

        static func == (lhs: Layout, rhs: Layout) -> Bool {
            lhs.present == rhs.present && withUnsafeBytes(of: lhs.ends) { left in
                withUnsafeBytes(of: rhs.ends) { right in left.elementsEqual(right) }
            }
        }

        func end(of field: Field) -> Int {
            withUnsafeBytes(of: ends) { Int($0.load(fromByteOffset: field.rawValue * 4, as: UInt32.self)) }
        }

        var count: Int { end(of: .tags) }
    }

    /// Tags are cleaned text, which never holds C0 control characters, so
    /// the unit separator cannot occur inside one.
    static let tagSeparator = "\u{1F}"

    /// Feeds often use an item's address as its id too (JSON Feed's `id`,
    /// RSS's permalink `guid`): such a link is stored once, as the id (64 B
    /// an item on a 100,000-item JSON Feed).
    private static let linkIsID = UInt8(1 << 7)

    static func make(
        id: String, name: String, author: String?, summary: String?,
        imageAddress: String?, linkAddress: String?, tags: String?
    ) -> ItemText {
        let linkIsID = linkAddress == id
        let storedLink = linkIsID ? "" : linkAddress
        let fields = (id, name, author, summary, imageAddress, storedLink, tags)
        let total = id.utf8.count + name.utf8.count + (author?.utf8.count ?? 0) + (summary?.utf8.count ?? 0)
            + (imageAddress?.utf8.count ?? 0) + (storedLink?.utf8.count ?? 0) + (tags?.utf8.count ?? 0)
        let buffer = create(minimumCapacity: total) { _ in Layout(ends: (0, 0, 0, 0, 0, 0, 0), present: 0) }
        let text = unsafeDowncast(buffer, to: ItemText.self)
        text.withUnsafeMutablePointers { layout, bytes in
            var end = 0
            withUnsafeMutableBytes(of: &layout.pointee.ends) { ends in
                func append(_ field: String?, _ index: Int) {
                    if var field {
                        field.withUTF8 { utf8 in
                            if let base = utf8.baseAddress { (bytes + end).initialize(from: base, count: utf8.count) }
                            end += utf8.count
                        }
                        layout.pointee.present |= 1 << index
                    }
                    ends.storeBytes(of: UInt32(end), toByteOffset: index * 4, as: UInt32.self)
                }
                append(fields.0, 0)
                append(fields.1, 1)
                append(fields.2, 2)
                append(fields.3, 3)
                append(fields.4, 4)
                append(fields.5, 5)
                append(fields.6, 6)
            }
            if linkIsID { layout.pointee.present |= Self.linkIsID }
        }
        return text
    }

    func string(_ field: Field) -> String? {
        withUnsafeMutablePointers { layout, bytes in
            guard layout.pointee.present & (1 << field.rawValue) != 0 else { return nil }
            if field == .linkAddress, layout.pointee.present & Self.linkIsID != 0 { return string(.id) }
            let start = field == .id ? 0 : layout.pointee.end(of: Field(rawValue: field.rawValue - 1)!)
            let end = layout.pointee.end(of: field)
            return String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
        }
    }

    /// Whether the field is there, without making a `String` of it.
    func has(_ field: Field) -> Bool {
        header.present & (1 << field.rawValue) != 0
    }

    func isEqual(to other: ItemText) -> Bool {
        if self === other { return true }
        return withUnsafeMutablePointers { layout, bytes in
            other.withUnsafeMutablePointers { otherLayout, otherBytes in
                layout.pointee == otherLayout.pointee
                    && memcmp(bytes, otherBytes, layout.pointee.count) == 0
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        withUnsafeMutablePointers { layout, bytes in
            hasher.combine(layout.pointee.present)
            hasher.combine(bytes: UnsafeRawBufferPointer(start: bytes, count: layout.pointee.count))
        }
    }
}

/// An `ItemText` as an item holds it: nothing writes to one after `make`.
struct SharedItemText: @unchecked Sendable {
    let text: ItemText
}
