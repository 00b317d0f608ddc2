import Foundation
import ItemFeed

/// Loads an image's bytes, then decodes them: the one pipeline a row runs.
/// Thumbnails decoded a moment ago come from memory first, at once. With a
/// store, kept bytes are tried next, and only bytes that decoded are kept,
/// so a server's error page saved once cannot fail a row forever.
/// Cancelling stops whichever step is under way, and nothing is delivered
/// afterwards even if a step ignores its own cancel.
public final class ItemThumbnailLoader<Decoder: ItemImageDecoder> {
    private let imageLoader: ItemImageLoader
    private let decoder: Decoder
    private let store: ItemImageDataStore?
    private let decoded: DecodedThumbnails<Decoder.Image>?

    public init(
        imageLoader: ItemImageLoader,
        decoder: Decoder,
        store: ItemImageDataStore? = nil,
        decoded: DecodedThumbnails<Decoder.Image>? = nil
    ) {
        self.imageLoader = imageLoader
        self.decoder = decoder
        self.store = store
        self.decoded = decoded
    }

    public func loadThumbnail(
        from url: URL,
        completion: @escaping (Result<Decoder.Image, Error>) -> Void
    ) -> ItemImageLoaderTask {
        if let image = decoded?.image(for: url) {
            completion(.success(image))
            return LoadTask<Decoder.Image>(completion: { _ in })
        }
        let task = LoadTask<Decoder.Image>(completion: { [weak decoded] result in
            if case let .success(image) = result { decoded?.insert(image, for: url) }
            completion(result)
        })
        guard let store else {
            download(url, for: task)
            return task
        }
        // Weak: a store (or a loader) may keep the closures it was given,
        // and those must not keep this loader alive.
        store.retrieve(dataFor: url) { [weak self] data in
            guard let self, !task.isFinished else { return }
            guard let data else { return download(url, for: task) }
            Self.decode(data, with: decoder, for: task) { [weak self] decoded in
                guard case .success = decoded else { self?.download(url, for: task); return }
                task.finish(with: decoded)
            }
        }
        return task
    }

    private func download(_ url: URL, for task: LoadTask<Decoder.Image>) {
        let transfer = LoadStep.start({ imageLoader.loadImageData(from: url, completion: $0) }) { [decoder, store] result in
            guard !task.isFinished else { return }
            switch result {
            case let .failure(error):
                task.finish(with: .failure(error))
            case let .success(data):
                Self.decode(data, with: decoder, for: task) { decoded in
                    if case .success = decoded { store?.insert(data, for: url) }
                    task.finish(with: decoded)
                }
            }
        }
        // A loader that answered at once has already moved the task on.
        if let transfer, !task.isFinished { task.stopCurrentStep = transfer.cancel }
    }

    private static func decode(
        _ data: Data,
        with decoder: Decoder,
        for task: LoadTask<Decoder.Image>,
        then handle: @escaping (Result<Decoder.Image, Error>) -> Void
    ) {
        let decoding = LoadStep.start({ decoder.decode(data, completion: $0) }) { decoded in
            guard !task.isFinished else { return }
            handle(decoded)
        }
        if let decoding, !task.isFinished { task.stopCurrentStep = decoding.cancel }
    }
}
