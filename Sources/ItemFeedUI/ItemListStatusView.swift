/// The parts of the list screen around the rows: the error banner and the
/// empty-feed page.
@MainActor
public protocol ItemListStatusView: AnyObject {
    /// `nil` hides the banner.
    func display(errorMessage: String?)
    func display(isEmpty: Bool)
}
