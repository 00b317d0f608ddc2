/// Whether an item is read, as the library means it: its own mark, or its
/// feed's "read up to" mark at or above it (Mark All as Read, `LibrarySchema`
/// version 11). Every condition on `item.read` is one of these.
enum ReadMarkSQL {
    static let unread = "(item.read = 0 AND item.id > (SELECT marked.read_up_to FROM feed AS marked WHERE marked.id = item.feed_id))"
    static let read = "(item.read = 1 OR item.id <= (SELECT marked.read_up_to FROM feed AS marked WHERE marked.id = item.feed_id))"
}
