import Foundation

/// A feed body as the server sent it, with what is needed to use it again:
/// the format that read it and the server's validators.
public struct SavedFeed: Equatable, Sendable {
    public var formatID: String
    public var validators: HTTPValidators
    public var body: Data

    public init(formatID: String, validators: HTTPValidators = HTTPValidators(), body: Data) {
        self.formatID = formatID
        self.validators = validators
        self.body = body
    }

    // MARK: File layout: a magic line, a JSON header line, the body.

    /// Version 2 records the body's length: a copy cut short by a full disk
    /// or another program must not map as a shorter feed (a cut JSON body
    /// fails, but a cut RSS body can still read as fewer items).
    static let magic = Data("ItemFeed saved feed 2\n".utf8)
    static let maxHeaderBytes = 16_384

    struct Header: Codable {
        var format: String
        var validators: HTTPValidators
        var length: Int
    }

    /// The magic line and the header line: the body follows them as it is.
    func fileHeader() throws -> Data {
        var header = Self.magic
        header.append(try JSONEncoder().encode(Header(format: formatID, validators: validators, length: body.count)))
        header.append(0x0A)
        return header
    }

    /// The header of a file whose first bytes are `start`, and where its
    /// body begins; `nil` for a file this version did not write.
    static func header(startingWith start: Data) -> (header: Header, bodyOffset: Int)? {
        guard let header = header(in: start), let newline = headerEnd(in: start) else { return nil }
        return (header, newline + 1 - start.startIndex)
    }

    static func header(in contents: Data) -> Header? {
        guard contents.starts(with: magic), let newline = headerEnd(in: contents) else { return nil }
        return try? JSONDecoder().decode(Header.self, from: contents[(contents.startIndex + magic.count)..<newline])
    }

    private static func headerEnd(in contents: Data) -> Data.Index? {
        let start = contents.startIndex + magic.count
        return contents[start..<min(contents.endIndex, start + maxHeaderBytes)].firstIndex(of: 0x0A)
    }
}
