import Foundation

/// A podcast's or a video's file attached to an item (RSS `enclosure`, Atom
/// `link rel="enclosure"`, a JSON Feed attachment): what the reader's Play
/// button opens with the desktop's player, and says of it.
public struct Enclosure: Equatable, Sendable, Codable {
    public var url: URL
    public var type: String?
    /// In bytes, when the feed says.
    public var length: Int?
    /// In seconds (`itunes:duration`, `duration_in_seconds`).
    public var duration: TimeInterval?

    public init(url: URL, type: String? = nil, length: Int? = nil, duration: TimeInterval? = nil) {
        self.url = url
        self.type = type
        self.length = length.flatMap { $0 > 0 ? $0 : nil }
        self.duration = duration.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }

    /// Audio or video: played, not read.
    public var isPlayable: Bool {
        let type = type?.lowercased() ?? ""
        return type.hasPrefix("audio/") || type.hasPrefix("video/")
    }

    /// A picture: what a feed server passes on as an item's thumbnail.
    public var isImage: Bool { type?.lowercased().hasPrefix("image/") == true }

    /// `itunes:duration` as feeds write it: seconds, MM:SS or HH:MM:SS.
    public static func duration(_ text: String) -> TimeInterval? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":").map { Double($0) }
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        return parts.reduce(0.0) { $0 * 60 + $1! }
    }
}
