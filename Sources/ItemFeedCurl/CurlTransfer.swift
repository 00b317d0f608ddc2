import CCurl
import Foundation
import ItemFeed

/// One request: its libcurl easy handle, the body and headers as they arrive,
/// and the caller's completion.
///
/// The easy handle, body and headers are touched only by the worker thread;
/// the completion and the cancelled flag are shared and sit behind the lock.
final class CurlTransfer: HTTPClientTask, @unchecked Sendable {
    /// The caller's completion, run only inside `deliver`, on the context
    /// the caller chose for it.
    typealias Completion = CompletionInTransit<Result<HTTPResponse, HTTPClientError>>

    let url: URL
    /// Whose connection budget the transfer counts against.
    let host: String
    let requestHeaders: [String: String]
    let method: HTTPRequest.Method
    let requestBody: Data?
    let limits: CurlTransferLimits
    let allowsLocalFile: Bool
    /// Where a body past `FeedBodyFile.maxHeapBytes` goes on arriving;
    /// `nil` keeps every body in the heap.
    let bodyFileDirectory: URL?
    weak var worker: CurlWorker?

    private let lock = NSLock()
    private var completion: Completion?
    private var cancelled = false

    private(set) var easy: UnsafeMutableRawPointer?
    /// The request headers as libcurl keeps them: alive as long as the handle.
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var body = Data()
    private var bodyFile: FeedBodyFile?
    private var bodyFileError: Error?
    private var headers: [String: String] = [:]
    /// The status of the response whose headers are arriving, and those of
    /// the redirects before it.
    private var responseStatus: Int?
    private var redirectStatuses: [Int] = []
    private var exceededLimit = false
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

    init(
        request: HTTPRequest, limits: CurlTransferLimits, allowsLocalFile: Bool,
        bodyFileDirectory: URL? = nil, completion: Completion
    ) {
        let url = request.url
        self.url = url
        host = "\(url.scheme ?? "")://\(url.host ?? ""):\(url.port.map(String.init) ?? "")"
        self.requestHeaders = request.headers
        self.method = request.method
        self.requestBody = request.body
        self.limits = limits
        self.allowsLocalFile = allowsLocalFile
        self.bodyFileDirectory = bodyFileDirectory
        self.completion = completion
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        errorBuffer.deallocate()
    }

    var isCancelled: Bool { lock.withLock { cancelled } }

    func cancel() {
        let wasRunning = lock.withLock {
            defer { cancelled = true; completion = nil }
            return !cancelled
        }
        if wasRunning { worker?.stop(self) }
    }

    /// Runs inside `deliver`: checks for a cancel made on that context.
    func complete(with result: Result<HTTPResponse, HTTPClientError>) {
        let completion = lock.withLock {
            defer { self.completion = nil }
            return self.completion
        }
        completion?.call(result)
    }

    // MARK: Worker thread

