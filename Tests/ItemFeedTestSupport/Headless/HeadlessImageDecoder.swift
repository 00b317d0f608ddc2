import Foundation
import ItemFeed
import ItemFeedUI

/// The image type of headless tests: the bytes it was decoded from.
public struct HeadlessImage: Equatable {
    public let data: Data

    public init(data: Data) {
        self.data = data
    }
}

/// A decoder for tests that accepts what starts with the PNG signature and
/// refuses anything else, so "bytes that are not an image" is a real case
/// in the headless suite. It completes at once, like a decoder that is fast.
public struct HeadlessImageDecoder: ItemImageDecoder {
    public struct UndecodableData: Error {}

    public static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    public init() {}

    public func decode(
        _ data: Data,
        completion: @escaping (Result<HeadlessImage, Error>) -> Void
    ) -> ItemImageLoaderTask {
        if data.starts(with: Self.pngSignature) {
            completion(.success(HeadlessImage(data: data)))
        } else {
            completion(.failure(UndecodableData()))
        }
        return FinishedTask()
    }

    private struct FinishedTask: ItemImageLoaderTask {
        func cancel() {}
    }
}

/// Bytes the headless decoder accepts, distinct per `tag`.
public func imageData(_ tag: String = "image") -> Data {
    HeadlessImageDecoder.pngSignature + Data(tag.utf8)
}

/// Bytes the headless decoder refuses.
public func undecodableImageData() -> Data {
    Data("<html>not an image</html>".utf8)
}
