/// Everything one row shows. A row view renders the whole state each time,
/// so a recycled widget cannot keep anything from the item it showed before.
public struct ItemRowState<Image> {
    public let name: String
    /// The dim line under the title (author, date, likes); may be empty.
    public let details: String
    /// What a screen reader announces for the row.
    public let accessibleLabel: String
    /// `nil` until this row's own image has arrived.
    public let image: Image?
    public let isLoading: Bool
    /// The image failed to load or decode; the row offers to try again.
    public let canRetry: Bool
    /// A library item the reader has opened: shown dimmed.
    public let isRead: Bool
    public let isStarred: Bool
    /// The item the reading pane shows: highlighted in the list.
    public let isOpen: Bool

    public init(
        name: String, details: String = "", accessibleLabel: String? = nil,
        image: Image?, isLoading: Bool, canRetry: Bool, isRead: Bool = false, isStarred: Bool = false, isOpen: Bool = false
    ) {
        self.name = name
        self.details = details
        self.accessibleLabel = accessibleLabel ?? name
        self.image = image
        self.isLoading = isLoading
        self.canRetry = canRetry
        self.isRead = isRead
        self.isStarred = isStarred
        self.isOpen = isOpen
    }
}

extension ItemRowState: Equatable where Image: Equatable {}

/// A row on screen: the GTK row widget, or a headless stand-in in tests.
@MainActor
public protocol ItemRowView<Image>: AnyObject {
    associatedtype Image
    /// The row's retry button; its row controller registers while bound.
    var retryButton: Button { get }
    func display(_ state: ItemRowState<Image>)
    /// The same widget may be recycled between item rows and the load-more
    /// row, so each display renders everything the row shows.
    func display(_ state: LoadMoreRowState)
}

/// The row at the end of a list whose source has more pages: loading the
/// next one, or saying why it failed and offering to try again.
public struct LoadMoreRowState: Equatable {
    public let isLoading: Bool
    /// Why the last page failed to load; `nil` while loading.
    public let errorMessage: String?

    public init(isLoading: Bool, errorMessage: String?) {
        self.isLoading = isLoading
        self.errorMessage = errorMessage
    }
}
