import Foundation
import ItemFeed
import ItemFeedCurl
import ItemFeedTestSupport
import XCTest

/// `CurlHTTPClient` against a real HTTP server on 127.0.0.1: what users'
/// servers do, good and bad.
final class CurlHTTPClientTests: LocalServerTestCase {
    func test_get_deliversStatusHeadersAndBody() throws {
        let response = try get("/body?text=hello").get()

        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.body, Data("hello".utf8))
        XCTAssertEqual(response.headers["content-type"], "text/plain")
    }

    func test_get_deliversClientAndServerErrorStatusesAsResponses() throws {
        let notFound = try get("/status/404").get()
        let failed = try get("/status/500").get()

        XCTAssertEqual(notFound.statusCode, 404)
        XCTAssertEqual(notFound.body, Data("status 404".utf8))
        XCTAssertEqual(failed.statusCode, 500)
    }

    func test_get_sendsTheUserAgent() throws {
        let response = try get("/headers").get()

        let headers = try JSONDecoder().decode([String: String].self, from: response.body)
        XCTAssertEqual(headers["user-agent"], "ItemFeed-tests/1.0")
    }

    func test_get_followsARedirect() throws {
        let response = try get("/redirect?to=%2Fbody%3Ftext%3Dafter").get()

        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.body, Data("after".utf8))
    }

    func test_get_stopsARedirectLoopAtTheBound() {
        let result = get("/redirect-loop")

        XCTAssertTransportError(result, mentioning: "redirect")
    }

    func test_get_refusesARedirectToALocalFile() {
        let result = get("/redirect-file")

        XCTAssertTransportError(result, mentioning: "file")
    }

    func test_get_refusesALocalFileURL_unlessAllowed() throws {
        let file = try makeTemporaryFile(contents: "local feed")

        XCTAssertTransportError(get(file), mentioning: "file")

        let allowed = try get(file, client: makeSUT(allowsLocalFiles: true)).get()
        XCTAssertEqual(allowed.statusCode, 200)
        XCTAssertEqual(allowed.body, Data("local feed".utf8))
    }

    func test_get_abandonsAServerThatStallsMidBody_byTheLowSpeedRule() {
        let limits = CurlTransferLimits(maxBodyBytes: 1024, lowSpeedTimeSeconds: 1)
        let start = Date()

        let result = get("/stall", client: makeSUT(limits: limits))

        XCTAssertTransportError(result, mentioning: "slow")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "Expected the stall to be cut after about a second")
    }

    func test_get_failsOnAConnectionResetMidBody() {
        XCTAssertTransportError(get("/reset"), mentioning: "")
    }

    func test_get_failsWhenNothingListens() throws {
        let deadPort = try unusedPort()

        XCTAssertTransportError(get(URL(string: "http://127.0.0.1:\(deadPort)/feed.json")!), mentioning: "connect")
    }

    func test_get_abortsABodyOverTheCap_andTheServerSeesTheConnectionClose() throws {
        let limits = CurlTransferLimits(maxBodyBytes: 1_000_000)

        let result = get("/big?bytes=8000000", client: makeSUT(limits: limits))

        XCTAssertEqual(result.failure, .bodyTooLarge(limitBytes: 1_000_000))
        try waitUntilServerSawAbort(of: "/big")
    }

    func test_get_rejectsADeclaredBodyOverTheCap() {
        let limits = CurlTransferLimits(maxBodyBytes: 1_000_000)

        let result = get("/big-declared?bytes=8000000", client: makeSUT(limits: limits))

        XCTAssertEqual(result.failure, .bodyTooLarge(limitBytes: 1_000_000))
    }

    func test_get_acceptsABodyExactlyAtTheCap() throws {
        let limits = CurlTransferLimits(maxBodyBytes: 200_000)

        let response = try get("/big?bytes=200000", client: makeSUT(limits: limits)).get()

        XCTAssertEqual(response.body.count, 200_000)
    }

    func test_get_keepsABodyPastEightMiBInAFileWithNoName_andDeliversItWholeAndMapped() throws {
        let directory = makeTemporaryFolder()
        let bytes = randomBytes(9 * 1024 * 1024)
        let client = makeSUT(allowsLocalFiles: true, bodyFileDirectory: directory)

        let response = try get(try makeTemporaryFile(contents: bytes), client: client).get()

        XCTAssertEqual(response.body, bytes)
        XCTAssertEqual(mappedPath(of: response.body)?.hasPrefix(directory.path), true, "Expected the body mapped from \(directory.path)")
        XCTAssertEqual(mappedPath(of: response.body)?.hasSuffix("(deleted)"), true)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [], "Expected no file left behind")
    }

    func test_get_keepsALargeChunkedBodyFromTheNetworkInTheFileToo() throws {
        let directory = makeTemporaryFolder()
        let client = makeSUT(bodyFileDirectory: directory)

        let response = try get("/big?bytes=9000000", client: client).get()

        XCTAssertEqual(response.body.count, 9_000_000)
        XCTAssertTrue(response.body.allSatisfy { $0 == UInt8(ascii: "y") })
        XCTAssertEqual(mappedPath(of: response.body)?.hasPrefix(directory.path), true)
    }

    func test_get_keepsABodyOfEightMiBInTheHeap() throws {
        let directory = makeTemporaryFolder()
        let client = makeSUT(bodyFileDirectory: directory)

        let response = try get("/big?bytes=\(8 * 1024 * 1024)", client: client).get()

        XCTAssertEqual(response.body.count, 8 * 1024 * 1024)
        XCTAssertNil(mappedPath(of: response.body)?.range(of: directory.path), "Expected a body this small read into the heap")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path))
    }

    func test_get_whenTheDiskFillsMidBody_deliversTheWholeBodyFromTheHeap() throws {
        let directory = makeTemporaryFolder()
        let bytes = randomBytes(12 * 1024 * 1024)
        let source = try makeTemporaryFile(contents: bytes)
        let client = makeSUT(allowsLocalFiles: true, bodyFileDirectory: directory)

        let response = try withFileSizeLimit(10 * 1024 * 1024) { try get(source, client: client).get() }

        XCTAssertEqual(response.body, bytes)
        XCTAssertNil(mappedPath(of: response.body)?.range(of: directory.path))
    }

    func test_get_withABodyFolderThatCannotBeMade_keepsTheBodyInTheHeap() throws {
        let notAFolder = try makeTemporaryFile(contents: Data("a file".utf8))
        let bytes = randomBytes(9 * 1024 * 1024)
        let client = makeSUT(allowsLocalFiles: true, bodyFileDirectory: notAFolder.appendingPathComponent("bodies"))

        let response = try get(try makeTemporaryFile(contents: bytes), client: client).get()

        XCTAssertEqual(response.body, bytes)
    }

    func test_cancel_midTransfer_deliversNothing_andClosesTheConnection() throws {
        let client = makeSUT()
        let delivered = LockedBox<Int>(0)
        let task = client.get(from: server.url("/slow")) { _ in delivered.update { $0 += 1 } }
        Thread.sleep(forTimeInterval: 0.3)

        task.cancel()

        try waitUntilServerSawAbort(of: "/slow")
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(delivered.value, 0, "Expected no delivery after cancel")
    }

    func test_feedRequest_doesNotWaitBehindSixSlowThumbnailsFromTheSameHost() throws {
        let session = CurlSession(userAgent: "ItemFeed-tests/1.0") { $0() }
        let thumbnails = CurlHTTPClient(session: session, limits: .image)
        let feeds = CurlHTTPClient(session: session, limits: .feed)
        // Each /slow takes 10 s: together they hold all six connections the
        // thumbnail pool allows this host.
        let slow = (0..<6).map { _ in thumbnails.get(from: server.url("/slow")) { _ in } }
        defer { slow.forEach { $0.cancel() } }
        Thread.sleep(forTimeInterval: 0.3)

        let started = Date()
        let feed = try get("/body?text=feed", client: feeds).get()
        let waited = Date().timeIntervalSince(started)

        XCTAssertEqual(feed.body, Data("feed".utf8))
        // 100 ms is the promise; the margin is for a loaded CI machine, and
        // sharing the thumbnails' pool made this about 10 s.
        XCTAssertLessThan(waited, 1.0, "The feed waited \(waited) s for a connection")
        trackForMemoryLeaks(session)
    }

    func test_aTransferWaitingForAConnection_isNotTimedOutByItsConnectTimeout() throws {
        let session = CurlSession(userAgent: "ItemFeed-tests/1.0", maxConnectionsPerHost: 1) { $0() }
        var limits = CurlTransferLimits.image
        limits.connectTimeoutSeconds = 1
        let thumbnails = CurlHTTPClient(session: session, limits: limits)
        // Holds the host's one connection for 2.5 s, longer than the
        // connect timeout of the transfer queued behind it.
        let slow = thumbnails.get(from: server.url("/slow?seconds=2.5")) { _ in }
        defer { slow.cancel() }
        Thread.sleep(forTimeInterval: 0.2)

        let queued = get("/body?text=queued", client: thumbnails)

        XCTAssertEqual(try queued.get().body, Data("queued".utf8), "The queued transfer failed: \(queued)")
        trackForMemoryLeaks(session)
    }

    func test_get_completes200ConcurrentRequests() throws {
        let client = makeSUT()
        let connectionsBefore = try serverStats().connections
        let finished = expectation(description: "all requests")
        finished.expectedFulfillmentCount = 200
        let bodies = LockedBox<[Int: Data]>([:])
        var tasks: [HTTPClientTask] = []

        for index in 0..<200 {
            tasks.append(client.get(from: server.url("/body?text=\(index)")) { result in
                bodies.update { $0[index] = try? result.get().body }
                finished.fulfill()
            })
        }
        wait(for: [finished], timeout: 30)

        XCTAssertEqual(bodies.value.count, 200)
        for index in 0..<200 {
            XCTAssertEqual(bodies.value[index], Data("\(index)".utf8), "Request \(index)")
        }
        let connections = try serverStats().connections - connectionsBefore - 1
        print("200 concurrent requests used \(connections) TCP connections")
        XCTAssertLessThanOrEqual(connections, 6, "Expected connections bounded per host and reused")
        XCTAssertEqual(tasks.count, 200)
    }

    func test_get_decodesAGzipEncodedFeed() throws {
        let url = server.url("/gzip")
        let response = try get(url).get()
        XCTAssertEqual(response.statusCode, 200)

        let feed = try NativeFeedFormat().map(response, from: url)

        XCTAssertEqual(feed.items.map(\.name), ["Item 0", "Item 1", "Item 2"])
        XCTAssertEqual(feed.items.first?.imageURL, server.url("/images/0.png"))
    }

    // MARK: Requests other than GET

    func test_send_postsAFormBody_withItsContentType() throws {
        let request = HTTPRequest.form(server.url("/accounts/ClientLogin"), fields: [("Email", "ana@example.com"), ("Passwd", "p&ss w=rd/ü")])

        let echoed = try echo(send(request).get())

        XCTAssertEqual(echoed.method, "POST")
        XCTAssertEqual(echoed.body, "Email=ana%40example.com&Passwd=p%26ss%20w%3Drd%2F%C3%BC")
        XCTAssertEqual(echoed.headers["content-type"], "application/x-www-form-urlencoded")
    }

    func test_send_putsAJSONBody_andDeletes() throws {
        let put = try echo(send(.json(server.url("/items/read/multiple"), method: .put, body: Data(#"{"itemIds":[1,2]}"#.utf8))).get())
        let delete = try echo(send(HTTPRequest(url: server.url("/feeds/7"), method: .delete)).get())
        let emptyPost = try echo(send(HTTPRequest(url: server.url("/api/"), method: .post)).get())

        XCTAssertEqual(put.method, "PUT")
        XCTAssertEqual(put.body, #"{"itemIds":[1,2]}"#)
        XCTAssertEqual(put.headers["content-type"], "application/json")
        XCTAssertEqual(delete.method, "DELETE")
        XCTAssertEqual(delete.body, "")
        XCTAssertEqual(emptyPost.method, "POST")
        XCTAssertEqual(emptyPost.headers["content-length"], "0")
    }

    /// A server's password or session must never reach another host a
    /// redirect names (here `localhost` for `127.0.0.1`, the same server).
    func test_send_neverCarriesCredentialsOrCookies_toAnotherHostAfterARedirect() throws {
        let credentials = ["Authorization": "GoogleLogin auth=secret", "Cookie": "sid=secret"]
        let elsewhere = try XCTUnwrap(URL(string: "http://localhost:\(server.url("/").port ?? 0)/headers"))
        let sameHost = server.url("/headers")

        let crossed = try get(server.url("/redirect?to=\(elsewhere.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"), headers: credentials).get()
        let stayed = try get(server.url("/redirect?to=\(sameHost.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"), headers: credentials).get()

        let crossedHeaders = try JSONDecoder().decode([String: String].self, from: crossed.body)
        XCTAssertEqual(crossedHeaders["host"].map { $0.hasPrefix("localhost") }, true, "the redirect was followed")
        XCTAssertNil(crossedHeaders["authorization"])
        XCTAssertNil(crossedHeaders["cookie"])
        let stayedHeaders = try JSONDecoder().decode([String: String].self, from: stayed.body)
        XCTAssertEqual(stayedHeaders["authorization"], "GoogleLogin auth=secret", "the same host keeps them")
    }

    // MARK: Helpers

    private struct Echoed: Decodable {
        let method: String
        let body: String
        let headers: [String: String]
    }

    private func echo(_ response: HTTPResponse) throws -> Echoed {
        try JSONDecoder().decode(Echoed.self, from: response.body)
    }

    private func send(_ request: HTTPRequest) -> Result<HTTPResponse, HTTPClientError> {
        let client = makeSUT()
        let received = LockedBox<[Result<HTTPResponse, HTTPClientError>]>([])
        let done = expectation(description: "\(request.method) \(request.url)")
        _ = client.send(request) { result in
            received.update { $0.append(result) }
            done.fulfill()
        }
        wait(for: [done], timeout: 15)
        XCTAssertEqual(received.value.count, 1, "Expected exactly one completion")
        return received.value.first ?? .failure(.transport(description: "no completion"))
    }

    private func get(_ url: URL, headers: [String: String]) -> Result<HTTPResponse, HTTPClientError> {
        send(HTTPRequest(url: url, headers: headers))
    }

    private func makeSUT(
        limits: CurlTransferLimits = .feed,
        allowsLocalFiles: Bool = false,
        bodyFileDirectory: URL? = nil,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> CurlHTTPClient {
        let session = CurlSession(userAgent: "ItemFeed-tests/1.0") { $0() }
        let client = CurlHTTPClient(
            session: session, limits: limits, allowsLocalFiles: allowsLocalFiles, bodyFileDirectory: bodyFileDirectory
        )
        trackForMemoryLeaks(session, file: file, line: line)
        trackForMemoryLeaks(client, file: file, line: line)
        return client
    }

    private func get(_ path: String, client: CurlHTTPClient? = nil) -> Result<HTTPResponse, HTTPClientError> {
        get(server.url(path), client: client)
    }

    private func get(_ url: URL, client: CurlHTTPClient? = nil) -> Result<HTTPResponse, HTTPClientError> {
        let client = client ?? makeSUT()
        let received = LockedBox<[Result<HTTPResponse, HTTPClientError>]>([])
        let done = expectation(description: "GET \(url)")
        _ = client.get(from: url) { result in
            received.update { $0.append(result) }
            done.fulfill()
        }
        wait(for: [done], timeout: 15)
        XCTAssertEqual(received.value.count, 1, "Expected exactly one completion")
        return received.value.first ?? .failure(.transport(description: "no completion"))
    }

    private func makeTemporaryFile(contents: String) throws -> URL {
        try makeTemporaryFile(contents: Data(contents.utf8))
    }

    private func makeTemporaryFile(contents: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-\(UUID().uuidString).json")
        try contents.write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }


    /// The file a body is mapped from; `nil` for one in the heap.
    private func mappedPath(of body: Data) -> String? {
        ProcessMapping.holding(body)?.path
    }

    private func unusedPort() throws -> Int {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private func XCTAssertTransportError(
        _ result: Result<HTTPResponse, HTTPClientError>,
        mentioning word: String,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        guard case let .transport(description)? = result.failure else {
            return XCTFail("Expected a transport error, got \(result)", file: file, line: line)
        }
        XCTAssertTrue(
            word.isEmpty || description.lowercased().contains(word),
            "Expected '\(description)' to mention '\(word)'",
            file: file, line: line
        )
    }
}

private extension Result {
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
