import Foundation

/// Reads an HTTP `Link` header (RFC 8288): `<url>; rel="next", <url>; rel="last"`.
enum LinkHeader {
    /// The target of the first link whose `rel` lists `relation`.
    static func target(ofRelation relation: String, in header: String) -> String? {
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = rest[rest.index(after: open)..<close]
            let parametersEnd = rest[close...].dropFirst().firstIndex(of: "<") ?? rest.endIndex
            let parameters = rest[rest.index(after: close)..<parametersEnd]
            for parameter in parameters.split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                let values = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\",")).lowercased().split(separator: " ")
                if values.contains(Substring(relation)) { return String(target) }
            }
            rest = rest[parametersEnd...]
        }
        return nil
    }
}
