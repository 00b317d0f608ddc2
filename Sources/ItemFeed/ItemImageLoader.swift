import Foundation

/// A load that can be stopped. After `cancel()` the load never delivers a
/// result, which is what lets a recycled row forget a late image.
public protocol ItemImageLoaderTask {
    func cancel()
}

/// Loads the bytes of one image URL.
///
/// Like `ItemLoader`, it completes at most once, on the caller's thread, and
/// not at all once its task is cancelled.
public protocol ItemImageLoader {
    func loadImageData(
        from url: URL,
        completion: @escaping (Result<Data, Error>) -> Void
    ) -> ItemImageLoaderTask
}

/// The task of one image load, for loaders built from steps (a transfer,
/// then a decode): delivers at most once, and never after `cancel()`, even
/// if a step finishes while being cancelled.
public final class ItemImageLoadTask<Value>: ItemImageLoaderTask {
    private var completion: ((Result<Value, Error>) -> Void)?
    /// Stops the step under way; replaced as the load moves on.
    public var stopCurrentStep: (() -> Void)?

    public init(completion: @escaping (Result<Value, Error>) -> Void) {
        self.completion = completion
    }

    public var isFinished: Bool { completion == nil }

    public func finish(with result: Result<Value, Error>) {
        let completion = self.completion
        self.completion = nil
        stopCurrentStep = nil
        completion?(result)
    }

    public func cancel() {
        completion = nil
        let stop = stopCurrentStep
        stopCurrentStep = nil
        stop?()
    }
}
