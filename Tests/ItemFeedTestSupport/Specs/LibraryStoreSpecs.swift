import Foundation
import ItemFeed
import XCTest

/// The behaviour every `LibraryStore` must have, as Essential Feed's
/// `FeedStoreSpecs`: each store's test case adopts this protocol, so a
/// missing behaviour is a compile error, and calls the shared assertion
/// of the same name with a fresh store of its kind.
public protocol LibraryStoreSpecs {
    func test_subscriptions_areEmptyInANewLibrary() throws
    func test_subscribe_addsOnceAndKeepsTheFirst() throws
    func test_subscribeWithItsFirstLoad_storesEverythingItBroughtAtOnce() throws
    func test_changing_makesAllOfItOrNone() throws
    func test_subscriptions_listFoldersFirstThenByTitle() throws
    func test_add_takesManyAndEmptyFoldersAtOnce() throws
    func test_unsubscribe_removesTheFeedAndItsItems() throws
    func test_rename_outlastsTheFeedsOwnTitle() throws
    func test_move_putsAFeedInAndOutOfAFolder() throws
    func test_apply_insertsNewItemsAndCountsThem() throws
    func test_apply_updatesAChangedItemKeepingItsMarks() throws
    func test_apply_neverDeletesAnItemTheFeedDropped() throws
    func test_apply_ignoresAFeedNotSubscribed() throws
    func test_apply_keepsHowTheLastRefreshWent() throws
    func test_apply_keepsWhatTheServerSaidForTheNextRefresh() throws
    func test_apply_keepsEachItemsArticle() throws
    func test_apply_followsAFeedThatMovedForGood() throws
    func test_apply_keepsTheFeedsIcon() throws
    func test_items_comeNewestFirstInPages() throws
    func test_views_selectUnreadStarredFolderAndFeed() throws
    func test_search_findsEveryWordInTitleAuthorOrText() throws
    func test_query_combinesPhrasesExclusionsOrFieldsMarksAndDates() throws
    func test_savedViews_keepTheirQueryAndCountTheirUnreadItems() throws
    func test_rules_applyToItemsAsTheyArrive_withinTheirScope() throws
    func test_rules_applyToItemsAlreadyThere_countedFirst_andUndone() throws
    func test_marks_changeCounts() throws
    func test_markAllRead_marksOnlyTheViewAndSaysWhich() throws
    func test_markAllRead_holdsAsTheLibraryMovesOn() throws
    func test_pruneRead_keepsStarredUnreadAndRecent() throws
    func test_readRetention_isAMonthUntilChosen() throws
    func test_refreshSettings_areKeptUntilChanged() throws
    func test_changes_sayWhatEachWriteChanged() throws
    func test_position_isWhereAViewShowsAnItem() throws
    func test_lastStored_isAFeedsLatestArrival_whateverItsDate() throws
    func test_unreadKeys_areThoseOfTheKeysNotRead() throws
}

