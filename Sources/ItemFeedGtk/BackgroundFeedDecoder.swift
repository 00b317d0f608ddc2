import Dispatch
import Foundation
import ItemFeed

/// Maps a feed body on a worker thread and hands the result back on the
/// GLib main context: a 32 MiB feed takes seconds to decode, and the window
/// must keep drawing meanwhile.
public enum BackgroundFeedDecoder {
    public static func decode(_ data: Data, from url: URL, completion: @escaping (Result<Feed, Error>) -> Void) {
        let completion = MainThreadCompletion<Result<Feed, Error>>(completion)
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { try FeedMapper.map(data, from: url) }
            MainContext.invoke { completion.call(result) }
        }
    }

}
