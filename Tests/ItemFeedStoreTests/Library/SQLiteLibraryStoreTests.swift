import ItemFeed
import ItemFeedStore
import ItemFeedTestSupport
import XCTest

/// The SQLite store against the library's behaviour suite, each test on a
/// new file in a temporary folder.
final class SQLiteLibraryStoreTests: XCTestCase, LibraryStoreSpecs {
    func test_subscriptions_areEmptyInANewLibrary() throws {
        try assertThatSubscriptionsAreEmptyInANewLibrary(on: makeStore())
    }

    func test_subscribe_addsOnceAndKeepsTheFirst() throws {
        try assertThatSubscribeAddsOnceAndKeepsTheFirst(on: makeStore())
    }

    func test_subscribeWithItsFirstLoad_storesEverythingItBroughtAtOnce() throws {
        try assertThatSubscribeWithItsFirstLoadStoresEverythingItBroughtAtOnce(on: makeStore())
    }

    func test_changing_makesAllOfItOrNone() throws {
        try assertThatChangingMakesAllOfItOrNone(on: makeStore())
    }

    func test_subscriptions_listFoldersFirstThenByTitle() throws {
        try assertThatSubscriptionsListFoldersFirstThenByTitle(on: makeStore())
    }

    func test_add_takesManyAndEmptyFoldersAtOnce() throws {
        try assertThatAddTakesManyAndEmptyFoldersAtOnce(on: makeStore())
    }

    func test_unsubscribe_removesTheFeedAndItsItems() throws {
        try assertThatUnsubscribeRemovesTheFeedAndItsItems(on: makeStore())
    }

    func test_rename_outlastsTheFeedsOwnTitle() throws {
        try assertThatRenameOutlastsTheFeedsOwnTitle(on: makeStore())
    }

    func test_move_putsAFeedInAndOutOfAFolder() throws {
        try assertThatMovePutsAFeedInAndOutOfAFolder(on: makeStore())
    }

    func test_apply_insertsNewItemsAndCountsThem() throws {
        try assertThatApplyInsertsNewItemsAndCountsThem(on: makeStore())
    }

    func test_apply_updatesAChangedItemKeepingItsMarks() throws {
        try assertThatApplyUpdatesAChangedItemKeepingItsMarks(on: makeStore())
    }

    func test_apply_neverDeletesAnItemTheFeedDropped() throws {
        try assertThatApplyNeverDeletesAnItemTheFeedDropped(on: makeStore())
    }

    func test_apply_ignoresAFeedNotSubscribed() throws {
        try assertThatApplyIgnoresAFeedNotSubscribed(on: makeStore())
    }

    func test_apply_keepsWhatTheServerSaidForTheNextRefresh() throws {
        try assertThatApplyKeepsWhatTheServerSaidForTheNextRefresh(on: makeStore())
    }

    func test_apply_keepsEachItemsArticle() throws {
        try assertThatApplyKeepsEachItemsArticle(on: makeStore())
    }

    func test_apply_followsAFeedThatMovedForGood() throws {
        try assertThatApplyFollowsAFeedThatMovedForGood(on: makeStore())
    }

    func test_apply_keepsHowTheLastRefreshWent() throws {
        try assertThatApplyKeepsHowTheLastRefreshWent(on: makeStore())
    }

    func test_apply_keepsTheFeedsIcon() throws {
        try assertThatApplyKeepsTheFeedsIcon(on: makeStore())
    }

    func test_items_comeNewestFirstInPages() throws {
        try assertThatItemsComeNewestFirstInPages(on: makeStore())
    }

    func test_views_selectUnreadStarredFolderAndFeed() throws {
        try assertThatViewsSelectUnreadStarredFolderAndFeed(on: makeStore())
    }

    func test_search_findsEveryWordInTitleAuthorOrText() throws {
        try assertThatSearchFindsEveryWordInTitleAuthorOrText(on: makeStore())
    }

    func test_query_combinesPhrasesExclusionsOrFieldsMarksAndDates() throws {
        try assertThatQueryCombinesPhrasesExclusionsOrFieldsMarksAndDates(on: makeStore())
    }

    func test_savedViews_keepTheirQueryAndCountTheirUnreadItems() throws {
        try assertThatSavedViewsKeepTheirQueryAndCountTheirUnreadItems(on: makeStore())
    }

    func test_aSavedView_followsItsItemsAsTheyArriveChangeAndGo() throws {
        try assertThatASavedViewFollowsItsItemsAsTheyArriveChangeAndGo(on: makeStore())
    }

    func test_rules_applyToItemsAsTheyArrive_withinTheirScope() throws {
        try assertThatRulesApplyToItemsAsTheyArriveWithinTheirScope(on: makeStore())
    }

    func test_rules_applyToItemsAlreadyThere_countedFirst_andUndone() throws {
        try assertThatRulesApplyToItemsAlreadyThereCountedFirstAndUndone(on: makeStore())
    }

    func test_marks_changeCounts() throws {
        try assertThatMarksChangeCounts(on: makeStore())
    }

    func test_markAllRead_marksOnlyTheViewAndSaysWhich() throws {
        try assertThatMarkAllReadMarksOnlyTheViewAndSaysWhich(on: makeStore())
    }

    func test_markAllRead_holdsAsTheLibraryMovesOn() throws {
        try assertThatMarkAllReadHoldsAsTheLibraryMovesOn(on: makeStore())
    }

    func test_lastStored_isAFeedsLatestArrival_whateverItsDate() throws {
        try assertThatLastStoredIsAFeedsLatestArrivalWhateverItsDate(on: makeStore())
    }

    func test_unreadKeys_areThoseOfTheKeysNotRead() throws {
        try assertThatUnreadKeysAreThoseOfTheKeysNotRead(on: makeStore())
    }

    func test_position_isWhereAViewShowsAnItem() throws {
        try assertThatPositionIsWhereAViewShowsAnItem(on: makeStore())
    }

    func test_changes_sayWhatEachWriteChanged() throws {
        try assertThatChangesSayWhatEachWriteChanged(on: makeStore())
    }

    func test_refreshSettings_areKeptUntilChanged() throws {
        try assertThatRefreshSettingsAreKeptUntilChanged(on: makeStore())
    }

    func test_readRetention_isAMonthUntilChosen() throws {
        try assertThatReadRetentionIsAMonthUntilChosen(on: makeStore())
    }

    func test_pruneRead_keepsStarredUnreadAndRecent() throws {
        try assertThatPruneReadKeepsStarredUnreadAndRecent(on: makeStore())
    }

    /// What lets a window follow another process's writes.
    func test_dataVersion_movesWhenAnotherConnectionCommits_notForItsOwn() throws {
        let file = try temporaryLibraryFolder().appendingPathComponent("library.sqlite").path
        let window = try SQLiteLibraryStore(path: file), other = try SQLiteLibraryStore(path: file)
        let start = try window.dataVersion()

        try window.subscribe(Subscription(address: URL(string: "https://own.example/feed")!, title: "Own"))
        XCTAssertEqual(try window.dataVersion(), start, "its own write")

        try other.subscribe(Subscription(address: URL(string: "https://other.example/feed")!, title: "Other"))
        XCTAssertNotEqual(try window.dataVersion(), start, "another connection's")
    }

    private func makeStore() throws -> LibraryStore {
        try SQLiteLibraryStore(path: temporaryLibraryFolder().appendingPathComponent("library.sqlite").path)
    }
}