extension LibraryStoreSpecs {
    /// The items a refresh stored last, not the newest dated.
    public func assertThatLastStoredIsAFeedsLatestArrivalWhateverItsDate(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        XCTAssertEqual(try store.lastStored(1, of: LibrarySpecData.tech).map(\.item.id), ["t1"], "a feed lists its newest first: stored from its end", file: file, line: line)
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, [LibrarySpecData.item("t0", day: 1), LibrarySpecData.item("t1", day: 40), LibrarySpecData.item("t2", day: 30)])])
        XCTAssertEqual(try store.lastStored(1, of: LibrarySpecData.tech).map(\.item.id), ["t0"], "dated oldest, stored last", file: file, line: line)
        XCTAssertEqual(try store.lastStored(3, of: LibrarySpecData.tech).map(\.item.id), ["t0", "t1", "t2"], "the last stored first: t2 and t1 came first, from the feed's end", file: file, line: line)
        XCTAssertEqual(try store.lastStored(1, of: LibrarySpecData.news).map(\.item.id), ["n1"], file: file, line: line)
        XCTAssertEqual(try store.lastStored(9, of: LibrarySpecData.address("elsewhere")), [], file: file, line: line)
    }

    /// Which of some items are unread: by their own mark, or their feed's
    /// Mark All as Read; a key the library does not hold is not.
    public func assertThatUnreadKeysAreThoseOfTheKeysNotRead(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        let keys = try LibrarySpecData.keys(store)
        let all = Array(keys.values) + [9_999]
        XCTAssertEqual(try store.unreadKeys(among: all), Set(keys.values), file: file, line: line)
        try store.setRead(true, [keys["t1"]!])
        XCTAssertEqual(try store.unreadKeys(among: all), Set(keys.values).subtracting([keys["t1"]!]), file: file, line: line)
        _ = try store.markAllRead(LibraryView(.feed(LibrarySpecData.news)))
        XCTAssertEqual(try store.unreadKeys(among: all), Set(keys.filter { $0.key.hasPrefix("t") && $0.key != "t1" }.values), "Mark All as Read", file: file, line: line)
        XCTAssertEqual(try store.unreadKeys(among: []), [], file: file, line: line)
    }

    /// An item's place in a view, as its pages list it; none where it is not shown.
    public func assertThatPositionIsWhereAViewShowsAnItem(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        // Stored last, dated first: a view's order is not the order stored.
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.news, [LibrarySpecData.item("n1", day: 60), LibrarySpecData.item("n0", day: 5)])])
        let keys = try LibrarySpecData.keys(store)
        try store.setRead(true, [keys["t1"]!])
        _ = try store.addSavedView(name: "Texts", query: "Text of")
        let views = [
            LibraryView(.all), LibraryView(.unread), LibraryView(.feed(LibrarySpecData.tech)), LibraryView(.all, search: "Text of"), LibraryView(.query("Text of")),
        ]
        for view in views {
            let listed = try store.items(view, in: 0..<10).map(\.key)
            for key in keys.values {
                XCTAssertEqual(try store.position(of: key, in: view), listed.firstIndex(of: key), "\(view)", file: file, line: line)
            }
        }
        XCTAssertNil(try store.position(of: keys["t1"]!, in: LibraryView(.unread)), "read: not in Unread", file: file, line: line)
        XCTAssertNil(try store.position(of: 9_999, in: LibraryView(.all)), file: file, line: line)
    }

    /// Each write says what it changed, once; reading and a change undone say nothing.
    public func assertThatChangesSayWhatEachWriteChanged(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        _ = store.takeChanges()
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech", folder: "Work"))
        XCTAssertTrue(store.takeChanges().contains(.subscriptions), "a feed came", file: file, line: line)
        XCTAssertEqual(store.takeChanges(), [], "told once", file: file, line: line)

        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, LibrarySpecData.items("t1", "t2"))])
        let refreshed = store.takeChanges()
        XCTAssertTrue(refreshed.isSuperset(of: [.newItems, .feeds]), "new items, counted: \(refreshed)", file: file, line: line)
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, LibrarySpecData.items("t1", "t2"))])
        XCTAssertFalse(store.takeChanges().contains(.newItems), "the same items again are not new", file: file, line: line)

        _ = try store.items(.all, in: 0..<10)
        _ = try store.subscriptions()
        XCTAssertEqual(store.takeChanges(), [], "reading writes nothing", file: file, line: line)

        let keys = try LibrarySpecData.keys(store)
        try store.setRead(true, [keys["t1"]!])
        let marked = store.takeChanges()
        XCTAssertTrue(marked.isSuperset(of: [.items, .feeds]), "a mark, and the feed's count: \(marked)", file: file, line: line)
        XCTAssertFalse(marked.contains(.subscriptions), "no feed came or went", file: file, line: line)

        try store.rename(LibrarySpecData.tech, to: "Renamed")
        XCTAssertTrue(store.takeChanges().contains(.feeds), file: file, line: line)
        _ = try store.addSavedView(name: "Swift", query: "swift")
        XCTAssertTrue(store.takeChanges().contains(.views), file: file, line: line)
        try store.setSetting("kept", to: "yes")
        XCTAssertTrue(store.takeChanges().contains(.settings), file: file, line: line)

        XCTAssertThrowsError(try store.changing {
            try store.subscribe(Subscription(address: LibrarySpecData.news, title: "News"))
            throw SpecRefusal()
        }, file: file, line: line)
        XCTAssertEqual(store.takeChanges(), [], "undone: nothing changed", file: file, line: line)

        try store.unsubscribe(LibrarySpecData.tech)
        XCTAssertTrue(store.takeChanges().isSuperset(of: [.subscriptions, .items]), "the feed and its items went", file: file, line: line)
    }

    public func assertThatSubscriptionsAreEmptyInANewLibrary(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try store.subscriptions(), [], file: file, line: line)
        XCTAssertEqual(try store.folders(), [], file: file, line: line)
        XCTAssertEqual(try store.count(.all), 0, file: file, line: line)
    }

    public func assertThatSubscribeAddsOnceAndKeepsTheFirst(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertTrue(try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech")), file: file, line: line)
        XCTAssertFalse(try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Other", folder: "News")), file: file, line: line)
        XCTAssertEqual(try store.subscriptions(), [Subscription(address: LibrarySpecData.tech, title: "Tech")], file: file, line: line)
    }

    public func assertThatSubscribeWithItsFirstLoadStoresEverythingItBroughtAtOnce(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let validators = HTTPValidators(entityTag: "\"v1\"", lastModified: nil)
        let episode = Enclosure(url: URL(string: "https://cdn.example/a.mp3")!, type: "audio/mpeg", length: 1_000, duration: 90)
        let first = FeedRefresh(
            address: LibrarySpecData.tech, outcome: .loaded(title: "Tech Daily", siteLink: nil, items: LibrarySpecData.items("a", "b"), articles: ["a": "<p>A</p>"], enclosures: ["b": episode]),
            date: LibrarySpecData.date(1), validators: validators, nextDue: LibrarySpecData.date(2)
        )

        XCTAssertEqual(try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech Daily", folder: "Work"), loaded: first), 2, file: file, line: line)

        let kept = try XCTUnwrap(store.subscriptions().first, file: file, line: line)
        XCTAssertEqual(kept.folder, "Work", file: file, line: line)
        XCTAssertEqual(kept.state, .ok, file: file, line: line)
        XCTAssertEqual(kept.validators, validators, file: file, line: line)
        XCTAssertEqual(kept.nextDue, LibrarySpecData.date(2), file: file, line: line)
        XCTAssertEqual(kept.counts, ItemCounts(unread: 2, total: 2), file: file, line: line)
        let keys = try LibrarySpecData.keys(store)
        XCTAssertEqual(try store.articleHTML(keys["a"]!), "<p>A</p>", file: file, line: line)
        XCTAssertEqual(try store.enclosure(keys["b"]!), episode, file: file, line: line)

        let again = FeedRefresh(address: LibrarySpecData.tech, outcome: .loaded(title: nil, siteLink: nil, items: LibrarySpecData.items("c")), date: LibrarySpecData.date(3))
        XCTAssertNil(try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Other"), loaded: again), "subscribed already", file: file, line: line)
        XCTAssertEqual(try store.count(.all), 2, "and left as it was", file: file, line: line)
    }

    public func assertThatChangingMakesAllOfItOrNone(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertThrowsError(try store.changing {
            try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
            try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, LibrarySpecData.items("t1"))])
            try store.setSetting("kept", to: "no")
            throw SpecRefusal()
        }, file: file, line: line)
        XCTAssertEqual(try store.subscriptions(), [], "none of it", file: file, line: line)
        XCTAssertEqual(try store.count(.all), 0, file: file, line: line)
        XCTAssertNil(try store.setting("kept"), file: file, line: line)

        try store.changing {
            try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
            // A part that fails inside undoes only itself.
            _ = try? store.changing {
                try store.subscribe(Subscription(address: LibrarySpecData.news, title: "News"))
                throw SpecRefusal()
            }
        }
        XCTAssertEqual(try store.subscriptions().map(\.title), ["Tech"], file: file, line: line)
    }

    public func assertThatSubscriptionsListFoldersFirstThenByTitle(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try store.subscribe(Subscription(address: LibrarySpecData.address("z"), title: "zebra"))
        try store.subscribe(Subscription(address: LibrarySpecData.address("a"), title: "Apple"))
        try store.subscribe(Subscription(address: LibrarySpecData.address("n2"), title: "Beta", folder: "News"))
        try store.subscribe(Subscription(address: LibrarySpecData.address("n1"), title: "alpha", folder: "News"))
        try store.subscribe(Subscription(address: LibrarySpecData.address("b"), title: "Blog", folder: "Blogs"))
        XCTAssertEqual(try store.subscriptions().map(\.title), ["Blog", "alpha", "Beta", "Apple", "zebra"], file: file, line: line)
        XCTAssertEqual(try store.folders(), ["Blogs", "News"], file: file, line: line)
    }

    public func assertThatAddTakesManyAndEmptyFoldersAtOnce(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try store.subscribe(Subscription(address: LibrarySpecData.news, title: "News"))
        let added = try store.add([
            Subscription(address: LibrarySpecData.tech, title: "Tech", folder: "Work"),
            Subscription(address: LibrarySpecData.news, title: "Other news", folder: "Work"),
            Subscription(address: LibrarySpecData.address("blog"), title: "Blog"),
        ], folders: ["Empty", "Work"])
        XCTAssertEqual(added, [LibrarySpecData.tech, LibrarySpecData.address("blog")], file: file, line: line)
        XCTAssertEqual(try store.subscriptions().map(\.title), ["Tech", "Blog", "News"], file: file, line: line)
        XCTAssertEqual(try store.subscriptions().map(\.folder), ["Work", nil, nil], "the one there already stays as it was", file: file, line: line)
        XCTAssertEqual(try store.folders(), ["Empty", "Work"], file: file, line: line)
    }

    public func assertThatUnsubscribeRemovesTheFeedAndItsItems(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        XCTAssertTrue(try store.unsubscribe(LibrarySpecData.tech), file: file, line: line)
        XCTAssertFalse(try store.unsubscribe(LibrarySpecData.tech), file: file, line: line)
        XCTAssertEqual(try store.subscriptions().map(\.address), [LibrarySpecData.news], file: file, line: line)
        XCTAssertEqual(try store.items(.all, in: 0..<10).map(\.item.id), ["n1"], file: file, line: line)
    }

    public func assertThatRenameOutlastsTheFeedsOwnTitle(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
        try store.rename(LibrarySpecData.tech, to: "My Tech")
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, title: "Tech Daily", [])])
        XCTAssertEqual(try store.subscriptions().map(\.title), ["My Tech"], file: file, line: line)
        XCTAssertThrowsError(try store.rename(LibrarySpecData.news, to: "x"), file: file, line: line) {
            XCTAssertEqual($0 as? LibraryError, .notSubscribed(LibrarySpecData.news), file: file, line: line)
        }
    }

    public func assertThatMovePutsAFeedInAndOutOfAFolder(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
        try store.move(LibrarySpecData.tech, toFolder: "Work")
        XCTAssertEqual(try store.subscriptions().map(\.folder), ["Work"], file: file, line: line)
        XCTAssertEqual(try store.folders(), ["Work"], file: file, line: line)
        try store.move(LibrarySpecData.tech, toFolder: nil)
        XCTAssertEqual(try store.subscriptions().map(\.folder), [nil], file: file, line: line)
        XCTAssertThrowsError(try store.move(LibrarySpecData.news, toFolder: "Work"), file: file, line: line)
    }

    public func assertThatApplyInsertsNewItemsAndCountsThem(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
        let site = URL(string: "https://tech.example/")!
        let added = try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, title: "Tech Daily", site: site, LibrarySpecData.items("a", "b", "c"))])
        XCTAssertEqual(added, [LibrarySpecData.tech: 3], file: file, line: line)
        XCTAssertEqual(try store.subscriptions(), [Subscription(
            address: LibrarySpecData.tech, title: "Tech Daily", siteLink: site, state: .ok, counts: ItemCounts(unread: 3, total: 3)
        )], file: file, line: line)
        let stored = try store.items(.all, in: 0..<10)
        XCTAssertEqual(stored.map(\.item), LibrarySpecData.items("a", "b", "c"), file: file, line: line)
        XCTAssertEqual(Set(stored.map(\.key)).count, 3, "each item has its own key", file: file, line: line)
        XCTAssertEqual(stored.map(\.feedAddress), Array(repeating: LibrarySpecData.tech, count: 3), file: file, line: line)
    }

    public func assertThatApplyUpdatesAChangedItemKeepingItsMarks(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, LibrarySpecData.items("a", "b"))])
        let keys = try store.items(.all, in: 0..<10).map(\.key)
        try store.setRead(true, [keys[0]])
        try store.setStarred(true, [keys[0]])
        let changed = Item(id: "a", name: "A, corrected", imageAddress: nil, author: "Ann", date: LibrarySpecData.date(9), summary: "new text")
        let added = try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, [changed, LibrarySpecData.item("b")])])
        XCTAssertEqual(added, [LibrarySpecData.tech: 0], file: file, line: line)
        let stored = try store.items(.all, in: 0..<10)
        XCTAssertEqual(stored.map(\.item), [changed, LibrarySpecData.item("b")], file: file, line: line)
        XCTAssertEqual(stored.map(\.key), keys, "same items, same keys", file: file, line: line)
        XCTAssertEqual(stored.map(\.isRead), [true, false], file: file, line: line)
        XCTAssertEqual(stored.map(\.isStarred), [true, false], file: file, line: line)
        XCTAssertEqual(try store.count(LibraryView(.all, search: "corrected")), 1, "the search sees the new title", file: file, line: line)
        XCTAssertEqual(try store.count(LibraryView(.all, search: "Author")), 1, "and not the old author: only b has one", file: file, line: line)
    }

    public func assertThatApplyNeverDeletesAnItemTheFeedDropped(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, LibrarySpecData.items("a", "b"))])
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, LibrarySpecData.items("c"))])
        XCTAssertEqual(try store.items(.all, in: 0..<10).map(\.item.id), ["c", "a", "b"], file: file, line: line)
        XCTAssertEqual(try store.subscriptions().map(\.counts), [ItemCounts(unread: 3, total: 3)], file: file, line: line)
    }

    public func assertThatApplyIgnoresAFeedNotSubscribed(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
        let added = try store.apply([
            LibrarySpecData.loaded(LibrarySpecData.news, LibrarySpecData.items("x")),
            LibrarySpecData.loaded(LibrarySpecData.tech, LibrarySpecData.items("a")),
        ])
        XCTAssertEqual(added, [LibrarySpecData.tech: 1], file: file, line: line)
        XCTAssertEqual(try store.items(.all, in: 0..<10).map(\.item.id), ["a"], file: file, line: line)
    }

    public func assertThatApplyKeepsHowTheLastRefreshWent(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let feeds = ["ok", "failed", "gone", "deferred", "unchanged"].map(LibrarySpecData.address)
        for (index, feed) in feeds.enumerated() { try store.subscribe(Subscription(address: feed, title: "\(index)")) }
        let later = LibrarySpecData.date(100)
        try store.apply([
            LibrarySpecData.loaded(feeds[0], []),
            FeedRefresh(address: feeds[1], outcome: .failed(reason: "The server answered 500"), date: LibrarySpecData.date(1)),
            FeedRefresh(address: feeds[2], outcome: .gone, date: LibrarySpecData.date(1)),
            FeedRefresh(address: feeds[3], outcome: .deferred(until: later), date: LibrarySpecData.date(1)),
            FeedRefresh(address: feeds[4], outcome: .unchanged, date: LibrarySpecData.date(1)),
        ])
        XCTAssertEqual(try store.subscriptions().map(\.state), [.ok, .failed(reason: "The server answered 500"), .gone, .deferred(until: later), .ok], file: file, line: line)
        try store.apply([LibrarySpecData.loaded(feeds[1], [])])
        XCTAssertEqual(try store.subscriptions()[1].state, .ok, "a success clears the failure", file: file, line: line)
    }

    public func assertThatApplyKeepsWhatTheServerSaidForTheNextRefresh(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let feed = LibrarySpecData.tech
        try store.subscribe(Subscription(address: feed, title: "Tech"))
        let validators = HTTPValidators(entityTag: "\"v1\"", lastModified: "Sat, 31 Jan 2026 09:00:00 GMT")
        try store.apply([FeedRefresh(address: feed, outcome: .loaded(title: nil, siteLink: nil, items: []), date: LibrarySpecData.date(1), validators: validators, nextDue: LibrarySpecData.date(2))])
        var kept = try XCTUnwrap(store.subscriptions().first, file: file, line: line)
        XCTAssertEqual(kept.validators, validators, file: file, line: line)
        XCTAssertEqual(kept.nextDue, LibrarySpecData.date(2), file: file, line: line)

        try store.apply([FeedRefresh(address: feed, outcome: .unchanged, date: LibrarySpecData.date(3), nextDue: LibrarySpecData.date(4))])
        kept = try XCTUnwrap(store.subscriptions().first, file: file, line: line)
        XCTAssertEqual(kept.validators, validators, "a 304 keeps them", file: file, line: line)
        XCTAssertEqual(kept.nextDue, LibrarySpecData.date(4), file: file, line: line)

        for day in 5...6 { try store.apply([FeedRefresh(address: feed, outcome: .failed(reason: "down"), date: LibrarySpecData.date(day), nextDue: LibrarySpecData.date(day + 1))]) }
        kept = try XCTUnwrap(store.subscriptions().first, file: file, line: line)
        XCTAssertEqual(kept.failures, 2, file: file, line: line)
        XCTAssertEqual(kept.nextDue, LibrarySpecData.date(7), file: file, line: line)
        XCTAssertEqual(kept.validators, validators, "a failure keeps them", file: file, line: line)

        try store.apply([FeedRefresh(address: feed, outcome: .loaded(title: nil, siteLink: nil, items: []), date: LibrarySpecData.date(8))])
        kept = try XCTUnwrap(store.subscriptions().first, file: file, line: line)
        XCTAssertEqual(kept.failures, 0, file: file, line: line)
        XCTAssertNil(kept.nextDue, file: file, line: line)
        XCTAssertEqual(kept.validators, HTTPValidators(), "a copy sent without them has none", file: file, line: line)
    }

    public func assertThatApplyKeepsEachItemsArticle(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let feed = LibrarySpecData.tech
        try store.subscribe(Subscription(address: feed, title: "Tech"))
        let items = LibrarySpecData.items("a", "b")
        try store.apply([FeedRefresh(address: feed, outcome: .loaded(title: nil, siteLink: nil, items: items, articles: ["a": "<p>Article A</p>"]), date: LibrarySpecData.date(1))])
        var keys = try LibrarySpecData.keys(store)
        XCTAssertEqual(try store.articleHTML(keys["a"]!), "<p>Article A</p>", file: file, line: line)
        XCTAssertNil(try store.articleHTML(keys["b"]!), "a feed that gives none: the summary is the article", file: file, line: line)

        try store.apply([FeedRefresh(address: feed, outcome: .loaded(title: nil, siteLink: nil, items: items), date: LibrarySpecData.date(2))])
        XCTAssertEqual(try store.articleHTML(keys["a"]!), "<p>Article A</p>", "a refresh that kept none keeps it", file: file, line: line)

        try store.apply([FeedRefresh(address: feed, outcome: .loaded(title: nil, siteLink: nil, items: items, articles: ["a": "<p>Edited</p>", "b": "<p>B</p>"]), date: LibrarySpecData.date(3))])
        keys = try LibrarySpecData.keys(store)
        XCTAssertEqual(try store.articleHTML(keys["a"]!), "<p>Edited</p>", file: file, line: line)
        XCTAssertEqual(try store.articleHTML(keys["b"]!), "<p>B</p>", file: file, line: line)
        XCTAssertNil(try store.articleHTML(999_999), file: file, line: line)
        XCTAssertTrue(try store.contains(keys["a"]!), file: file, line: line)
        XCTAssertFalse(try store.contains(999_999), file: file, line: line)

        let episode = Enclosure(url: URL(string: "https://cdn.example/a.mp3")!, type: "audio/mpeg", length: 1_000, duration: 90)
        try store.apply([FeedRefresh(address: feed, outcome: .loaded(title: nil, siteLink: nil, items: items, enclosures: ["a": episode]), date: LibrarySpecData.date(4))])
        XCTAssertEqual(try store.enclosure(keys["a"]!), episode, file: file, line: line)
        XCTAssertNil(try store.enclosure(keys["b"]!), file: file, line: line)
        try store.apply([FeedRefresh(address: feed, outcome: .loaded(title: nil, siteLink: nil, items: items), date: LibrarySpecData.date(5))])
        XCTAssertEqual(try store.enclosure(keys["a"]!), episode, "a refresh that kept none keeps it", file: file, line: line)
    }

    public func assertThatApplyFollowsAFeedThatMovedForGood(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        let moved = LibrarySpecData.address("tech-moved")
        try store.apply([FeedRefresh(address: LibrarySpecData.tech, outcome: .unchanged, date: LibrarySpecData.date(1), movedTo: moved)])
        XCTAssertEqual(try store.subscriptions().map(\.address), [moved, LibrarySpecData.news], file: file, line: line)
        XCTAssertEqual(try store.items(LibraryView(.feed(moved)), in: 0..<10).map(\.item.id), ["t1", "t2"], "its items with it", file: file, line: line)

        try store.apply([FeedRefresh(address: moved, outcome: .unchanged, date: LibrarySpecData.date(2), movedTo: LibrarySpecData.news)])
        XCTAssertEqual(try store.subscriptions().map(\.address), [moved, LibrarySpecData.news], "never onto a feed followed already", file: file, line: line)
    }

    public func assertThatApplyKeepsTheFeedsIcon(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        let icon = URL(string: "https://tech.example/icon.png")!
        XCTAssertNil(try store.subscriptions().first?.icon, file: file, line: line)

        try store.apply([FeedRefresh(address: LibrarySpecData.tech, outcome: .loaded(title: nil, siteLink: nil, items: []), date: LibrarySpecData.date(1), icon: icon)])
        try store.apply([FeedRefresh(address: LibrarySpecData.tech, outcome: .unchanged, date: LibrarySpecData.date(2))])

        XCTAssertEqual(try store.subscriptions().map(\.icon), [icon, nil], "kept when a refresh names none", file: file, line: line)
    }

    public func assertThatItemsComeNewestFirstInPages(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        let undated = [Item(id: "u1", name: "First undated", imageURL: nil), Item(id: "u2", name: "Second undated", imageURL: nil)]
        // Seen at 50: between n1 (date 60) and t1 (date 40).
        try store.apply([FeedRefresh(address: LibrarySpecData.tech, outcome: .loaded(title: nil, siteLink: nil, items: undated), date: LibrarySpecData.date(50))])
        let order = ["n1", "u1", "u2", "t1", "t2"]
        XCTAssertEqual(try store.items(.all, in: 0..<10).map(\.item.id), order, file: file, line: line)
        XCTAssertEqual(try store.items(.all, in: 1..<3).map(\.item.id), ["u1", "u2"], file: file, line: line)
        XCTAssertEqual(try store.items(.all, in: 4..<9).map(\.item.id), ["t2"], file: file, line: line)
        XCTAssertEqual(try store.items(.all, in: 7..<9).map(\.item.id), [], file: file, line: line)
        XCTAssertEqual(try store.count(.all), 5, file: file, line: line)
        XCTAssertEqual(try store.items(.all, fromEnd: 0..<2).map(\.item.id), ["t1", "t2"], file: file, line: line)
        XCTAssertEqual(try store.items(.all, fromEnd: 3..<9).map(\.item.id), ["n1", "u1"], file: file, line: line)
        XCTAssertEqual(try store.items(.all, fromEnd: 7..<9).map(\.item.id), [], file: file, line: line)
    }

    public func assertThatViewsSelectUnreadStarredFolderAndFeed(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        let keys = try LibrarySpecData.keys(store)
        try store.setRead(true, [keys["t1"]!])
        try store.setStarred(true, [keys["t2"]!, keys["n1"]!])
        let expected: [(LibraryView, [String])] = [
            (.all, ["n1", "t1", "t2"]), (.unread, ["n1", "t2"]), (.starred, ["n1", "t2"]),
            (LibraryView(.folder("Work")), ["t1", "t2"]), (LibraryView(.folder("Nothing")), []),
            (LibraryView(.feed(LibrarySpecData.news)), ["n1"]),
        ]
        for (view, ids) in expected {
            XCTAssertEqual(try store.items(view, in: 0..<10).map(\.item.id), ids, "\(view)", file: file, line: line)
            XCTAssertEqual(try store.count(view), ids.count, "\(view)", file: file, line: line)
        }
    }

    public func assertThatSearchFindsEveryWordInTitleAuthorOrText(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech", folder: "Work"))
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, [
            Item(id: "1", name: "Swift on GTK", imageURL: nil, author: "Ada", summary: "Widgets \"quoted\" here"),
            Item(id: "2", name: "Rust and GTK", imageURL: nil, author: "Bob", summary: "100% native, 日本語の記事"),
            Item(id: "3", name: "Gardening", imageURL: nil, author: "Swifty", summary: "Tomatoes"),
        ])])
        let searches: [(String, [String])] = [
            ("gtk", ["1", "2"]), ("swift", ["1", "3"]), ("GTK swift", ["1"]), ("ada", ["1"]), ("tomato", ["3"]),
            ("\"quoted\"", ["1"]), ("100%", ["2"]), ("0%", ["2"]), ("日本語", ["2"]), ("の記", ["2"]),
            ("on", ["1"]), ("zzz", []), ("  ", ["1", "2", "3"]),
        ]
        for (words, ids) in searches {
            XCTAssertEqual(try store.items(LibraryView(.all, search: words), in: 0..<10).map(\.item.id).sorted(), ids, words, file: file, line: line)
            XCTAssertEqual(try store.count(LibraryView(.folder("Work"), search: words)), ids.count, words, file: file, line: line)
        }
        XCTAssertEqual(try store.count(LibraryView(.starred, search: "gtk")), 0, "search is within the view", file: file, line: line)
        XCTAssertEqual(try store.items(LibraryView(.all, search: "gtk"), in: 0..<10).map(\.item.id), ["1", "2"], "the most recently stored first", file: file, line: line)
        XCTAssertEqual(try store.items(LibraryView(.all, search: "gtk"), in: 1..<10).map(\.item.id), ["2"], "in pages", file: file, line: line)
    }

    /// SPEC 17's language against the store: each operator alone, then
    /// combined, and a query that cannot be read refused with its reason.
    public func assertThatQueryCombinesPhrasesExclusionsOrFieldsMarksAndDates(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech Weekly", folder: "Work"))
        try store.subscribe(Subscription(address: LibrarySpecData.news, title: "News"))
        try store.apply([
            LibrarySpecData.loaded(LibrarySpecData.tech, [
                Item(id: "1", name: "Swift on GTK", imageURL: nil, author: "Ada", date: LibrarySpecData.date(30), summary: "Widgets with a list view"),
                Item(id: "2", name: "Rust and GTK", imageURL: nil, author: "Bob", date: LibrarySpecData.date(20), summary: "A view of lists, 100% native"),
            ]),
            LibrarySpecData.loaded(LibrarySpecData.news, [
                Item(id: "3", name: "Gardening in Swift weather", imageURL: nil, author: "Ada", date: LibrarySpecData.date(10), summary: "Tomatoes"),
            ]),
        ])
        let keys = try LibrarySpecData.keys(store)
        try store.setRead(true, [keys["2"]!])
        try store.setStarred(true, [keys["3"]!])
        let day20 = ISO8601DateFormatter.string(from: LibrarySpecData.date(20), timeZone: .current, formatOptions: [.withFullDate])
        let searches: [(String, [String])] = [
            ("\"list view\"", ["1"]), ("list view", ["1", "2"]), ("gtk -rust", ["1"]), ("-gtk", ["3"]), ("rust OR tomatoes", ["2", "3"]),
            ("swift (rust OR tomatoes)", ["3"]), ("title:swift", ["1", "3"]), ("author:ada -title:gtk", ["3"]), ("author:bo", ["2"]),
            ("feed:weekly", ["1", "2"]), ("folder:work", ["1", "2"]), ("folder:wor", []), ("is:unread", ["1", "3"]), ("is:read", ["2"]),
            ("is:starred OR is:read", ["2", "3"]), ("after:\(day20)", ["1", "2"]), ("before:\(day20)", ["3"]),
            ("gtk after:\(day20) is:unread", ["1"]), ("on -\"on gtk\"", []), ("100%", ["2"]), ("title:on", ["1"]),
        ]
        for (query, ids) in searches {
            XCTAssertEqual(try store.items(LibraryView(.all, search: query), in: 0..<10).map(\.item.id).sorted(), ids, query, file: file, line: line)
            XCTAssertEqual(try store.count(LibraryView(.all, search: query)), ids.count, query, file: file, line: line)
        }
        XCTAssertEqual(try store.count(LibraryView(.folder("Work"), search: "swift OR tomatoes")), 1, "within the view", file: file, line: line)
        XCTAssertThrowsError(try store.items(LibraryView(.all, search: "colour:red"), in: 0..<10), file: file, line: line) {
            XCTAssertEqual($0 as? LibraryQueryError, .unknownField("colour"), file: file, line: line)
        }
        XCTAssertThrowsError(try store.count(LibraryView(.all, search: "\"open")), file: file, line: line)
        XCTAssertEqual(try store.count(LibraryView(.all, search: "gtk\u{0}\"swift\"\u{1B}")), 1, "control characters part words, as spaces do", file: file, line: line)
        for hostile in ["swift\"\u{301}gtk", "gtk\"\u{614}\"\"$", "x%\u{301}", "title:on\"\u{6EB}r"] {
            XCTAssertEqual(try store.count(LibraryView(.all, search: hostile)), 0, "a quote or wildcard joined to a combining mark is still text: \(hostile.unicodeScalars.map(\.value))", file: file, line: line)
        }
        XCTAssertEqual(try store.markAllRead(LibraryView(.all, search: "author:ada is:starred")), [keys["3"]!], "Mark All as Read of a search", file: file, line: line)
    }

    /// A saved search is a view of its own: by name, its unread count
    /// following marks, renamed, edited and removed; one that cannot be
    /// read is refused and nothing is kept.
    public func assertThatSavedViewsKeepTheirQueryAndCountTheirUnreadItems(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        let gtk = try store.addSavedView(name: "Tech news", query: "feed:tech OR folder:work")
        let all = try store.addSavedView(name: "Anything by an author", query: "author:author")
        XCTAssertEqual(try store.savedViews().map(\.name), ["Anything by an author", "Tech news"], file: file, line: line)
        XCTAssertEqual(try store.savedViews().map(\.unread), [3, 2], file: file, line: line)
        XCTAssertEqual(try store.items(LibraryView(.query("feed:tech")), in: 0..<10).map(\.item.id), ["t1", "t2"], "newest first", file: file, line: line)
        XCTAssertEqual(try store.count(LibraryView(.query("feed:tech"), search: "t2")), 1, "a search within the view", file: file, line: line)

        try store.setRead(true, [try LibrarySpecData.keys(store)["t1"]!])
        XCTAssertEqual(try store.savedViews().map(\.unread), [2, 1], "the counts follow the marks", file: file, line: line)

        try store.updateSavedView(gtk, name: "News only", query: "feed:news")
        XCTAssertEqual(try store.savedViews().map(\.query), ["author:author", "feed:news"], file: file, line: line)
        XCTAssertThrowsError(try store.updateSavedView(gtk, name: "Broken", query: "\"open"), file: file, line: line)
        XCTAssertThrowsError(try store.addSavedView(name: "Broken", query: "colour:red"), file: file, line: line) {
            XCTAssertEqual($0 as? LibraryQueryError, .unknownField("colour"), file: file, line: line)
        }
        XCTAssertEqual(try store.savedViews().map(\.name), ["Anything by an author", "News only"], "nothing kept of a refused query", file: file, line: line)

        XCTAssertTrue(try store.removeSavedView(all), file: file, line: line)
        XCTAssertFalse(try store.removeSavedView(all), file: file, line: line)
        XCTAssertEqual(try store.savedViews().map(\.name), ["News only"], file: file, line: line)
    }

    /// A saved view follows its items: new ones as they arrive, an item whose
    /// text changes in or out, marks, hiding, dates and unsubscribing; its
    /// count and its first page agree with its query at every step.
    public func assertThatASavedViewFollowsItsItemsAsTheyArriveChangeAndGo(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let item = { (id: String, title: String, day: Int) in Item(id: id, name: title, imageURL: nil, author: "Ada", date: LibrarySpecData.date(day), summary: "Text") }
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech", folder: "Work"))
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, [item("s1", "Swift on GTK", 10), item("s2", "Rust and Swift", 11), item("g1", "Gardening", 12)])])
        let words = try store.addSavedView(name: "Swift", query: "swift -rust")
        _ = try store.addSavedView(name: "Swift unread", query: "swift is:unread")
        _ = try store.addSavedView(name: "Swift before day 15", query: "title:swift before:\(ISO8601DateFormatter.string(from: LibrarySpecData.date(15), timeZone: .current, formatOptions: [.withFullDate]))")
        func shown(_ query: String) throws -> [String] {
            let ids = try store.items(LibraryView(.query(query)), in: 0..<10).map(\.item.id)
            XCTAssertEqual(try store.count(LibraryView(.query(query))), ids.count, "the count of \(query) is its items'", file: file, line: line)
            return ids
        }
        func unread() throws -> [Int] { try store.savedViews().map(\.unread) }
        XCTAssertEqual(try shown("swift -rust"), ["s1"], file: file, line: line)
        XCTAssertEqual(try unread(), [1, 2, 2], file: file, line: line)

        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, [item("s3", "Swift 6 is out", 20), item("s1", "Swift on GTK", 10), item("s2", "Rust and Swift", 11), item("g1", "Gardening", 12)])])
        XCTAssertEqual(try shown("swift -rust"), ["s3", "s1"], "a new item, newest first", file: file, line: line)
        XCTAssertEqual(try unread(), [2, 2, 3], file: file, line: line)

        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, [item("s3", "Swift 6 is out", 20), item("s1", "Rust on GTK", 10), item("s2", "Rust and Swift", 11), item("g1", "Gardening in Swift", 5)])])
        XCTAssertEqual(try shown("swift -rust"), ["s3", "g1"], "retitled in and out, and redated", file: file, line: line)
        XCTAssertEqual(try unread(), [2, 2, 3], file: file, line: line)

        let keys = try LibrarySpecData.keys(store)
        try store.setRead(true, [keys["s3"]!])
        XCTAssertEqual(try shown("swift -rust"), ["s3", "g1"], "a read item stays in its view", file: file, line: line)
        XCTAssertEqual(try shown("swift is:unread"), ["s2", "g1"], file: file, line: line)
        XCTAssertEqual(try unread(), [1, 2, 2], "the counts follow the mark", file: file, line: line)
        XCTAssertEqual(try store.count(LibraryView(.query("swift -rust"), search: "is:unread")), 1, file: file, line: line)
        XCTAssertEqual(try store.count(LibraryView(.query("swift -rust"), search: "is:read")), 1, file: file, line: line)

        let hide = Rule(id: try store.addRule(query: "gardening", action: .hide, scope: .all), query: "gardening", action: .hide)
        _ = try store.apply(hide)
        XCTAssertEqual(try shown("swift -rust"), ["s3"], "a hidden item leaves every view", file: file, line: line)
        XCTAssertEqual(try unread(), [0, 1, 1], file: file, line: line)

        try store.unsubscribe(LibrarySpecData.tech)
        XCTAssertEqual(try shown("swift -rust"), [], file: file, line: line)
        XCTAssertEqual(try unread(), [0, 0, 0], file: file, line: line)
        XCTAssertTrue(try store.removeSavedView(words), file: file, line: line)
    }

    /// SPEC 17's rules on arrival: each action on the new items only,
    /// within its scope; a hidden item in no view but "Hidden by Rules".
    public func assertThatRulesApplyToItemsAsTheyArriveWithinTheirScope(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        try store.addRule(query: "title:muted", action: .hide, scope: .all)
        try store.addRule(query: "gtk", action: .star, scope: .folder("Work"))
        try store.addRule(query: "old", action: .read, scope: .feed(LibrarySpecData.news))
        try store.addRule(query: "urgent", action: .notify, scope: .all)
        try store.addRule(query: "fix", action: .notify, scope: .all)
        XCTAssertThrowsError(try store.addRule(query: "colour:red", action: .read, scope: .all), file: file, line: line)
        XCTAssertThrowsError(try store.addRule(query: "gtk", action: .read, scope: .starred), file: file, line: line) {
            XCTAssertEqual($0 as? RuleError, .unsupportedScope, file: file, line: line)
        }
        XCTAssertEqual(try store.rules().map(\.action), [.hide, .star, .read, .notify, .notify], file: file, line: line)
        let item = { (id: String, title: String) in Item(id: id, name: title, imageURL: nil, date: LibrarySpecData.date(70)) }

        try store.apply([
            LibrarySpecData.loaded(LibrarySpecData.tech, [item("t3", "A muted post"), item("t4", "GTK news"), item("t5", "Old GTK"), item("t6", "Urgent fix")]),
            LibrarySpecData.loaded(LibrarySpecData.news, [item("n2", "Old news"), item("n3", "GTK elsewhere")]),
        ])

        let ids = { (view: LibraryView) in try store.items(view, in: 0..<50).map(\.item.id).sorted() }
        XCTAssertFalse(try ids(.all).contains("t3"), "hidden from All", file: file, line: line)
        XCTAssertFalse(try ids(LibraryView(.feed(LibrarySpecData.tech))).contains("t3"), file: file, line: line)
        XCTAssertFalse(try ids(LibraryView(.all, search: "muted")).contains("t3"), "and from a search", file: file, line: line)
        XCTAssertEqual(try ids(.hiddenByRules), ["t3"], file: file, line: line)
        for view in [LibraryView(.all), LibraryView(.hiddenByRules), LibraryView(.feed(LibrarySpecData.tech))] {
            XCTAssertEqual(try store.count(view), try ids(view).count, "counted as listed, the hidden item apart: \(view)", file: file, line: line)
        }
        XCTAssertEqual(try ids(.starred), ["t4", "t5"], "GTK in Work only", file: file, line: line)
        XCTAssertEqual(try ids(.unread), ["n1", "n3", "t1", "t2", "t4", "t5", "t6"], "Old news read in News; Old GTK is in Tech; the hidden one read", file: file, line: line)
        XCTAssertEqual(try store.subscriptions().first { $0.address == LibrarySpecData.tech }?.counts.unread, 5, "the hidden item counts nowhere", file: file, line: line)
        XCTAssertEqual(try store.takeRuleNotices().map { [$0.item.item.id, $0.rule ?? "-"] }, [["t6", "urgent"]], "by the first rule that matched it", file: file, line: line)
        XCTAssertEqual(try store.takeRuleNotices(), [], "told once", file: file, line: line)

        try store.setStarred(false, [try LibrarySpecData.keys(store)["t4"]!])
        try store.apply([LibrarySpecData.loaded(LibrarySpecData.tech, [item("t4", "GTK news, corrected")])])
        XCTAssertEqual(try ids(.starred), ["t5"], "an item changed, not new, is left as the user made it", file: file, line: line)
    }

    /// A rule made for the items already there: how many it changes, first;
    /// then changed, with Undo.
    public func assertThatRulesApplyToItemsAlreadyThereCountedFirstAndUndone(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        let keys = try LibrarySpecData.keys(store)
        try store.setRead(true, [keys["t1"]!])
        let hide = Rule(id: try store.addRule(query: "author:author", action: .hide, scope: .folder("Work")), query: "author:author", action: .hide, scope: .folder("Work"))
        XCTAssertEqual(try store.items(.all, in: 0..<10).count, 3, "made, not yet applied", file: file, line: line)
        XCTAssertEqual(try store.countMatching(hide), 2, file: file, line: line)

        let applied = try store.apply(hide)
        XCTAssertEqual(applied.changed.sorted(), [keys["t1"]!, keys["t2"]!].sorted(), file: file, line: line)
        XCTAssertEqual(applied.markedRead, [keys["t2"]!], file: file, line: line)
        XCTAssertEqual(try store.items(.all, in: 0..<10).map(\.item.id), ["n1"], file: file, line: line)
        XCTAssertEqual(try store.countMatching(hide), 0, "nothing left to change", file: file, line: line)

        try store.revert(applied, of: .hide)
        XCTAssertEqual(try store.items(.all, in: 0..<10).map(\.item.id).sorted(), ["n1", "t1", "t2"], file: file, line: line)
        XCTAssertEqual(try store.count(.unread), 2, "t2 unread again, t1 read as it was", file: file, line: line)

        let star = Rule(id: try store.addRule(query: "n1", action: .star, scope: .all), query: "n1", action: .star)
        XCTAssertEqual(try store.apply(star).changed, [keys["n1"]!], file: file, line: line)
        XCTAssertTrue(try store.removeRule(star.id), file: file, line: line)
        XCTAssertEqual(try store.rules().map(\.id), [hide.id], file: file, line: line)
    }

    public func assertThatMarksChangeCounts(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        let keys = try LibrarySpecData.keys(store)
        try store.setRead(true, [keys["t1"]!, keys["t2"]!])
        try store.setRead(true, [keys["t1"]!])
        XCTAssertEqual(try store.subscriptions().map(\.counts), [ItemCounts(unread: 0, total: 2), ItemCounts(unread: 1, total: 1)], file: file, line: line)
        try store.setRead(false, [keys["t2"]!])
        XCTAssertEqual(try store.subscriptions().map(\.counts.unread), [1, 1], file: file, line: line)
        try store.setStarred(true, [keys["t2"]!])
        try store.setStarred(false, [keys["t2"]!])
        XCTAssertEqual(try store.count(.starred), 0, file: file, line: line)
    }

    public func assertThatMarkAllReadMarksOnlyTheViewAndSaysWhich(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try LibrarySpecData.subscribeTechAndNews(store)
        let keys = try LibrarySpecData.keys(store)
        try store.setRead(true, [keys["t1"]!])
        let marked = try store.markAllRead(LibraryView(.folder("Work")))
        XCTAssertEqual(marked, [keys["t2"]!], "t1 was read already: Undo must leave it read", file: file, line: line)
        XCTAssertEqual(try store.items(.unread, in: 0..<10).map(\.item.id), ["n1"], file: file, line: line)
        try store.setRead(false, marked)
        XCTAssertEqual(try store.items(.unread, in: 0..<10).map(\.item.id), ["n1", "t2"], file: file, line: line)
        XCTAssertEqual(try store.markAllRead(.all).count, 2, file: file, line: line)
        XCTAssertEqual(try store.count(.unread), 0, file: file, line: line)
    }

    public func assertThatReadRetentionIsAMonthUntilChosen(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try store.preference(ReadRetention.self), .month, file: file, line: line)
        try store.setPreference(ReadRetention.forever)
        try store.setPreference(ReadRetention.week)
        XCTAssertEqual(try store.preference(ReadRetention.self), .week, file: file, line: line)
    }

    public func assertThatRefreshSettingsAreKeptUntilChanged(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try store.preference(RefreshInterval.self), .halfHour, file: file, line: line)
        XCTAssertTrue(try store.notifiesNewItems(), file: file, line: line)
        XCTAssertNil(try store.lastRefresh(), file: file, line: line)
        try store.setPreference(RefreshInterval.off)
        try store.setNotifiesNewItems(false)
        try store.setLastRefresh(LibrarySpecData.date(3))
        XCTAssertEqual(try store.preference(RefreshInterval.self), .off, file: file, line: line)
        XCTAssertFalse(try store.notifiesNewItems(), file: file, line: line)
        XCTAssertEqual(try store.lastRefresh(), LibrarySpecData.date(3), file: file, line: line)
        try store.setSetting("last-refresh", to: nil)
        XCTAssertNil(try store.lastRefresh(), file: file, line: line)
    }

    public func assertThatPruneReadKeepsStarredUnreadAndRecent(on store: LibraryStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try store.subscribe(Subscription(address: LibrarySpecData.tech, title: "Tech"))
        try store.apply([FeedRefresh(address: LibrarySpecData.tech, outcome: .loaded(title: nil, siteLink: nil, items: LibrarySpecData.items("old-read", "old-starred", "old-unread")), date: LibrarySpecData.date(1))])
        try store.apply([FeedRefresh(address: LibrarySpecData.tech, outcome: .loaded(title: nil, siteLink: nil, items: LibrarySpecData.items("new-read")), date: LibrarySpecData.date(20))])
        let keys = try LibrarySpecData.keys(store)
        try store.setRead(true, [keys["old-read"]!, keys["old-starred"]!, keys["new-read"]!])
        try store.setStarred(true, [keys["old-starred"]!])
        XCTAssertEqual(try store.pruneRead(before: LibrarySpecData.date(10)), 1, file: file, line: line)
        XCTAssertEqual(Set(try store.items(.all, in: 0..<10).map(\.item.id)), ["old-starred", "old-unread", "new-read"], file: file, line: line)
        XCTAssertEqual(try store.subscriptions().map(\.counts), [ItemCounts(unread: 1, total: 3)], file: file, line: line)
    }
}

/// A change a spec refuses half-way, to see it undone.
private struct SpecRefusal: Error {}
