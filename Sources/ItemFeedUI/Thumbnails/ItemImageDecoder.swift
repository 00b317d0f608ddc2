import Foundation
import ItemFeed

/// Turns downloaded bytes into something a row can show, so undecodable bytes
/// are told apart from good ones without the UI layer knowing the toolkit's
/// image type. Decoding may happen elsewhere; the completion comes back on
/// the caller's thread, never after `cancel()`.
public protocol ItemImageDecoder<Image> {
    associatedtype Image
    func decode(
        _ data: Data,
        completion: @escaping (Result<Image, Error>) -> Void
    ) -> ItemImageLoaderTask
}
