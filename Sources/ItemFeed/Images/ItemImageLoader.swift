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
