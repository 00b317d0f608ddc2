import ItemFeed

/// The parts of the list screen around the rows.
@MainActor
public protocol ItemListStatusView: AnyObject {
    /// A failure while there are rows to keep; `nil` hides the banner.
    func display(bannerMessage: String?)
    func display(page: ItemListPage)
    /// The featured selection above the list; empty hides the strip.
    func display(featured: [Item])
    /// Why the search typed cannot be read, said in the search bar; `nil`: it can.
    func display(searchProblem: String?)
}