    func makeEasyHandle(userAgent: String) -> UnsafeMutableRawPointer? {
        guard let easy = curl_easy_init() else { return nil }
        self.easy = easy
        let protocols = allowsLocalFile ? "file" : "http,https"
        itemfeed_curl_easy_setopt_string(easy, CURLOPT_URL, url.absoluteString)
        itemfeed_curl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, protocols)
        itemfeed_curl_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        itemfeed_curl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1)
        itemfeed_curl_easy_setopt_long(easy, CURLOPT_MAXREDIRS, limits.maxRedirects)
        itemfeed_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT, limits.connectTimeoutSeconds)
        itemfeed_curl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, limits.lowSpeedBytesPerSecond)
        itemfeed_curl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, limits.lowSpeedTimeSeconds)
        itemfeed_curl_easy_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBodyBytes))
        // Empty string: offer every encoding this libcurl decodes (gzip, deflate, br, zstd).
        itemfeed_curl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        itemfeed_curl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
        itemfeed_curl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
        itemfeed_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        itemfeed_curl_easy_setopt_string(easy, CURLOPT_USERAGENT, userAgent)
        itemfeed_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        setMethodAndBody(on: easy)
        // Sorted, so a request is the same bytes each time; values with a
        // line break would be a second header, so they are never sent.
        for (name, value) in requestHeaders.sorted(by: { $0.key < $1.key }) where !(name + value).contains(where: \.isNewline) {
            headerList = curl_slist_append(headerList, "\(name): \(value)")
        }
        if let headerList { itemfeed_curl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        itemfeed_curl_easy_setopt_data_callback(easy, CURLOPT_WRITEFUNCTION, curlWriteBody)
        itemfeed_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, me)
        itemfeed_curl_easy_setopt_data_callback(easy, CURLOPT_HEADERFUNCTION, curlWriteHeader)
        itemfeed_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, me)
        return easy
    }

    /// A body is copied into libcurl, so it outlives nothing of ours; a
    /// redirect after a POST asks the new place with a GET, as browsers do.
    /// libcurl keeps `Authorization` and `Cookie` headers to the first host.
    private func setMethodAndBody(on easy: UnsafeMutableRawPointer) {
        switch method {
        case .get: return
        case .post: itemfeed_curl_easy_setopt_long(easy, CURLOPT_POST, 1)
        case .put, .delete: itemfeed_curl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method.rawValue)
        }
        guard method == .post || requestBody != nil else { return }
        let body = requestBody ?? Data()
        itemfeed_curl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
        // One byte more, so an empty body still has an address to copy from.
        var terminated = body
        terminated.append(0)
        _ = terminated.withUnsafeMutableBytes { bytes in
            itemfeed_curl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, bytes.baseAddress)
        }
    }

    func releaseEasyHandle() {
        guard let easy else { return }
        curl_easy_cleanup(easy)
        self.easy = nil
        curl_slist_free_all(headerList)
        headerList = nil
    }

    /// Returns false to make libcurl abort: the body passed its cap, or
    /// could be kept neither in its file nor in the heap.
    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let received = body.count + (bodyFile?.count ?? 0) + bytes.count
        guard received <= limits.maxBodyBytes else {
            exceededLimit = true
            return false
        }
        if bodyFile == nil, received > FeedBodyFile.maxHeapBytes, let bodyFileDirectory,
           let file = try? FeedBodyFile(in: bodyFileDirectory), (try? body.withUnsafeBytes(file.append)) != nil {
            bodyFile = file
            body = Data()
        }
        if let file = bodyFile {
            do {
                try file.append(bytes)
                return true
            } catch {
                // A full disk costs the memory the file would have saved,
                // not the load.
                bodyFile = nil
                guard let written = try? file.contents() else {
                    bodyFileError = error
                    return false
                }
                body = written
            }
        }
        body.append(contentsOf: bytes)
        return true
    }

    fileprivate func receiveHeader(_ line: String) {
        if line.hasPrefix("HTTP/") {
            // A new response after a redirect or a 1xx: the one before was
            // a redirect if it named where to go.
            if headers["location"] != nil, let status = responseStatus { redirectStatuses.append(status) }
            responseStatus = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        headers[name] = value
    }

    func result(for code: CURLcode) -> Result<HTTPResponse, HTTPClientError> {
        if exceededLimit || code == CURLE_FILESIZE_EXCEEDED {
            return .failure(.bodyTooLarge(limitBytes: limits.maxBodyBytes))
        }
        if let bodyFileError {
            return .failure(.transport(description: bodyFileError.localizedDescription))
        }
        guard code == CURLE_OK, let easy else {
            let detail = String(cString: errorBuffer)
            let summary = String(cString: curl_easy_strerror(code))
            return .failure(.transport(description: detail.isEmpty ? summary : "\(summary): \(detail)"))
        }
        var status = 0
        itemfeed_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        // A local file has no status line; reading it whole is success.
        if status == 0 && allowsLocalFile { status = 200 }
        if let bodyFile {
            self.bodyFile = nil
            do {
                body = try bodyFile.contents()
            } catch {
                return .failure(.transport(description: error.localizedDescription))
            }
        }
        return .success(HTTPResponse(statusCode: status, headers: headers, body: body, permanentAddress: permanentAddress(of: easy)))
    }

    /// The address redirects led to, when each of them was for good.
    private func permanentAddress(of easy: UnsafeMutableRawPointer) -> URL? {
        guard !redirectStatuses.isEmpty, redirectStatuses.allSatisfy({ $0 == 301 || $0 == 308 }) else { return nil }
        var address: UnsafeMutablePointer<CChar>?
        itemfeed_curl_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &address)
        return address.flatMap { URL(string: String(cString: $0)) }
    }
}

private func curlWriteBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?) -> Int {
    guard let data, let user else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
    let length = size * count
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private func curlWriteHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?) -> Int {
    guard let data, let user else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
    let length = size * count
    let bytes = UnsafeRawBufferPointer(start: data, count: length)
    transfer.receiveHeader(String(decoding: bytes, as: UTF8.self))
    return length
}
