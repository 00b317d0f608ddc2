import CXML
import Foundation
import ItemFeed

/// libxml2's streaming reader over one in-memory document, with the options
/// a document from the network needs: no network, no DTD loading, no entity
/// substitution, no external entities at all, and a document that declares
/// its own entities refused before any is used (the "billion laughs" and
/// external-entity attacks both need a declaration). Nodes are freed as the
/// reader moves on, so a big feed is not held twice.
///
/// A document that is not well-formed can be read again `recovering`: parsed
/// whole by libxml2's recovery into a tree (its streaming reader gives up at
/// the first error, recovering or not), then walked with the same calls;
/// its first error is kept as the feed's `problem`.
final class XMLReader {
    enum NodeType: Int32 {
        case element = 1, text = 3, cdata = 4, entityReference = 5, documentType = 10
        case whitespace = 13, significantWhitespace = 14, endElement = 15
    }

    private let reader: xmlTextReaderPtr
    private let errors = ErrorRecorder()
    /// Set when the last call already moved past the current node.
    private var hasMoved = false
    private let refusesEntityDeclarations: Bool
    /// Set for a tree parsed by libxml2's recovery: errors are notes then.
    private let isRecovered: Bool
    private let documentAddress: String
    /// The document's bytes, which libxml2 reads in place for as long as the
    /// reader lives, and how far they have been given back
    /// (`giveBackWhatWasRead`). A `Data` of up to 14 bytes holds them inline
    /// and lends them from a copy on the stack that is gone once
    /// `withUnsafeBytes` returns, so a tiny document is copied into memory
    /// of the reader's own; a bigger one is read in its `Data`'s own heap or
    /// mapped storage, kept alive here.
    private let data: Data
    private let bytes: UnsafeRawBufferPointer
    private var ownsBytes: Bool { data.count <= Self.maxCopiedBytes }
    private var reading: FeedBodyFile.Reading
    private var readsUntilGiveBack = XMLReader.readsBetweenGiveBacks

