import Foundation
import ItemFeed

/// Pictures and what is embedded: an `img` becomes a picture of its best
/// source, an `iframe`, `embed` or `object` a card at once, a `video` or
/// `audio` a card once its `source` children are read.
extension ArticleBuilder {
    func addPicture(_ attributes: [String: String]) {
        let alternative = FeedText.clean(attributes["alt"] ?? attributes["title"] ?? "", limit: FeedText.titleLimit) ?? ""
        guard let source = PictureSources.best(attributes, sources: pictureSources ?? [], resolve: webAddress) else {
            // A picture that cannot be loaded keeps its description.
            if !alternative.isEmpty {
                startBlock(.paragraph)
                frame.block?.runs = [ArticleRun(alternative, style: .italic)]
                endBlock()
            }
            return
        }
        func size(_ name: String) -> Int { min(max(attributes[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0, 0), 100_000) }
        endBlock()
        add(ArticleBlock(kind: .image(source: source, alternative: alternative, width: size("width"), height: size("height")),
                         quoteDepth: min(frame.quoteDepth, Self.maxDepth)))
    }

    func startEmbed(_ name: String, attributes: [String: String]) {
        switch name {
        case "iframe", "frame", "embed":
            addCard(EmbeddedMedia.card(for: attributes["src"] ?? attributes["data-src"], title: attributes["title"] ?? attributes["aria-label"], resolve: webAddress))
        case "object":
            addCard(EmbeddedMedia.card(for: attributes["data"], title: attributes["title"] ?? attributes["aria-label"], resolve: webAddress))
        case "video", "audio":
            pendingMedia = (name == "video" ? .video : .audio, attributes["src"].map { [$0] } ?? [], attributes["poster"], attributes["title"] ?? attributes["aria-label"])
        default:
            break
        }
    }

    func endEmbed(_ name: String) {
        guard name == "video" || name == "audio", let media = pendingMedia else { return }
        pendingMedia = nil
        let address = media.sources.lazy.compactMap(webAddress).first
        let title = media.title.flatMap { FeedText.clean($0, limit: FeedText.titleLimit) }
            ?? address.map { $0.lastPathComponent.isEmpty ? ($0.host ?? "") : $0.lastPathComponent } ?? ""
        let fallback = media.kind == .video ? tr("Video") : tr("Audio")
        addCard(ArticleMedia(kind: address == nil ? .unavailable : media.kind, address: address,
                             poster: media.poster.flatMap(webAddress), title: title.isEmpty ? fallback : title))
    }

    private func addCard(_ media: ArticleMedia) {
        endBlock()
        add(ArticleBlock(kind: .media(media), quoteDepth: min(frame.quoteDepth, Self.maxDepth)))
    }
}
