import XCTest
import ItemFeed
import ItemFeedTestSupport

final class RemoteImageDataLoaderTests: XCTestCase {
    func test_loadImageData_requestsTheURL() {
        let (sut, client) = makeSUT()
        let url = URL(string: "https://img.example.com/a.png")!

        _ = sut.loadImageData(from: url) { _ in }

        XCTAssertEqual(client.requestedURLs, [url])
    }

    func test_loadImageData_deliversTheBody_on2xx() {
        let (sut, client) = makeSUT()
        let body = Data("image bytes".utf8)

        let result = load(sut) { client.complete(withStatusCode: 200, data: body) }

        XCTAssertEqual(try result?.get(), body)
    }

    func test_loadImageData_mapsStatusAndTransportErrors() {
        let cases: [((HTTPClientSpy) -> Void, RemoteLoadError)] = [
            ({ $0.complete(withStatusCode: 200, data: Data()) }, .invalidData),
            ({ $0.complete(withStatusCode: 302, data: Data("x".utf8)) }, .client(statusCode: 302)),
            ({ $0.complete(withStatusCode: 404, data: Data("x".utf8)) }, .client(statusCode: 404)),
            ({ $0.complete(withStatusCode: 500, data: Data("x".utf8)) }, .server(statusCode: 500)),
            ({ $0.complete(with: .transport(description: "reset")) }, .connectivity),
            ({ $0.complete(with: .bodyTooLarge(limitBytes: 10)) }, .tooLarge(limitBytes: 10)),
        ]
        for (index, (complete, expected)) in cases.enumerated() {
            let (sut, client) = makeSUT()
            let result = load(sut) { complete(client) }
            guard case let .failure(error)? = result else {
                XCTFail("Case \(index): expected \(expected), got \(String(describing: result))")
                continue
            }
            XCTAssertEqual(error as? RemoteLoadError, expected, "Case \(index)")
        }
    }

    func test_cancel_cancelsTheTransfer_andDeliversNothing() {
        let (sut, client) = makeSUT()
        let url = URL(string: "https://img.example.com/a.png")!
        var received: [Result<Data, Error>] = []
        let task = sut.loadImageData(from: url) { received.append($0) }

        task.cancel()
        client.complete(withStatusCode: 200, data: Data("late".utf8))

        XCTAssertEqual(client.cancelledURLs, [url])
        XCTAssertTrue(received.isEmpty, "Expected no result after cancel")
    }

    func test_loadImageData_doesNotDeliver_afterTheLoaderIsDeallocated() {
        let client = HTTPClientSpy()
        var sut: RemoteImageDataLoader? = RemoteImageDataLoader(client: client)
        var received: [Result<Data, Error>] = []
        _ = sut?.loadImageData(from: anyURL()) { received.append($0) }

        sut = nil
        client.complete(withStatusCode: 200, data: Data("late".utf8))

        XCTAssertTrue(received.isEmpty, "Expected no result after the loader was deallocated")
    }

    // MARK: Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (RemoteImageDataLoader, HTTPClientSpy) {
        let client = HTTPClientSpy()
        let sut = RemoteImageDataLoader(client: client)
        trackForMemoryLeaks(client, file: file, line: line)
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, client)
    }

    private func load(_ sut: RemoteImageDataLoader, when action: () -> Void) -> Result<Data, Error>? {
        var received: [Result<Data, Error>] = []
        _ = sut.loadImageData(from: anyURL()) { received.append($0) }
        action()
        XCTAssertEqual(received.count, 1, "Expected exactly one completion")
        return received.first
    }
}
