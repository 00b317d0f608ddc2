import Foundation

/// Which address of an `img` (or a `picture`'s `source`) the pane loads:
/// `srcset` read as browsers read it, the lazy-loading attributes pages use
/// in place of `src` (`data-src`, `data-srcset`, `data-lazy-src`,
/// `data-original`), the candidate nearest the column at twice its width
/// (HiDPI screens), since the decoder scales down and never up.
enum PictureSources {
    /// The column's width in device pixels on a 2× screen.
    static let wanted = 1_360

    static func best(_ attributes: [String: String], sources: [String] = [], resolve: (String) -> URL?) -> URL? {
        var candidates: [(url: String, width: Int?, density: Double?)] = []
        for set in [attributes["data-srcset"], attributes["srcset"]] + sources.map(Optional.some) {
            guard let set, candidates.isEmpty else { continue }
            candidates = parse(set)
        }
        if let chosen = choose(candidates).flatMap(resolve) { return chosen }
        for name in ["data-src", "data-lazy-src", "data-original", "data-url", "src"] {
            guard let value = attributes[name], let url = resolve(value) else { continue }
            return url
        }
        return nil
    }

    /// `srcset`'s candidates ("a.jpg 640w, b.jpg 2x"), malformed ones skipped.
    static func parse(_ set: String) -> [(url: String, width: Int?, density: Double?)] {
        set.prefix(8_192).split(separator: ",").prefix(32).compactMap { candidate in
            let parts = candidate.split(whereSeparator: \.isWhitespace)
            guard let url = parts.first, !url.isEmpty else { return nil }
            guard let descriptor = parts.dropFirst().first else { return (String(url), nil, 1) }
            if descriptor.hasSuffix("w"), let width = Int(descriptor.dropLast()), width > 0 { return (String(url), width, nil) }
            if descriptor.hasSuffix("x"), let density = Double(descriptor.dropLast()), density > 0, density.isFinite { return (String(url), nil, density) }
            return nil
        }
    }

    private static func choose(_ candidates: [(url: String, width: Int?, density: Double?)]) -> String? {
        let widths = candidates.compactMap { candidate in candidate.width.map { (candidate.url, $0) } }
        if !widths.isEmpty {
            return (widths.filter { $0.1 >= wanted }.min { $0.1 < $1.1 } ?? widths.max { $0.1 < $1.1 })?.0
        }
        let densities = candidates.compactMap { candidate in candidate.density.map { (candidate.url, $0) } }
        return (densities.filter { $0.1 >= 2 }.min { $0.1 < $1.1 } ?? densities.max { $0.1 < $1.1 })?.0
    }
}
