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
        let task = ThumbnailTask(completion: completion)
        task.step = imageLoader.loadImageData(from: url) { [decoder] result in
            guard !task.isFinished else { return }
            switch result {
            case let .failure(error):
                task.finish(with: .failure(error))
            case let .success(data):
                task.step = decoder.decode(data) { task.finish(with: $0) }
            }
        }
        return task
    }
}

private final class ThumbnailTask<Image>: ItemImageLoaderTask {
    var step: ItemImageLoaderTask?
    private var completion: ((Result<Image, Error>) -> Void)?

    var isFinished: Bool { completion == nil }

    init(completion: @escaping (Result<Image, Error>) -> Void) {
        self.completion = completion
    }

    func finish(with result: Result<Image, Error>) {
        let completion = self.completion
        self.completion = nil
        step = nil
        completion?(result)
    }

    func cancel() {
        completion = nil
        step?.cancel()
        step = nil
    }
}
