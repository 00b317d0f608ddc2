import Foundation

/// Loads image bytes through an `HTTPClient`. It does not look at the bytes:
/// telling an image from anything else is the decoder's job.
public final class RemoteImageDataLoader: ItemImageLoader {
    private let client: HTTPClient

    public init(client: HTTPClient) {
        self.client = client
    }

    public func loadImageData(
        from url: URL,
        completion: @escaping (Result<Data, Error>) -> Void
    ) -> ItemImageLoaderTask {
        let task = LoadTask(completion: completion)
        let transfer = client.get(from: url) { [weak self] result in
            guard self != nil else { return }
            task.finish(with: result.mapError(RemoteLoadError.init).flatMap { response in
                if let error = RemoteLoadError.check(response) { return .failure(error) }
                return response.body.isEmpty ? .failure(.invalidData) : .success(response.body)
            }.mapError { $0 })
        }
        if !task.isFinished { task.stopCurrentStep = transfer.cancel }
        return task
    }
}
