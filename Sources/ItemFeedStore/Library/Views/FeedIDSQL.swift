import ItemFeed

/// A feed's row, named as views and rules name it: the local library's by
/// its address, an account's by the server's id; both along an index.
enum FeedIDSQL {
    /// A condition on `feed` picking its row; its values bound from `?first`.
    static func condition(_ feed: FeedID, from first: Int) -> (sql: String, values: [SQLiteValue?]) {
        if feed.isLocal {
            return ("feed.account_id = \(FeedID.localAccount) AND feed.address = ?\(first)", [.text(feed.id)])
        }
        return ("feed.account_id = ?\(first) AND feed.remote_id = ?\(first + 1)", [.integer(feed.account), .text(feed.id)])
    }
}
