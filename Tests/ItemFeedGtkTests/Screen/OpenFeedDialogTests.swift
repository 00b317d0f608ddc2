import CGtk
import GtkTestKit
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

        let dialog = WidgetQuery(Widget(sut.window))
        try User.type("ftp://example.com/feed", into: dialog.widget(role: .textBox, named: "Feed address"))
        try User.click(dialog.button("Open"))

        XCTAssertEqual(opened, [])
        let problem = try dialog.widget(cssClass: "error")
        XCTAssertTrue(problem.text?.contains("not “ftp:” addresses") == true, problem.description)
        XCTAssertTrue(gtk_widget_get_visible(sut.window) != 0, "Expected the dialog to stay open for a correction")
    }

    @MainActor func test_aUsableAddress_isOpened() async throws {
        try GtkDisplay.require()
        var opened: [URL] = []
        let sut = OpenFeedDialog(parent: nil) { opened.append($0) }
        sut.present()

        let dialog = WidgetQuery(Widget(sut.window))
        try User.type("qiita:swift", into: dialog.widget(role: .textBox, named: "Feed address"))
        try User.click(dialog.button("Open"))

        XCTAssertEqual(opened, [URL(string: "https://qiita.com/api/v2/items?page=1&per_page=20&query=swift")!])
    }
}
