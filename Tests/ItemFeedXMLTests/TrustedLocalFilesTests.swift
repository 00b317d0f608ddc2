import Foundation
@testable import ItemFeedXML
import XCTest

/// libxml2 reads no file for a document, except those of the folders the
/// application trusts for the libraries sharing it (GtkSourceView's
/// language definitions); nothing reaches outside them.
final class TrustedLocalFilesTests: XCTestCase {
    func test_onlyFilesInsideATrustedFolder_areRead_neverThroughDotDotOrEscapes() {
        XMLLibrary.trustLocalFiles(under: ["/usr/share/gtksourceview-5/", "relative/folder", "/opt/../etc"])

        XCTAssertEqual(XMLLibrary.trustedPath("/usr/share//gtksourceview-5/language-specs/language2.rng"), "/usr/share/gtksourceview-5/language-specs/language2.rng")
        XCTAssertEqual(XMLLibrary.trustedPath("file:///usr/share/gtksourceview-5/language-specs/def.lang"), "/usr/share/gtksourceview-5/language-specs/def.lang")
        for refused in ["/etc/passwd", "file:///etc/passwd", "/usr/share/gtksourceview-5/../../../etc/passwd", "/usr/share/gtksourceview-5%2F..%2F..%2Fetc/passwd",
                        "/usr/share/gtksourceview-50/x", "relative/folder/x", "/etc/hosts", "http://example.org/x.dtd", ""] {
            XCTAssertNil(XMLLibrary.trustedPath(refused), refused)
        }
    }
}
