import Foundation
import ItemFeed
import ItemFeedUI

/// Decodes per row when scrolling back up over rows seen a moment ago: the
/// real list and row controllers, driven as the GtkListView drives them (12
/// rows on screen, a screen of prefetch on each side), scrolled down ten
/// screens and back a row at a time, with images that load and decode at
/// once. Measured with the decoded-thumbnail memory and, as the baseline in
/// the same run, without it.
@MainActor
func decodesPerRowScrollingBack(keepingDecoded: Bool) -> Double {
    let screen = 12, screens = 10, rowCount = 1_000
    let items = (0..<rowCount).map { Item(id: "\($0)", name: "Item \($0)", imageURL: URL(string: "https://img.example.com/\($0).png")!) }
    let source = InstantSource(items: items)
    let decoder = CountingDecoder()
    let memory = keepingDecoded ? DecodedThumbnails<Int>(maxBytes: 400 * 64 * 64 * 4) { _ in 64 * 64 * 4 } : nil
    let controller = ItemListComposer.compose(itemLoader: source, imageLoader: source, imageDecoder: decoder, decodedThumbnails: memory)
    controller.screenShown()

    var views: [Int: RowView] = [:]
    var near = NearVisibleRows()
    func show(firstRow: Int) {
        let visible = firstRow..<(firstRow + screen)
        for position in views.keys where !visible.contains(position) {
            controller.rowStoppedBeingVisible(in: views.removeValue(forKey: position)!)
        }
        for position in visible where views[position] == nil {
            let view = RowView()
            views[position] = view
            controller.rowBecameVisible(at: position, in: view)
        }
        let change = near.update(visible: visible, margin: screen, rowCount: rowCount)
        change.left.forEach(controller.rowStoppedBeingNearVisible)
        change.entered.forEach(controller.rowBecameNearVisible)
    }

    let bottom = screen * screens
    for first in 0...bottom { show(firstRow: first) }
    let before = decoder.count
    for first in stride(from: bottom, through: 0, by: -1) { show(firstRow: first) }
    return Double(decoder.count - before) / Double(bottom)
}

private final class InstantSource: ItemLoader, ItemImageLoader {
    let items: [Item]
    init(items: [Item]) { self.items = items }

    func load(batches: (([Item]) -> Void)?, completion: @escaping (Result<Feed, Error>) -> Void) -> FeedLoadTask {
        completion(.success(Feed(items: items)))
        return Done()
    }

    func loadImageData(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> ItemImageLoaderTask {
        completion(.success(Data(url.absoluteString.utf8)))
        return Done()
    }

    private struct Done: FeedLoadTask, ItemImageLoaderTask {
        func cancel() {}
    }
}

private final class CountingDecoder: ItemImageDecoder {
    private(set) var count = 0

    func decode(_ data: Data, completion: @escaping (Result<Int, Error>) -> Void) -> ItemImageLoaderTask {
        count += 1
        completion(.success(data.count))
        return Done()
    }

    private struct Done: ItemImageLoaderTask {
        func cancel() {}
    }
}

@MainActor
private final class RowView: ItemRowView {
    let retryButton = Button()
    func display(_ state: ItemRowState<Int>) {}
    func display(_ state: LoadMoreRowState) {}
}
