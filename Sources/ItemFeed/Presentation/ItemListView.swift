/// What the list screen is told to show: the whole state, after every
/// event. The presenter talks only to this, so the decisions are testable
/// without any toolkit.
public protocol ItemListView: AnyObject {
    func display(_ state: ItemListState)
}

/// Where the list screen can send the user.
public protocol ItemListCoordinator: AnyObject {
    func open(_ item: Item)
}
