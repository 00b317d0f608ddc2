import CLibc
import Foundation
import ItemFeed
import ItemFeedTestSupport
import XCTest

extension Translation {
    /// Makes gettext look messages up again after `LANGUAGE` changed in a
    /// running process. glibc keeps each translation it found keyed by the
    /// locale, not by `LANGUAGE`, and any `textdomain` call is what empties
    /// that cache.
    static func languageChanged() {
        textdomain(textdomain(nil))
    }
}

/// SPEC 10: messages through gettext, with the Japanese catalogue ItemFeed
/// ships, compiled here from `po/ja.po` as `make install` compiles it.
final class TranslationTests: XCTestCase {
    func test_withTheJapaneseCatalogue_messagesPlaceholdersAndPluralsAreJapanese() throws {
        try inJapanese {
            XCTAssertEqual(tr("Reload"), "再読み込み")
            XCTAssertEqual(tr("Nothing in this feed matches “{query}”.", ["query": "swift"]), "このフィードには “swift” に一致するものがありません。")
            XCTAssertEqual(trPlural("{count} like", "{count} likes", 12, ["count": "12"]), "いいね 12 件")
            XCTAssertEqual(FeedError.noItems.errorDescription, "フィードにアイテムがありません。")
            XCTAssertEqual(RemoteLoadError.server(statusCode: 503).errorDescription, "サーバーで問題が発生しました (HTTP 503)。しばらくしてからもう一度お試しください。")
        }
    }

    func test_aMessageWithoutTranslation_staysEnglish_withItsValues() throws {
        try inJapanese {
            XCTAssertEqual(tr("A message no catalogue has, for {name}", ["name": "Ana"]), "A message no catalogue has, for Ana")
        }
    }

    func test_values_fillTheirPlaces_once_andAreNotReadAgain() {
        XCTAssertEqual(tr("{a} and {b}, {a}", ["a": "{b}", "b": "two"]), "{b} and two, {b}")
        XCTAssertEqual(tr("{ {a} {unknown} {", ["a": "x"]), "{ x {unknown} {")
        XCTAssertEqual(tr("日本語 {name}", ["name": "名前"]), "日本語 名前")
    }

    func test_withoutALanguage_messagesAreTheEnglishOriginals() {
        XCTAssertEqual(tr("Reload"), "Reload")
        XCTAssertEqual(trPlural("{count} like", "{count} likes", 1, ["count": "1"]), "1 like")
        XCTAssertEqual(trPlural("{count} like", "{count} likes", 2, ["count": "2"]), "2 likes")
    }

    func test_locale_isTheFirstLanguageGettextIsAskedFor_elseTheProcessLocale() {
        XCTAssertEqual(Translation.locale(environment: ["LANGUAGE": "ja:en"]).identifier, "ja")
        XCTAssertEqual(Translation.locale(environment: ["LANGUAGE": ""]), .current)
        XCTAssertEqual(Translation.locale(environment: [:]), .current)
    }

    // MARK: Helpers

    /// `LANGUAGE=ja` with the catalogue compiled from the repository's
    /// `po/ja.po`; gettext honours `LANGUAGE` only outside the "C" locale.
    private func inJapanese(_ body: () throws -> Void) throws {
        let catalogues = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        let messages = catalogues.appendingPathComponent("ja/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: catalogues) }
        let po = repositoryFile("po/ja.po")
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        msgfmt.arguments = ["msgfmt", "--output-file", messages.appendingPathComponent("item-feed.mo").path, po.path]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        XCTAssertEqual(msgfmt.terminationStatus, 0, "msgfmt failed on \(po.path) (make test installs gettext)")

        Translation.use(catalogueDirectory: catalogues)
        let previousLocale = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        setlocale(LC_MESSAGES, "C.UTF-8")
        setenv("LANGUAGE", "ja", 1)
        Translation.languageChanged()
        defer {
            unsetenv("LANGUAGE")
            setlocale(LC_MESSAGES, previousLocale)
            // Without this the Japanese stayed for every later test once
            // GTK had set a locale.
            Translation.languageChanged()
        }
        try body()
    }
}
