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
        let task = Task(completion: completion)
        task.transfer = client.get(from: url) { [weak self] result in
            guard self != nil else { return }
            task.finish(with: result.mapError(RemoteLoadError.init).flatMap { response in
                if let error = RemoteLoadError.check(response) { return .failure(error) }
                return response.body.isEmpty ? .failure(.invalidData) : .success(response.body)
            }.mapError { $0 })
        }
        return task
    }

    /// Forgets the completion on cancel, so nothing is delivered even by a
    /// client that finishes while being cancelled.
    private final class Task: ItemImageLoaderTask {
        var transfer: HTTPClientTask?
        private var completion: ((Result<Data, Error>) -> Void)?

        init(completion: @escaping (Result<Data, Error>) -> Void) {
            self.completion = completion
        }

        func finish(with result: Result<Data, Error>) {
            let completion = self.completion
            self.completion = nil
            transfer = nil
            completion?(result)
        }

        func cancel() {
            completion = nil
            transfer?.cancel()
            transfer = nil
        }
    }
}
