import Foundation
import ItemFeed
import ItemFeedTestSupport
import ItemFeedUI
import XCTest

/// One Rename, Copy Address, Mark All as Read and Remove for a feed, an
/// account's feed and a saved view: what each asks, does, says and undoes,
/// with no window.
@MainActor
final class RowCommandsTests: XCTestCase {
    private let feed = RowSubject.feed(Subscription(address: LibrarySpecData.tech, title: "Tech"))
    private let accountFeed = RowSubject.accountFeed(
        SyncAccount(id: 2, service: .example, address: URL(string: "https://rss.example/")!, userName: "ann"),
        AccountFeed(id: "feed/9", title: "Server Feed", address: URL(string: "https://site.example/feed")!)
    )
    private let savedView = RowSubject.savedView(SavedView(id: 7, name: "Swift", query: "swift"))

    func test_rename_asksWithTheCurrentName_andRenamesTrimmed_whateverTheRow() async {
        let (commands, screen, acts) = make()

        commands.rename(feed)
        commands.rename(accountFeed)
        commands.rename(savedView)

        XCTAssertEqual(screen.questions.map(\.heading), ["Rename Feed", "Rename Feed", "Rename View"])
        XCTAssertEqual(screen.questions.map(\.text), ["Tech", "Server Feed", "Swift"])
        XCTAssertEqual(screen.questions.map(\.body), ["https://tech.example/feed.xml", "https://site.example/feed", "swift"])
        screen.answer(0, "  Tech News \n")
        screen.answer(1, "   ")
        screen.answer(2, String(repeating: "v", count: 500))
        XCTAssertEqual(acts.renamed.map(\.0), [feed, savedView], "an empty name renames nothing")
        XCTAssertEqual(acts.renamed.map(\.1.count), [9, FeedText.nameLimit])
        XCTAssertEqual(acts.renamed.first?.1, "Tech News")
    }

    func test_aRefusedRename_saysWhy() async {
        let (commands, screen, acts) = make()
        acts.failure = LibraryError.notSubscribed(LibrarySpecData.tech)

        commands.rename(feed)
        screen.answer(0, "New")

        XCTAssertEqual(screen.notices, ["https://tech.example/feed.xml is not in the library"])
    }

    func test_copyAddress_copiesAFeedsAddress_andSaysSo_aViewHasNone() async {
        let (commands, screen, _) = make()

        commands.copyAddress(accountFeed)
        commands.copyAddress(savedView)

        XCTAssertEqual(screen.copied, ["https://site.example/feed"])
        XCTAssertEqual(screen.notices, ["Address copied"])
    }

    func test_markAllRead_marksTheRowsView_andUndoMarksExactlyThoseUnread() async {
        let (commands, screen, acts) = make()
        acts.marked = [[3, 5], []]

        commands.markAllRead(accountFeed)
        commands.markAllRead(savedView)

        XCTAssertEqual(acts.changes, [.allRead(LibraryView(.feed(FeedID(account: 2, id: "feed/9")))), .allRead(LibraryView(.query("swift")))])
        XCTAssertEqual(screen.undoOffers.map(\.0), ["2 items marked as read"], "nothing marked: no Undo")
        screen.undoOffers[0].1()
        XCTAssertEqual(acts.changes.last, .read(false, [3, 5]))
    }

    func test_remove_offersUndoWhereItCanBePutBack_andSaysWhereItCannot() async {
        let (commands, screen, acts) = make()

        commands.remove(feed)
        commands.remove(accountFeed)
        commands.remove(savedView)

        XCTAssertEqual(acts.removed, [feed, accountFeed, savedView])
        XCTAssertEqual(screen.undoOffers.map(\.0), ["Unsubscribed from Tech", "Removed the view Swift"])
        XCTAssertEqual(screen.notices, ["Unsubscribed from Server Feed (on ann@rss.example at the next sync)"])
        screen.undoOffers[1].1()
        XCTAssertEqual(acts.restored, [savedView])
    }

    func test_move_asksForAFolder_namingTheLibrarysFolders_andMovesTrimmed_emptyForNone() async {
        let (commands, screen, acts) = make()
        acts.folders = ["Work", "News"]
        let filed = RowSubject.feed(Subscription(address: LibrarySpecData.tech, title: "Tech", folder: "Work"))

        commands.run(.move, on: filed)
        commands.run(.move, on: feed)
        commands.run(.move, on: savedView)

        XCTAssertEqual(screen.questions.map(\.heading), ["Move to Folder", "Move to Folder"], "a view is in no folder")
        XCTAssertEqual(screen.questions.map(\.text), ["Work", ""])
        XCTAssertEqual(screen.questions.first?.body, "Folders: Work, News. Leave it empty for none.")
        screen.answer(0, "  ")
        screen.answer(1, " Reading \n")
        XCTAssertEqual(acts.moved.map(\.0), [filed, feed])
        XCTAssertEqual(acts.moved.map(\.1), [nil, "Reading"])
    }

