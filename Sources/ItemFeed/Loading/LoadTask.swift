import Foundation

/// The task of one load built from steps (a transfer, then a decode or a
/// mapping): delivers at most once, and never after `cancel()`, even if a
/// step finishes while being cancelled. Image and feed loads share it.
public final class LoadTask<Value>: ItemImageLoaderTask, FeedLoadTask {
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
