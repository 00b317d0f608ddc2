import CGtk
import Foundation
import ItemFeedGLib
@testable import ItemFeedGtk
import XCTest

/// SPEC 9.4: the Open Feed dialog explains an address it cannot use and
/// stays open; a usable one is opened and the dialog closes.
final class OpenFeedDialogTests: AdwTestCase {
    @MainActor func test_anAddressItCannotUse_isExplainedInTheDialog_whichStaysOpen() async throws {
        try GtkDisplay.require()
        var opened: [URL] = []
        let sut = OpenFeedDialog(parent: nil) { opened.append($0) }
        sut.present()
        addTeardownBlock { @MainActor in gtk_window_destroy(itemfeed_window(sut.window)) }

        gtk_editable_set_text(itemfeed_editable(sut.entry), "ftp://example.com/feed")
        gtk_widget_activate(sut.openButton)
        // A button's activation clicks it after its pressed look, on a timer.
        _ = MainContext.iterate(until: { !sut.problemText.isEmpty }, timeoutSeconds: 2)

        XCTAssertEqual(opened, [])
        XCTAssertTrue(sut.problemText.contains("not “ftp:” addresses"), sut.problemText)
        XCTAssertTrue(gtk_widget_get_visible(sut.window) != 0, "Expected the dialog to stay open for a correction")
    }

    @MainActor func test_aUsableAddress_isOpened() async throws {
        try GtkDisplay.require()
        var opened: [URL] = []
        let sut = OpenFeedDialog(parent: nil) { opened.append($0) }
        sut.present()

        gtk_editable_set_text(itemfeed_editable(sut.entry), "qiita:swift")
        gtk_widget_activate(sut.openButton)
        _ = MainContext.iterate(until: { !opened.isEmpty }, timeoutSeconds: 2)

        XCTAssertEqual(opened, [URL(string: "https://qiita.com/api/v2/items?page=1&per_page=20&query=swift")!])
        XCTAssertEqual(sut.problemText, "")
    }
}