    func test_fullArticles_turnsTheRowsSettingTheOtherWay_andARefusalSaysWhy() async {
        let (commands, screen, acts) = make()
        let fetching = RowSubject.feed(Subscription(address: LibrarySpecData.tech, title: "Tech", fetchesFullArticles: true))

        commands.run(.fullArticles, on: feed)
        commands.run(.fullArticles, on: fetching)
        commands.run(.fullArticles, on: accountFeed)
        XCTAssertEqual(acts.fullArticles.map(\.1), [true, false, true])
        XCTAssertEqual(acts.fullArticles.map(\.0), [feed, fetching, accountFeed])

        acts.failure = LibraryError.notSubscribed(LibrarySpecData.tech)
        commands.run(.fullArticles, on: feed)
        XCTAssertEqual(screen.notices, ["https://tech.example/feed.xml is not in the library"])
    }

    func test_editView_asksWithItsSearch_andKeepsTheNewOne() async {
        let (commands, screen, acts) = make()

        commands.run(.editView, on: savedView)
        commands.run(.editView, on: feed)
        XCTAssertEqual(screen.questions, [TextRequest(heading: "Edit Search", body: "Swift", text: "swift", accept: "_Save")], "a feed has no search")
        screen.answer(0, "  ")
        XCTAssertEqual(acts.searches.count, 0, "an empty search changes nothing")
        commands.run(.editView, on: savedView)
        screen.answer(1, " swift OR rust ")
        XCTAssertEqual(acts.searches.first?.1, "swift OR rust")
    }

    func test_eachCommand_reachesItsAct_whateverTheRow() async {
        let (commands, screen, acts) = make()

        commands.run(.refresh, on: accountFeed)
        commands.run(.markAllRead, on: feed)
        commands.run(.unsubscribe, on: feed)
        commands.run(.removeView, on: savedView)
        commands.run(.copyAddress, on: feed)
        commands.run(.rename, on: feed)

        XCTAssertEqual(acts.refreshed, [accountFeed])
        XCTAssertEqual(acts.changes, [.allRead(LibraryView(.feed(LibrarySpecData.tech)))])
        XCTAssertEqual(acts.removed, [feed, savedView])
        XCTAssertEqual(screen.copied, ["https://tech.example/feed.xml"])
        XCTAssertEqual(screen.questions.map(\.heading), ["Rename Feed"])
    }

    private func make() -> (RowCommands, RecordingScreen, RecordingActs) {
        let screen = RecordingScreen()
        let acts = RecordingActs()
        return (RowCommands(screen: screen, acts: acts), screen, acts)
    }
}

/// The screen's side of a command, recorded; questions answered by the test.
@MainActor
private final class RecordingScreen: CommandScreen {
    private(set) var questions: [TextRequest] = []
    private var answers: [@MainActor (String) -> Void] = []
    private(set) var copied: [String] = []
    private(set) var notices: [String] = []
    private(set) var undoOffers: [(String, @MainActor () -> Void)] = []

    func ask(_ question: TextRequest, answered: @escaping @MainActor (String) -> Void) {
        questions.append(question)
        answers.append(answered)
    }

    func answer(_ index: Int, _ text: String) { answers[index](text) }
    func copy(_ text: String) { copied.append(text) }
    func notify(_ message: String) { notices.append(message) }
    func offerUndo(_ message: String, undo: @escaping @MainActor () -> Void) { undoOffers.append((message, undo)) }
}

/// Acts recorded, answered at once; an account's feed cannot be put back.
@MainActor
private final class RecordingActs: RowActs {
    var failure: Error?
    var marked: [[LibraryItem.Key]] = []
    private(set) var renamed: [(RowSubject, String)] = []
    private(set) var changes: [MarkChange] = []
    private(set) var removed: [RowSubject] = []
    private(set) var restored: [RowSubject] = []

    func rename(_ subject: RowSubject, to name: String, done: @escaping @MainActor (Result<Void, Error>) -> Void) {
        if let failure { return done(.failure(failure)) }
        renamed.append((subject, name))
        done(.success(()))
    }

    func mark(_ change: MarkChange, done: @escaping @MainActor (Result<[LibraryItem.Key], Error>) -> Void) {
        changes.append(change)
        done(.success(marked.isEmpty ? [] : marked.removeFirst()))
    }

    var folders: [String] = []
    private(set) var moved: [(RowSubject, String?)] = []
    private(set) var fullArticles: [(RowSubject, Bool)] = []
    private(set) var searches: [(SavedView, String)] = []
    private(set) var refreshed: [RowSubject] = []

    func refresh(_ subject: RowSubject) {
        refreshed.append(subject)
    }

    func move(_ subject: RowSubject, toFolder folder: String?, done: @escaping @MainActor (Result<Void, Error>) -> Void) {
        moved.append((subject, folder))
        done(failure.map { .failure($0) } ?? .success(()))
    }

    func setFetchesFullArticles(_ fetches: Bool, for subject: RowSubject, done: @escaping @MainActor (Result<Void, Error>) -> Void) {
        if let failure { return done(.failure(failure)) }
        fullArticles.append((subject, fetches))
        done(.success(()))
    }

    func changeSearch(of saved: SavedView, to query: String, done: @escaping @MainActor (Result<Void, Error>) -> Void) {
        searches.append((saved, query))
        done(failure.map { .failure($0) } ?? .success(()))
    }

    func remove(_ subject: RowSubject, done: @escaping @MainActor (Result<RowRestore?, Error>) -> Void) {
        removed.append(subject)
        if case .accountFeed = subject { return done(.success(nil)) }
        done(.success({ [weak self] restoredDone in
            self?.restored.append(subject)
            restoredDone(.success(()))
        }))
    }
}
