import Foundation
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedGtk
import XCTest

/// The thumbnail cache as the app uses it: disk work on a worker, answers
/// on the main thread. No display needed.
final class BackgroundImageDataStoreTests: XCTestCase {
    @MainActor func test_insertedBytes_areRetrievedOnTheMainThread() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-store-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let url = URL(string: "https://img.example.com/a.png")!
        let sut = BackgroundImageDataStore(cache: ImageDataCache(directory: directory), maxBytes: 1024)
        sut.insert(Data("bytes".utf8), for: url)

        var answers: [(data: Data?, onMainThread: Bool)] = []
        sut.retrieve(dataFor: url) { answers.append(($0, Thread.isMainThread)) }
        sut.retrieve(dataFor: URL(string: "https://img.example.com/other.png")!) { answers.append(($0, Thread.isMainThread)) }
        XCTAssertTrue(MainContext.iterate(until: { answers.count == 2 }, timeoutSeconds: 5))

        XCTAssertEqual(answers.map(\.data), [Data("bytes".utf8), nil])
        XCTAssertEqual(answers.map(\.onMainThread), [true, true])
    }
}