    /// `refusesEntityDeclarations: false` only to peek at the root element:
    /// nothing is expanded either way, and the full read refuses them.
    init(body: XMLBody, url: URL, refusesEntityDeclarations: Bool = true, recovering: Bool = false) throws {
        self.refusesEntityDeclarations = refusesEntityDeclarations
        isRecovered = recovering
        let documentAddress = url.absoluteString
        self.documentAddress = documentAddress
        XMLLibrary.prepare()
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOWARNING.rawValue
        let data = body.data
        self.data = data
        let ownsBytes = data.count <= Self.maxCopiedBytes
        let bytes = ownsBytes ? UnsafeRawBufferPointer(Self.copy(data)) : data.withUnsafeBytes { $0 }
        self.bytes = bytes
        reading = FeedBodyFile.Reading(bytes)
        let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        // What libxml2 says while it opens the document (an encoding it
        // cannot read) comes here, not to the terminal.
        let reader = XMLLibrary.reportingErrors(to: errors) { () -> xmlTextReaderPtr? in
            if recovering {
                let recovery = Int32(options | XML_PARSE_RECOVER.rawValue)
                guard let tree = xmlReadMemory(start, Int32(clamping: bytes.count), documentAddress, body.encoding, recovery) else { return nil }
                // The walker's tree is freed with it (`deinit`); without one, here.
                guard let walker = xmlReaderWalker(tree) else {
                    xmlFreeDoc(tree)
                    return nil
                }
                return walker
            }
            return xmlReaderForMemory(start, Int32(clamping: bytes.count), documentAddress, body.encoding, Int32(options))
        }
        guard let reader else {
            if ownsBytes { bytes.deallocate() }
            throw RemoteLoadError.malformedFeed(reason: errors.first ?? "the document could not be opened")
        }
        self.reader = reader
        // A tree's walker parses nothing more, and has no parser context
        // to take a handler (libxml2 would dereference none).
        guard !recovering else { return }
        xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
            guard let context, let error else { return }
            Unmanaged<ErrorRecorder>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
        }, Unmanaged.passUnretained(errors).toOpaque())
    }

    deinit {
        // Asking for the document (`document`) makes it the caller's to
        // free: without this, every feed read left its document and
        // dictionary behind (5.5 KB a load, found by `make fuzz`). Freed
        // after the reader, which no longer touches it; the document holds
        // its own reference to the dictionary.
        let document = xmlTextReaderCurrentDoc(reader)
        xmlFreeTextReader(reader)
        if let document { xmlFreeDoc(document) }
        if ownsBytes { bytes.deallocate() } else { FeedBodyFile.giveBack(bytes) }
    }

    /// Past the 14 inline bytes, with room to spare.
    private static let maxCopiedBytes = 64

    private static func copy(_ data: Data) -> UnsafeMutableRawBufferPointer {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 1)
        data.copyBytes(to: copy.bindMemory(to: UInt8.self), count: data.count)
        return UnsafeMutableRawBufferPointer(rebasing: copy[..<data.count])
    }

    /// Moves to the next node; `false` at the end of the document. Throws
    /// for a document that is not well-formed or declares entities.
    func read() throws -> Bool {
        readsUntilGiveBack -= 1
        if readsUntilGiveBack == 0 { giveBackWhatWasRead() }
        if hasMoved {
            hasMoved = false
            return try check(1)
        }
        return try check(xmlTextReaderRead(reader))
    }

    /// A big feed's body is mapped from a file (`FeedBodyFile`): the pages
    /// libxml2 has parsed past are given back, as the JSON formats do, so a
    /// 32 MiB RSS feed is not all resident by its last item. A page touched
    /// again is read again, so the margin behind the parser is only thrift.
    private func giveBackWhatWasRead() {
        readsUntilGiveBack = Self.readsBetweenGiveBacks
        reading.passed(Int(xmlTextReaderByteConsumed(reader)) - Self.giveBackMargin)
    }

    /// Asking libxml2 how far it has read re-encodes its buffer for a
    /// document not in UTF-8, so it is asked every few thousand nodes only.
    private static let readsBetweenGiveBacks = 4096
    private static let giveBackMargin = 64 * 1024

    /// The text of the current element and its descendants, read as its
    /// text nodes stream past, leaving the reader on its end; the next
    /// `read` returns the node after it. Streamed rather than
    /// `xmlTextReaderReadString`, which builds the element's subtree first:
    /// that was a quarter of the time mapping an RSS feed took.
    func readText() throws -> String {
        guard !isEmptyElement else { return "" }
        let elementDepth = depth
        var text: String?
        var more: [UInt8] = []
        while try check(xmlTextReaderRead(reader)) {
            switch nodeType {
            case .endElement where depth == elementDepth:
                return more.isEmpty ? text ?? "" : (text ?? "") + String(decoding: more, as: UTF8.self)
            case .text, .cdata, .whitespace, .significantWhitespace:
                guard let value = xmlTextReaderConstValue(reader) else { continue }
                if text == nil {
                    text = String(cString: value)
                } else {
                    more.append(contentsOf: UnsafeBufferPointer(start: value, count: strlen(value)))
                }
            default:
                continue
            }
        }
        return text ?? ""
    }

    /// The current element's content as markup (Atom's `xhtml`), then
    /// moves past it.
    func readInnerMarkup() throws -> String {
        let markup = take(xmlTextReaderReadInnerXml(reader))
        try skipSubtree()
        return markup
    }

    private func skipSubtree() throws {
        if isEmptyElement { return }
        let result = xmlTextReaderNext(reader)
        _ = try check(result)
        hasMoved = result == 1
    }

    var nodeType: NodeType? { NodeType(rawValue: xmlTextReaderNodeType(reader)) }
    var localName: String { string(xmlTextReaderConstLocalName(reader)) }

    /// The current element's namespace. Feeds use a handful, so each is
    /// kept as a string and found again by its bytes: asking libxml2 for it
    /// looks it up in the document's dictionary, and each answer became a
    /// new string (for every Media RSS or Dublin Core element).
    var namespace: String {
        guard let node = xmlTextReaderCurrentNode(reader), node.pointee.type == XML_ELEMENT_NODE else {
            return string(xmlTextReaderConstNamespaceUri(reader))
        }
        guard let uri = node.pointee.ns?.pointee.href else { return "" }
        for known in namespaces where known.bytes.withUnsafeBufferPointer({ xmlStrEqual($0.baseAddress, uri) == 1 }) {
            return known.string
        }
        let string = String(cString: uri)
        // Past a few, each is made a string every time instead: a document
        // declaring thousands does not grow this list.
        if namespaces.count < 16 {
            namespaces.append((ContiguousArray(UnsafeBufferPointer(start: uri, count: Int(xmlStrlen(uri)) + 1)), string))
        }
        return string
    }

    /// Each with its closing zero, for `xmlStrEqual`.
    private var namespaces: [(bytes: ContiguousArray<xmlChar>, string: String)] = []

    var depth: Int { Int(xmlTextReaderDepth(reader)) }
    var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }
    /// An `xml:base` in force here; `nil` where the document's own address
    /// is the base (nearly always), so no URL is made for it.
    var baseURL: URL? {
        let base = string(xmlTextReaderConstBaseUri(reader))
        return base == documentAddress ? nil : URL(string: base)
    }

    /// An attribute without a namespace.
    func attribute(_ name: String) -> String? {
        guard xmlTextReaderMoveToAttribute(reader, name) == 1 else { return nil }
        defer { xmlTextReaderMoveToElement(reader) }
        return string(xmlTextReaderConstValue(reader))
    }

    /// An attribute in a namespace (RSS 1.0's `rdf:about`).
    func attribute(_ name: String, namespace: String) -> String? {
        guard xmlTextReaderMoveToAttributeNs(reader, name, namespace) == 1 else { return nil }
        defer { xmlTextReaderMoveToElement(reader) }
        return string(xmlTextReaderConstValue(reader))
    }

    /// What libxml2's recovery passed over, for a recovered document: its
    /// first error, as a line a user can read.
    var problem: String? { isRecovered ? errors.first : nil }

    /// Whether the document declares entities of its own, which it is
    /// refused for (and which no recovery may read past).
    var refusesItsEntities: Bool { refusesEntityDeclarations && declaresEntities }

    private func check(_ result: Int32) throws -> Bool {
        // Before libxml2's own complaint about what an entity does: the
        // declaration is the reason, and says so more clearly.
        if refusesEntityDeclarations, declaresEntities {
            throw RemoteLoadError.malformedFeed(reason: "it declares its own XML entities, which ItemFeed does not expand")
        }
        if !isRecovered, let reason = errors.first, refusesEntityDeclarations || result < 0 {
            throw RemoteLoadError.malformedFeed(reason: reason)
        }
        if result < 0 { throw RemoteLoadError.malformedFeed(reason: "the XML is not well-formed") }
        return result == 1
    }

    /// The root element's name as the doctype gives it, once the doctype
    /// has begun (even if its declarations then stopped the parse).
    var doctypeName: String? {
        document?.pointee.intSubset?.pointee.name.map { String(cString: $0) }
    }

    private var declaresEntities: Bool {
        guard let subset = document?.pointee.intSubset?.pointee else { return false }
        return subset.entities != nil || subset.pentities != nil
    }

    /// The document being streamed, for its doctype. libxml2 then leaves
    /// freeing it to us (see `deinit`).
    private var document: xmlDocPtr? { xmlTextReaderCurrentDoc(reader) }

    private func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private func take(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        defer { itemfeed_xml_free(pointer) }
        return String(cString: pointer)
    }
}
