internal import CGLib
import ItemFeed

/// The application's desktop notifications (GNotification): each sent
/// under an id that replaces the last of its kind, and, when it tells of
/// items, withdrawn once they are all read.
@MainActor
public final class DesktopNotifications {
    /// An action a notification calls: `app.NAME`, with a string target or none.
    public struct Action: Sendable {
        public let label: String
        public let name: String
        public let target: String?

        public init(_ label: String, _ name: String, target: String? = nil) {
            (self.label, self.name, self.target) = (label, name, target)
        }
    }

    public static let newItems = "new-items"
    public static let ruleMatched = "rule-matched"
    public static let background = "background"

    private let application: UnsafeMutableRawPointer
    /// The items each notification tells of (by the notification's id), until they are read.
    public private(set) var followed: [String: [LibraryItem.Key]] = [:]

    /// `application` is the `GApplication *` the notifications come from.
    public init(application: UnsafeMutableRawPointer) {
        self.application = application
    }

    /// Clicking it calls `primary`; `buttons` are its buttons.
    public func send(_ id: String, title: String, body: String, primary: Action, buttons: [Action] = [], items: [LibraryItem.Key] = []) {
        let notification = g_notification_new(title)!
        g_notification_set_body(notification, body)
        if let target = primary.target {
            g_notification_set_default_action_and_target_value(notification, "app.\(primary.name)", g_variant_new_string(target))
        } else {
            g_notification_set_default_action(notification, "app.\(primary.name)")
        }
        for button in buttons {
            if let target = button.target {
                g_notification_add_button_with_target_value(notification, button.label, "app.\(button.name)", g_variant_new_string(target))
            } else {
                g_notification_add_button(notification, button.label, "app.\(button.name)")
            }
        }
        followed[id] = items.isEmpty ? nil : items
        g_application_send_notification(gApplication, id, notification)
        g_object_unref(UnsafeMutableRawPointer(notification))
    }

    /// New items, or a rule's matches: one item's opens it and has Open
    /// and Mark as Read; more open the Unread view.
    public func sendItems(_ id: String, title: String, body: String, items: [LibraryItem.Key]) {
        guard items.count == 1 else {
            return send(id, title: title, body: body, primary: Action("", "show-unread"), items: items)
        }
        let key = String(items[0])
        send(
            id, title: title, body: body, primary: Action("", ItemActions.open, target: key),
            buttons: [Action(tr("Open"), ItemActions.open, target: key), Action(tr("Mark as Read"), ItemActions.markRead, target: key)], items: items
        )
    }

    private var gApplication: UnsafeMutablePointer<GApplication> { application.assumingMemoryBound(to: GApplication.self) }

    public func withdraw(_ id: String) {
        followed[id] = nil
        g_application_withdraw_notification(gApplication, id)
    }

    /// Withdraws the notification of the one item `key` (opened or marked from it).
    public func withdraw(noticesOf key: LibraryItem.Key) {
        for (id, keys) in followed where keys == [key] { withdraw(id) }
    }

    /// Withdraws the notifications whose items are all read now, wherever
    /// they were read; `unreadAmong` says which of some items are not.
    public func withdrawRead(unreadAmong: ([LibraryItem.Key]) -> Set<LibraryItem.Key>) {
        for (id, keys) in followed where unreadAmong(keys).isEmpty { withdraw(id) }
    }
}
