import Foundation

/// Image bytes kept between loads and between runs, by image address.
/// Completion-based so the app can read the disk away from the UI thread.
public protocol ItemImageDataStore {
    /// Completes with `nil` when nothing is kept for `url`.
    func retrieve(dataFor url: URL, completion: @escaping (Data?) -> Void)
    func insert(_ data: Data, for url: URL)
}
