import CGtk
import Foundation
import ItemFeed
import ItemFeedGLib
@testable import ItemFeedGtk
import ItemFeedTestSupport
import XCTest

/// Copy Link puts the link on the display's real clipboard and says so.
final class DesktopItemLinksTests: AdwTestCase {
    @MainActor func test_copyLink_putsTheLinkOnTheClipboard_andTellsTheUser() async throws {
        let (sut, told) = try makeSUT()

        sut.copyLink(of: makeItem(link: URL(string: "https://example.com/a?b=c")!))

        XCTAssertEqual(try readClipboardText(), "https://example.com/a?b=c")
        XCTAssertEqual(told.notices, ["Link copied"])
    }

    @MainActor func test_anItemWithoutALink_copiesNothing_andSaysNothing() async throws {
        let (sut, told) = try makeSUT()
        sut.copyLink(of: makeItem(link: URL(string: "https://example.com/before")!))

        sut.copyLink(of: makeItem(link: nil))

        XCTAssertEqual(try readClipboardText(), "https://example.com/before")
        XCTAssertEqual(told.notices, ["Link copied"])
    }

    // MARK: Helpers

    @MainActor private func makeSUT() throws -> (DesktopItemLinks, NoticeSpy) {
        try GtkDisplay.require()
        let sut = DesktopItemLinks()
        let told = NoticeSpy()
        sut.notify = { [told] in told.notices.append($0) }
        return (sut, told)
    }

    private final class NoticeSpy {
        var notices: [String] = []
    }

    /// Reads the clipboard as another app would: asynchronously, as text.
    @MainActor private func readClipboardText() throws -> String? {
        let clipboard = gdk_display_get_clipboard(gdk_display_get_default())
        let box = TextBox()
        let callback: GAsyncReadyCallback = { source, result, data in
            let box = Unmanaged<TextBox>.fromOpaque(data!).takeRetainedValue()
            let text = gdk_clipboard_read_text_finish(OpaquePointer(source), result, nil)
            box.text = text.map { String(cString: $0) }
            box.isDone = true
            g_free(text)
        }
        gdk_clipboard_read_text_async(clipboard, nil, callback, Unmanaged.passRetained(box).toOpaque())
        XCTAssertTrue(MainContext.iterate(until: { box.isDone }, timeoutSeconds: 5), "The clipboard never answered")
        return box.text
    }

    private final class TextBox {
        var text: String?
        var isDone = false
    }
}
