import Foundation
import ItemFeed

/// An item's page fetched and read for its article: the answer's status,
/// type and charset checked, then the readability pass.
public enum PageArticleLoader {
    /// The most a page may weigh: what the pass reads.
    public static let maxPageBytes = PageTree.maxBytes

    /// `completion` on the client's thread; the pass runs there too (the
    /// caller's client answers on a worker, or the command line waits).
    @discardableResult
    public static func load(_ address: URL, client: HTTPClient, completion: @escaping (Result<ReadableArticle, FullArticleError>) -> Void) -> HTTPClientTask {
        client.send(request(address)) { result in
            completion(read(result, address: address))
        }
    }

    public static func request(_ address: URL) -> HTTPRequest {
        HTTPRequest(url: address, headers: ["Accept": "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1"])
    }

    /// What a client answered: the page, or why it gave none.
    public static func read(_ result: Result<HTTPResponse, HTTPClientError>, address: URL) -> Result<ReadableArticle, FullArticleError> {
        result.mapError(Self.error).flatMap { read($0, address: address) }
    }

    /// A page as the server answered it.
    public static func read(_ response: HTTPResponse, address: URL) -> Result<ReadableArticle, FullArticleError> {
        guard (200..<300).contains(response.statusCode) else { return .failure(.http(status: response.statusCode)) }
        let type = response.headers["content-type"].map { $0.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard type.isEmpty || type == "text/html" || type == "application/xhtml+xml" || type == "text/plain" && looksLikeHTML(response.body) else {
            return .failure(.notHTML(contentType: type))
        }
        return read(response.body, address: response.permanentAddress ?? address, encoding: charset(response.headers["content-type"]))
    }

    /// A page's bytes (a file, or an answer).
    public static func read(_ data: Data, address: URL, encoding: String? = nil) -> Result<ReadableArticle, FullArticleError> {
        do {
            return .success(try Readability.article(from: data, address: address, encoding: encoding))
        } catch ReadabilityError.tooLarge {
            return .failure(.tooLarge)
        } catch ReadabilityError.notHTML {
            return .failure(.notHTML(contentType: "?"))
        } catch {
            return .failure(.noArticle)
        }
    }

    private static func error(_ error: HTTPClientError) -> FullArticleError {
        switch error {
        case .bodyTooLarge: .tooLarge
        case let .transport(description): .unreachable(reason: description)
        }
    }

    private static func charset(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "charset" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                return value.isEmpty || value.count > 40 ? nil : value
            }
        }
        return nil
    }

    private static func looksLikeHTML(_ body: Data) -> Bool {
        String(decoding: body.prefix(1_024), as: UTF8.self).lowercased().contains("<html")
    }
}
