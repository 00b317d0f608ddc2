/// What the list screen can be told to show. The presenter talks only to
/// this, so the decisions are testable without any toolkit.
public protocol ItemListView: AnyObject {
    func display(isLoading: Bool)
    func display(items: [Item])
    /// `nil` hides the message.
    func display(errorMessage: String?)
}

/// Where the list screen can send the user.
public protocol ItemListCoordinator: AnyObject {
    func open(_ item: Item)
}
