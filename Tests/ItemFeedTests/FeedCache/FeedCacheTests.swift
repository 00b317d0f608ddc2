import XCTest
import ItemFeed
import ItemFeedTestSupport

/// The last good feed on disk, and loading from it.
final class FeedCacheTests: XCTestCase {
    func test_load_withNothingSaved_isNil() {
        XCTAssertNil(makeCache().load())
        XCTAssertNil(makeCache().loadValidators())
    }

    func test_save_thenLoad_returnsTheSameCopy_evenFromANewInstance() throws {
        let directory = makeTemporaryDirectory()
        let feedURL = URL(string: "https://feeds.example.com/feed.json")!
        let saved = SavedFeed(formatID: "rss", validators: .init(entityTag: #""v1""#, lastModified: "Mon, 02 Feb 2026 10:00:00 GMT"), body: Data("body\n{}".utf8))

        try FeedCache(directory: directory, feedURL: feedURL).save(saved)

        XCTAssertEqual(FeedCache(directory: directory, feedURL: feedURL).load(), saved)
    }

    func test_loadValidators_readsThemWithoutTheBody() throws {
        let cache = makeCache()
        let validators = HTTPValidators(entityTag: #"W/"abc""#)

        try cache.save(SavedFeed(formatID: "native", validators: validators, body: Data(repeating: 0x41, count: 100_000)))

        XCTAssertEqual(cache.loadValidators(), validators)
        XCTAssertEqual(validators.requestHeaders, ["If-None-Match": #"W/"abc""#])
    }

    func test_save_replacesWhatWasSaved() throws {
        let cache = makeCache()

        try cache.save(SavedFeed(formatID: "native", body: Data("first".utf8)))
        try cache.save(SavedFeed(formatID: "native", body: Data("second".utf8)))

        XCTAssertEqual(cache.load()?.body, Data("second".utf8))
    }

    func test_aFileThisVersionDidNotWrite_isDiscarded_withOneWarning() throws {
        let directory = makeTemporaryDirectory()
        let warnings = Warnings()
        let cache = FeedCache(directory: directory, feedURL: anyURL(), warn: warnings.record)
        try cache.save(SavedFeed(formatID: "native", body: Data("body".utf8)))
        let file = try XCTUnwrap(FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil).first)
        let garbage = [
            Data(#"{"items": []}"#.utf8), Data(), Data([0xFF, 0x00, 0xFE]),
            Data("ItemFeed saved feed 2\nnot json".utf8),
            Data("ItemFeed saved feed 1\n{\"format\":\"native\",\"validators\":{}}\nbody".utf8),
        ]

        for (index, contents) in garbage.enumerated() {
            try contents.write(to: file)

            XCTAssertNil(cache.load(), "Expected \(contents as NSData) to be discarded")
            XCTAssertNil(cache.load(), "Expected nothing the second time")
            XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "Expected the unreadable file deleted")
            XCTAssertEqual(warnings.messages.count, index + 1, "Expected one warning per discarded file, not per read")
        }
        XCTAssertTrue(warnings.messages.allSatisfy { $0.contains("could not be read") && $0.contains(file.path) }, "\(warnings.messages)")
    }

    func test_aCopyCutShortOrGrownSinceItWasSaved_isDiscarded() throws {
        let directory = makeTemporaryDirectory()
        let warnings = Warnings()
        let cache = FeedCache(directory: directory, feedURL: anyURL(), warn: warnings.record)
        let rss = Data("<rss><channel><item><guid>1</guid></item><item><guid>2</guid></item></channel></rss>".utf8)

        for change in [{ (whole: Data) in whole.prefix(whole.count - 30) }, { $0 + Data("<!-- more -->".utf8) }] {
            try cache.save(SavedFeed(formatID: "rss", body: rss))
            let file = try XCTUnwrap(FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil).first)
            try change(try Data(contentsOf: file)).write(to: file)

            XCTAssertNil(cache.load(), "Expected a copy of another length than was saved to be discarded")
        }
        XCTAssertEqual(warnings.messages.count, 2)
    }

    func test_remoteLoad_intoACacheFolderThatCannotBeWritten_stillShowsTheFeed() throws {
        // Even root cannot create a folder under /proc, so this holds on CI.
        let cache = FeedCache(directory: URL(fileURLWithPath: "/proc/itemfeed-\(UUID().uuidString)"), feedURL: anyURL())
        let client = HTTPClientSpy()
        let sut = RemoteFeedLoader(url: anyURL(), client: client, cache: cache)

        var received: [Result<Feed, Error>] = []
        sut.load { received.append($0) }
        client.complete(withStatusCode: 200, data: Data(#"{"items": [{"id": "1", "name": "Fresh", "image_url": "https://img.example.com/1.png"}]}"#.utf8))

        XCTAssertEqual(try received.first?.get().items.map(\.name), ["Fresh"])
        XCTAssertNil(cache.load())
        XCTAssertThrowsError(try cache.save(SavedFeed(formatID: "native", body: Data())))
    }

    func test_feedsFromOtherAddresses_doNotShareACache() throws {
        let directory = makeTemporaryDirectory()
        let one = FeedCache(directory: directory, feedURL: URL(string: "https://a.example.com/feed.json")!)
        let other = FeedCache(directory: directory, feedURL: URL(string: "https://b.example.com/feed.json")!)

        try one.save(SavedFeed(formatID: "native", body: Data("one".utf8)))

        XCTAssertNil(other.load())
    }

    func test_save_intoAPlaceThatCannotBeWritten_throws() throws {
        let directory = makeTemporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("not-a-directory")
        try Data().write(to: file)

        XCTAssertThrowsError(try FeedCache(directory: file, feedURL: anyURL()).save(SavedFeed(formatID: "native", body: Data())))
    }

    func test_cachedFeedLoader_withNothingCached_fails() {
        let sut = CachedFeedLoader(cache: makeCache(), feedURL: anyURL())

        XCTAssertEqual(load(sut).failure as? CachedFeedLoader.Error, .nothingCached)
    }

    func test_cachedFeedLoader_mapsTheCachedBodyAgainstTheFeedsAddress() throws {
        let feedURL = URL(string: "https://feeds.example.com/v1/feed.json")!
        let cache = makeCache(feedURL: feedURL)
        try cache.save(SavedFeed(formatID: "native", body: Data(#"{"items": [{"id": "1", "name": "Cached", "image_url": "img/1.png"}]}"#.utf8)))
        let sut = CachedFeedLoader(cache: cache, feedURL: feedURL)

        let items = try load(sut).get().items

        XCTAssertEqual(items.map(\.name), ["Cached"])
        XCTAssertEqual(items.first?.imageURL, URL(string: "https://feeds.example.com/v1/img/1.png"))
    }

    func test_cachedFeedLoader_mapsWithTheFormatThatReadTheCopy_notByLookingAgain() throws {
        let feedURL = URL(string: "https://feeds.example.com/feed.json")!
        let cache = makeCache(feedURL: feedURL)
        let body = Data(#"{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "1", "title": "JSON Feed entry"}]}"#.utf8)
        try cache.save(SavedFeed(formatID: "native", body: body))
        let sut = CachedFeedLoader(cache: cache, feedURL: feedURL)

        XCTAssertEqual(try load(sut).get().skippedItemCount, 1, "Expected the native format, as recorded, to read it")
    }

    func test_remoteLoad_withItems_savesTheBodyWithItsFormatAndValidators() {
        let cache = makeCache()
        let client = HTTPClientSpy()
        let sut = RemoteFeedLoader(url: anyURL(), client: client, cache: cache)
        let body = Data(#"{"items": [{"id": "1", "name": "One", "image_url": "https://img.example.com/1.png"}]}"#.utf8)

        sut.load { _ in }
        client.complete(withStatusCode: 200, headers: ["etag": #""v2""#, "last-modified": "Tue, 03 Feb 2026 10:00:00 GMT"], data: body)

        XCTAssertEqual(cache.load(), SavedFeed(
            formatID: "native",
            validators: .init(entityTag: #""v2""#, lastModified: "Tue, 03 Feb 2026 10:00:00 GMT"),
            body: body
        ))
    }

    func test_remoteLoad_thatFailsOrHasNoItems_leavesTheCacheAlone() throws {
        let cache = makeCache()
        let lastGood = SavedFeed(formatID: "native", body: Data("last good".utf8))
        try cache.save(lastGood)
        let client = HTTPClientSpy()
        let sut = RemoteFeedLoader(url: anyURL(), client: client, cache: cache)

        for _ in 0..<3 { sut.load { _ in } }
        client.complete(withStatusCode: 200, data: Data(#"{"items": []}"#.utf8), at: 0)
        client.complete(withStatusCode: 200, data: Data("not json".utf8), at: 1)
        client.complete(withStatusCode: 500, data: Data(#"{"items": []}"#.utf8), at: 2)

        XCTAssertEqual(cache.load(), lastGood)
    }

    func test_appFallback_showsTheLastGoodFeed_asASavedCopy_whenTheServerFails() throws {
        let feedURL = URL(string: "https://feeds.example.com/feed.json")!
        let cache = makeCache(feedURL: feedURL)
        let client = HTTPClientSpy()
        let remote = RemoteFeedLoader(url: feedURL, client: client, cache: cache)
        let sut = ItemLoaderWithFallback(primary: remote, fallback: CachedFeedLoader(cache: cache, feedURL: feedURL))
        sut.load { _ in }
        client.complete(withStatusCode: 200, data: Data(#"{"items": [{"id": "1", "name": "Saved", "image_url": "/1.png"}]}"#.utf8))

        var received: [Result<Feed, Error>] = []
        sut.load { received.append($0) }
        client.complete(with: .transport(description: "offline"), at: 1)

        let feed = try XCTUnwrap(received.first?.get())
        XCTAssertEqual(feed.items.map(\.name), ["Saved"])
        XCTAssertEqual(feed.origin, .saved(because: RemoteLoadError.connectivity))
    }

    // MARK: Helpers

    /// Collects warnings; the cache may warn from any thread.
    private final class Warnings: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [String] = []
        var messages: [String] { lock.withLock { recorded } }
        func record(_ message: String) { lock.withLock { recorded.append(message) } }
    }

    private func makeCache(feedURL: URL = anyURL()) -> FeedCache {
        FeedCache(directory: makeTemporaryDirectory(), feedURL: feedURL)
    }

    private func makeTemporaryDirectory() -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-cache-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    private func load(_ sut: ItemLoader) -> Result<Feed, Error> {
        var received: [Result<Feed, Error>] = []
        sut.load { received.append($0) }
        XCTAssertEqual(received.count, 1, "Expected exactly one completion")
        return received.first ?? .failure(CachedFeedLoader.Error.nothingCached)
    }
}

/// Thumbnails' bytes on disk.
final class ImageDataCacheTests: XCTestCase {
    func test_save_thenData_returnsTheBytes_perImageAddress() throws {
        let sut = ImageDataCache(directory: makeTemporaryDirectory())
        let a = URL(string: "https://img.example.com/a.png")!
        let b = URL(string: "https://img.example.com/b.png")!

        try sut.save(Data("a".utf8), for: a)

        XCTAssertEqual(sut.data(for: a), Data("a".utf8))
        XCTAssertNil(sut.data(for: b))
    }

    func test_save_keepsTheFolderWithinItsCapPlusOneImage_forAWholeSession() throws {
        let directory = makeTemporaryDirectory()
        let sut = ImageDataCache(directory: directory, maxBytes: 1_000)
        let urls = (0..<40).map { URL(string: "https://img.example.com/\($0).png")! }

        for (index, url) in urls.enumerated() {
            try sut.save(Data(repeating: 7, count: 60 + index % 3 * 20), for: url)
            XCTAssertLessThanOrEqual(try folderBytes(directory), 1_000 + 100, "after image \(index)")
        }
        XCTAssertNotNil(sut.data(for: urls[39]), "Expected the newest image kept")
        XCTAssertNil(sut.data(for: urls[0]), "Expected the oldest image gone")
    }

    func test_save_countsWhatTheFolderHeldBeforeThisSession() throws {
        let directory = makeTemporaryDirectory()
        let earlier = ImageDataCache(directory: directory)
        for index in 0..<10 { try earlier.save(Data(repeating: 1, count: 100), for: URL(string: "https://img.example.com/old-\(index).png")!) }

        try ImageDataCache(directory: directory, maxBytes: 500).save(Data(repeating: 2, count: 100), for: URL(string: "https://img.example.com/new.png")!)

        XCTAssertLessThanOrEqual(try folderBytes(directory), 500)
    }

    func test_trim_deletesTheOldestFilesUntilTheRestFit() throws {
        let directory = makeTemporaryDirectory()
        let sut = ImageDataCache(directory: directory)
        let urls = (0..<4).map { URL(string: "https://img.example.com/\($0).png")! }
        for (age, url) in urls.enumerated() {
            try sut.save(Data(repeating: 7, count: 100), for: url)
            try setModificationDate(Date(timeIntervalSinceNow: Double(-1000 + age)), ofFileIn: directory, newest: true)
        }

        sut.trim(toBytes: 250)

        XCTAssertEqual(urls.map { sut.data(for: $0) != nil }, [false, false, true, true])
    }

    func test_keepAtMost_trimsToTheNewCapAtOnce_andKeepsToItAfter() throws {
        let directory = makeTemporaryDirectory()
        let sut = ImageDataCache(directory: directory, maxBytes: 10_000)
        let urls = (0..<6).map { URL(string: "https://img.example.com/\($0).png")! }
        for (age, url) in urls.enumerated() {
            try sut.save(Data(repeating: 7, count: 100), for: url)
            try setModificationDate(Date(timeIntervalSinceNow: Double(-1000 + age)), ofFileIn: directory, newest: true)
        }

        sut.keep(atMost: 300)

        XCTAssertEqual(urls.map { sut.data(for: $0) != nil }, [false, false, false, true, true, true], "the oldest out first")
        for index in 0..<5 { try sut.save(Data(repeating: 8, count: 100), for: URL(string: "https://img.example.com/new-\(index).png")!) }
        XCTAssertLessThanOrEqual(try folderBytes(directory), 300 + 100, "the new cap, not the first one")
    }

    // MARK: Helpers

    private func folderBytes(_ directory: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])
            .reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
    }

    private func makeTemporaryDirectory() -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-images-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    /// Gives the file written last an explicit age, so the test does not
    /// depend on the file system's timestamp resolution.
    private func setModificationDate(_ date: Date, ofFileIn directory: URL, newest: Bool) throws {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.creationDateKey])
        let touched = try files.filter { try FileManager.default.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date ?? .distantPast > Date(timeIntervalSinceNow: -60) }
        for file in touched {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: file.path)
        }
    }
}
