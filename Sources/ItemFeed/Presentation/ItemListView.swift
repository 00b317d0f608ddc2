import Foundation

/// What the list screen is told to show: the whole state, after every
/// event. The presenter talks only to this, so the decisions are testable
/// without any toolkit.
public protocol ItemListView: AnyObject {
    func display(_ state: ItemListState)
}

/// Where the list screen can send the user, and what it can hand to the
/// desktop.
public protocol ItemListCoordinator: AnyObject {
    /// Opens the item's link (activating a row, or the row menu's Open Link).
    func open(_ item: Item)
    /// Puts the item's link on the clipboard (the row menu's Copy Link).
    func copyLink(of item: Item)
    /// Opens the feed at `url` in place of this one: the feed a web page
    /// named, as if its address had been typed.
    func openFeed(at url: URL)
}
