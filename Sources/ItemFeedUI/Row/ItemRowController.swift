import Foundation
import ItemFeed

/// One item's row: loads its thumbnail while the row is visible or about to
/// be, and renders into whichever row view it is bound to right now.
///
/// The controller outlives row views (GTK recycles them while scrolling), so
/// it keeps the state and the view only renders it. Unbinding forgets the
/// view, so a late image can never land in a widget that shows another item.
@MainActor
final class ItemRowController<Image> {
    typealias LoadThumbnail = (URL, @escaping (Result<Image, Error>) -> Void) -> ItemImageLoaderTask

    let item: Item
    private let loadThumbnail: LoadThumbnail
    private let description: ItemRowDescription
    private let marks: ItemMarks?
    /// Whether the reading pane shows this row's item.
    private let isOpen: (Item) -> Bool

    private weak var view: (any ItemRowView<Image>)?
    private var isNearVisible = false
    private var image: Image?
    private var hasFailed = false
    private var task: ItemImageLoaderTask?
    /// Which load is current: a result from any other is stale.
    private var currentLoad: Int?
    private var loadCount = 0
    /// Formatted once per binding, not on every render (an image arriving
    /// renders again): the relative date is fresh each time the row shows.
    private var text: (details: String, accessibleLabel: String)?
    /// The item's marks, read once a bind (a lookup hashes the whole item),
    /// not on each render a thumbnail causes.
    private var marked: (isRead: Bool, isStarred: Bool)?

    init(
        item: Item, description: ItemRowDescription, marks: ItemMarks? = nil, isOpen: @escaping (Item) -> Bool = { _ in false },
        loadThumbnail: @escaping LoadThumbnail
    ) {
        self.item = item
        self.description = description
        self.marks = marks
        self.isOpen = isOpen
        self.loadThumbnail = loadThumbnail
    }

    func bind(to view: any ItemRowView<Image>) {
        if let current = self.view, current !== view { unbind() }
        self.view = view
        text = nil
        marked = nil
        view.retryButton.addTarget(self, action: "retry", for: .primaryActionTriggered, ItemRowController.retry)
        startLoadingIfNeeded()
        render()
    }

    func unbind() {
        view?.retryButton.removeTarget(self, for: .primaryActionTriggered)
        view = nil
        forgetIfUnwanted()
    }

    func becameNearVisible() {
        isNearVisible = true
        startLoadingIfNeeded()
    }

    func stoppedBeingNearVisible() {
        isNearVisible = false
        forgetIfUnwanted()
    }

    func retry() {
        guard hasFailed else { return }
        hasFailed = false
        startLoadingIfNeeded()
        render()
    }

    /// The row left the feed (a reload replaced it): stop everything.
    func discard() {
        isNearVisible = false
        unbind()
    }

    /// An item without an image never loads one: its row shows the
    /// placeholder thumbnail.
    private func startLoadingIfNeeded() {
        guard let imageURL = item.imageURL, image == nil, currentLoad == nil, !hasFailed else { return }
        loadCount += 1
        let load = loadCount
        currentLoad = load
        task = LoadStep.start({ loadThumbnail(imageURL, $0) }) { [weak self] result in
            self?.finishLoad(load, with: result)
        }
    }

    private func finishLoad(_ load: Int, with result: Result<Image, Error>) {
        guard currentLoad == load else { return }
        currentLoad = nil
        task = nil
        switch result {
        case let .success(image): self.image = image
        case .failure: hasFailed = true
        }
        render()
    }

    /// Neither on screen nor about to be: drop the load and the image, so
    /// memory follows the visible rows, not the length of the feed.
    private func forgetIfUnwanted() {
        guard view == nil, !isNearVisible else { return }
        task?.cancel()
        task = nil
        currentLoad = nil
        image = nil
        hasFailed = false
    }

    /// What the row shows now; also what a row GTK binds ahead of the
    /// viewport shows until it scrolls into view.
    var state: ItemRowState<Image> {
        let text = self.text ?? description.text(of: item)
        self.text = text
        let marked = self.marked ?? marks.map { ($0.isRead(item), $0.isStarred(item)) } ?? (false, false)
        self.marked = marked
        let (isRead, isStarred) = marked
        // A library's rows say which are new, first, as readers' lists do.
        var spoken = text.accessibleLabel
        if isStarred { spoken = tr("Starred") + ", " + spoken }
        if marks != nil, !isRead { spoken = tr("Unread") + ", " + spoken }
        return ItemRowState(
            name: item.name,
            details: text.details,
            accessibleLabel: spoken,
            image: image,
            isLoading: currentLoad != nil,
            canRetry: hasFailed,
            isRead: isRead,
            isStarred: isStarred,
            isOpen: isOpen(item)
        )
    }

    /// The item's marks changed: shown again if bound.
    func marksChanged() {
        marked = nil
        render()
    }

    private func render() {
        view?.display(state)
    }
}
