import ItemFeed
import ItemFeedTestSupport
import XCTest

/// The fake passes the same behaviour suite as the SQLite store, so tests
/// that use it prove what the app does.
final class InMemoryLibraryStoreTests: XCTestCase, LibraryStoreSpecs {
    func test_subscriptions_areEmptyInANewLibrary() throws {
        try assertThatSubscriptionsAreEmptyInANewLibrary(on: InMemoryLibraryStore())
    }

    func test_subscribe_addsOnceAndKeepsTheFirst() throws {
        try assertThatSubscribeAddsOnceAndKeepsTheFirst(on: InMemoryLibraryStore())
    }

    func test_subscribeWithItsFirstLoad_storesEverythingItBroughtAtOnce() throws {
        try assertThatSubscribeWithItsFirstLoadStoresEverythingItBroughtAtOnce(on: InMemoryLibraryStore())
    }

    func test_changing_makesAllOfItOrNone() throws {
        try assertThatChangingMakesAllOfItOrNone(on: InMemoryLibraryStore())
    }

    func test_subscriptions_listFoldersFirstThenByTitle() throws {
        try assertThatSubscriptionsListFoldersFirstThenByTitle(on: InMemoryLibraryStore())
    }

    func test_add_takesManyAndEmptyFoldersAtOnce() throws {
        try assertThatAddTakesManyAndEmptyFoldersAtOnce(on: InMemoryLibraryStore())
    }

    func test_unsubscribe_removesTheFeedAndItsItems() throws {
        try assertThatUnsubscribeRemovesTheFeedAndItsItems(on: InMemoryLibraryStore())
    }

    func test_rename_outlastsTheFeedsOwnTitle() throws {
        try assertThatRenameOutlastsTheFeedsOwnTitle(on: InMemoryLibraryStore())
    }

    func test_move_putsAFeedInAndOutOfAFolder() throws {
        try assertThatMovePutsAFeedInAndOutOfAFolder(on: InMemoryLibraryStore())
    }

    func test_apply_insertsNewItemsAndCountsThem() throws {
        try assertThatApplyInsertsNewItemsAndCountsThem(on: InMemoryLibraryStore())
    }

    func test_apply_updatesAChangedItemKeepingItsMarks() throws {
        try assertThatApplyUpdatesAChangedItemKeepingItsMarks(on: InMemoryLibraryStore())
    }

    func test_apply_neverDeletesAnItemTheFeedDropped() throws {
        try assertThatApplyNeverDeletesAnItemTheFeedDropped(on: InMemoryLibraryStore())
    }

    func test_apply_ignoresAFeedNotSubscribed() throws {
        try assertThatApplyIgnoresAFeedNotSubscribed(on: InMemoryLibraryStore())
    }

    func test_apply_keepsWhatTheServerSaidForTheNextRefresh() throws {
        try assertThatApplyKeepsWhatTheServerSaidForTheNextRefresh(on: InMemoryLibraryStore())
    }

    func test_apply_keepsEachItemsArticle() throws {
        try assertThatApplyKeepsEachItemsArticle(on: InMemoryLibraryStore())
    }

    func test_apply_followsAFeedThatMovedForGood() throws {
        try assertThatApplyFollowsAFeedThatMovedForGood(on: InMemoryLibraryStore())
    }

    func test_apply_keepsHowTheLastRefreshWent() throws {
        try assertThatApplyKeepsHowTheLastRefreshWent(on: InMemoryLibraryStore())
    }

    func test_apply_keepsTheFeedsIcon() throws {
        try assertThatApplyKeepsTheFeedsIcon(on: InMemoryLibraryStore())
    }

    func test_items_comeNewestFirstInPages() throws {
        try assertThatItemsComeNewestFirstInPages(on: InMemoryLibraryStore())
    }

    func test_views_selectUnreadStarredFolderAndFeed() throws {
        try assertThatViewsSelectUnreadStarredFolderAndFeed(on: InMemoryLibraryStore())
    }

    func test_search_findsEveryWordInTitleAuthorOrText() throws {
        try assertThatSearchFindsEveryWordInTitleAuthorOrText(on: InMemoryLibraryStore())
    }

    func test_query_combinesPhrasesExclusionsOrFieldsMarksAndDates() throws {
        try assertThatQueryCombinesPhrasesExclusionsOrFieldsMarksAndDates(on: InMemoryLibraryStore())
    }

    func test_savedViews_keepTheirQueryAndCountTheirUnreadItems() throws {
        try assertThatSavedViewsKeepTheirQueryAndCountTheirUnreadItems(on: InMemoryLibraryStore())
    }

    func test_aSavedView_followsItsItemsAsTheyArriveChangeAndGo() throws {
        try assertThatASavedViewFollowsItsItemsAsTheyArriveChangeAndGo(on: InMemoryLibraryStore())
    }

    func test_rules_applyToItemsAsTheyArrive_withinTheirScope() throws {
        try assertThatRulesApplyToItemsAsTheyArriveWithinTheirScope(on: InMemoryLibraryStore())
    }

    func test_rules_applyToItemsAlreadyThere_countedFirst_andUndone() throws {
        try assertThatRulesApplyToItemsAlreadyThereCountedFirstAndUndone(on: InMemoryLibraryStore())
    }

    func test_marks_changeCounts() throws {
        try assertThatMarksChangeCounts(on: InMemoryLibraryStore())
    }

    func test_markAllRead_marksOnlyTheViewAndSaysWhich() throws {
        try assertThatMarkAllReadMarksOnlyTheViewAndSaysWhich(on: InMemoryLibraryStore())
    }

    func test_markAllRead_holdsAsTheLibraryMovesOn() throws {
        try assertThatMarkAllReadHoldsAsTheLibraryMovesOn(on: InMemoryLibraryStore())
    }

    func test_lastStored_isAFeedsLatestArrival_whateverItsDate() throws {
        try assertThatLastStoredIsAFeedsLatestArrivalWhateverItsDate(on: InMemoryLibraryStore())
    }

    func test_unreadKeys_areThoseOfTheKeysNotRead() throws {
        try assertThatUnreadKeysAreThoseOfTheKeysNotRead(on: InMemoryLibraryStore())
    }

    func test_position_isWhereAViewShowsAnItem() throws {
        try assertThatPositionIsWhereAViewShowsAnItem(on: InMemoryLibraryStore())
    }

    func test_changes_sayWhatEachWriteChanged() throws {
        try assertThatChangesSayWhatEachWriteChanged(on: InMemoryLibraryStore())
    }

    func test_refreshSettings_areKeptUntilChanged() throws {
        try assertThatRefreshSettingsAreKeptUntilChanged(on: InMemoryLibraryStore())
    }

    func test_readRetention_isAMonthUntilChosen() throws {
        try assertThatReadRetentionIsAMonthUntilChosen(on: InMemoryLibraryStore())
    }

    func test_pruneRead_keepsStarredUnreadAndRecent() throws {
        try assertThatPruneReadKeepsStarredUnreadAndRecent(on: InMemoryLibraryStore())
    }
}
