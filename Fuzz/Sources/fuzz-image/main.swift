import FeedPromises
import Foundation
import ItemFeedGtk

/// The thumbnail decoder at the app's sizes (64 px at scale 2). Its promise:
/// a square thumbnail within the size asked for, or an error; never a crash, and
/// never the memory an image's claimed size asks for.
FuzzDriver.run { input in
    let data = Data(input)
    if case let .success(thumbnail) = PixbufImageDecoder.decode(data, maxPixelSize: 128, maxSourcePixels: 40_000_000),
       thumbnail.pixelWidth > 128 || thumbnail.pixelWidth < 1 || thumbnail.pixelHeight != thumbnail.pixelWidth {
        FileHandle.standardError.write(Data("Broken promise: a \(thumbnail.pixelWidth)×\(thumbnail.pixelHeight) thumbnail\n".utf8))
        abort()
    }
}
