import Foundation
import ItemFeed

/// A feed's icon when the feed names none: the icon its site's home page
/// names (`<link rel="icon">`), else the site's `/favicon.ico`. The sidebar
/// asks for the `/favicon.ico` address; the home page beside it is read
/// first, once a run per site, and the icon it names goes through the
/// images' pipeline (and its cache) like any other.
public final class SiteIconLoader<Image> {
    public typealias FindIcon = (HTTPResponse, URL) -> URL?
    public typealias LoadImage = (URL, @escaping (Image?) -> Void) -> ItemImageLoaderTask

    private let pages: HTTPClient
    private let findIcon: FindIcon
    private let loadImage: LoadImage
    /// Each site's icon, once its page answered.
    private var known: [URL: URL] = [:]

    public init(pages: HTTPClient, findIcon: @escaping FindIcon, loadImage: @escaping LoadImage) {
        self.pages = pages
        self.findIcon = findIcon
        self.loadImage = loadImage
    }

    public func load(_ url: URL, completion: @escaping (Image?) -> Void) -> ItemImageLoaderTask {
        guard url.path == "/favicon.ico", url.query == nil, let home = URL(string: "/", relativeTo: url)?.absoluteURL else {
            return loadImage(url, completion)
        }
        if let icon = known[home] { return loadImage(icon, completion) }
        let task = ChainedLoad()
        // The task is held until the page answers, whether or not the caller keeps it.
        task.step = PageStep(pages.get(from: home, headers: [:]) { [weak self] result in
            guard let self, !task.isCancelled else { return }
            let icon = (try? result.get()).flatMap { response in
                (200..<300).contains(response.statusCode) ? findIcon(response, home) : nil
            } ?? url
            known[home] = icon
            task.step = loadImage(icon, completion)
        })
        return task
    }

    /// The page, then the image: cancelling stops whichever is under way.
    private final class ChainedLoad: ItemImageLoaderTask {
        var step: ItemImageLoaderTask?
        private(set) var isCancelled = false

        func cancel() {
            isCancelled = true
            step?.cancel()
        }
    }

    private struct PageStep: ItemImageLoaderTask {
        let transfer: HTTPClientTask
        init(_ transfer: HTTPClientTask) { self.transfer = transfer }
        func cancel() { transfer.cancel() }
    }
}
