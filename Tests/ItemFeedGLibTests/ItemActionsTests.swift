import CGLib
import Foundation
import ItemFeed
import ItemFeedGLib
import XCTest

/// A notification's buttons name an item by its key: the application's
/// actions open it or mark it read, with or without a window.
final class ItemActionsTests: XCTestCase {
    @MainActor func test_theActions_takeTheItemsKey_andIgnoreAnythingElse() async {
        let group = g_simple_action_group_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(group)) }
        var opened: [LibraryItem.Key] = [], marked: [LibraryItem.Key] = []
        ItemActions.add(to: UnsafeMutableRawPointer(group), open: { opened.append($0) }, markRead: { marked.append($0) })
        let actions = OpaquePointer(group)

        g_action_group_activate_action(actions, ItemActions.markRead, g_variant_new_string("42"))
        g_action_group_activate_action(actions, ItemActions.open, g_variant_new_string("7"))
        g_action_group_activate_action(actions, ItemActions.markRead, g_variant_new_string("not a key"))

        XCTAssertEqual(marked, [42])
        XCTAssertEqual(opened, [7])
    }
}
