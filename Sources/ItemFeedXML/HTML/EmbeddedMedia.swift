import Foundation
import ItemFeed

/// What an embedded player is, from its address alone: YouTube, Vimeo,
/// Dailymotion and PeerTube players become the video's own page with the
/// service's thumbnail; any other web address a link card; anything else
/// (`javascript:`, `file:`, `data:`) a placeholder that loads nothing.
enum EmbeddedMedia {
    static func card(for source: String?, title: String?, resolve: (String) -> URL?) -> ArticleMedia {
        let named = title.flatMap { FeedText.clean($0, limit: FeedText.titleLimit) }
        guard let source, let url = resolve(source) else {
            return ArticleMedia(kind: .unavailable, address: nil, title: named ?? tr("Embedded content"))
        }
        let host = (url.host ?? "").lowercased()
        let path = url.path.split(separator: "/").map(String.init)
        func id(after marker: String) -> String? {
            guard let index = path.firstIndex(of: marker), index + 1 < path.count else { return nil }
            let id = path[index + 1]
            return id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } && id.count <= 64 ? id : nil
        }
        if host.hasSuffix("youtube.com") || host.hasSuffix("youtube-nocookie.com"), let video = id(after: "embed") {
            return ArticleMedia(kind: .video, address: URL(string: "https://www.youtube.com/watch?v=\(video)"),
                                poster: URL(string: "https://i.ytimg.com/vi/\(video)/hqdefault.jpg"), title: named ?? tr("YouTube video"))
        }
        if host == "player.vimeo.com", let video = id(after: "video") {
            return ArticleMedia(kind: .video, address: URL(string: "https://vimeo.com/\(video)"), title: named ?? tr("Vimeo video"))
        }
        if host.hasSuffix("dailymotion.com"), path.starts(with: ["embed", "video"]), path.count > 2 {
            return ArticleMedia(kind: .video, address: URL(string: "https://www.dailymotion.com/video/\(path[2])"), title: named ?? tr("Dailymotion video"))
        }
        if path.starts(with: ["videos", "embed"]), let video = id(after: "embed") {
            var page = URLComponents()
            (page.scheme, page.host, page.port, page.path) = (url.scheme, url.host, url.port, "/w/\(video)")
            return ArticleMedia(kind: .video, address: page.url ?? url, title: named ?? tr("Video on {host}", ["host": host]))
        }
        return ArticleMedia(kind: .page, address: url, title: named ?? tr("Embedded page from {host}", ["host": host]))
    }
}
