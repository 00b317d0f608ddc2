import Foundation
import ItemFeed

/// Loads an image's bytes, then decodes them: the one pipeline a row runs.
/// Cancelling stops whichever step is under way, and nothing is delivered
/// afterwards even if a step ignores its own cancel.
public final class ItemThumbnailLoader<Decoder: ItemImageDecoder> {
    private let imageLoader: ItemImageLoader
    private let decoder: Decoder

    public init(imageLoader: ItemImageLoader, decoder: Decoder) {
        self.imageLoader = imageLoader
        self.decoder = decoder
    }

    public func loadThumbnail(
        from url: URL,
        completion: @escaping (Result<Decoder.Image, Error>) -> Void
    ) -> ItemImageLoaderTask {
        let task = ItemImageLoadTask(completion: completion)
        let transfer = imageLoader.loadImageData(from: url) { [decoder] result in
            guard !task.isFinished else { return }
            switch result {
            case let .failure(error):
                task.finish(with: .failure(error))
            case let .success(data):
                let decoding = decoder.decode(data) { task.finish(with: $0) }
                if !task.isFinished { task.stopCurrentStep = decoding.cancel }
            }
        }
        if !task.isFinished && task.stopCurrentStep == nil { task.stopCurrentStep = transfer.cancel }
        return task
    }
}
