import Foundation

/// What the list screen can be told to show. The presenter talks only to
/// this, so the decisions are testable without any toolkit.
public protocol ItemListView: AnyObject {
    func display(isLoading: Bool)
    /// The first page's items, and where the next page is (`nil`: none).
    func display(items: [Item], nextPage: URL?)
    /// The feed's own name, when a load brings one.
    func display(title: String)
    /// `nil` hides the message.
    func display(errorMessage: String?)
}

/// Where the list screen can send the user.
public protocol ItemListCoordinator: AnyObject {
    func open(_ item: Item)
}
