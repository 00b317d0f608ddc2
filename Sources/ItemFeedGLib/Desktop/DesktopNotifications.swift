internal import CGLib
import ItemFeed

/// The application's desktop notifications (GNotification): each sent
/// under an id that replaces the last of its kind, and, when it names one
/// item, withdrawn once that item is read.
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
    /// The item each notification names (by the notification's id), until it is read.
    public private(set) var notifiedItems: [String: LibraryItem.Key] = [:]

    /// `application` is the `GApplication *` the notifications come from.
    public init(application: UnsafeMutableRawPointer) {
        self.application = application
    }

    /// Clicking it calls `primary`; `buttons` are its buttons.
    public func send(_ id: String, title: String, body: String, primary: Action, buttons: [Action] = [], item: LibraryItem.Key? = nil) {
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
        notifiedItems[id] = item
        g_application_send_notification(gApplication, id, notification)
        g_object_unref(UnsafeMutableRawPointer(notification))
    }

    /// New items, or a rule's match: one item's opens it and has Open and
    /// Mark as Read; more open the Unread view.
    public func sendItems(_ id: String, title: String, body: String, item: LibraryItem.Key?) {
        guard let item else {
            return send(id, title: title, body: body, primary: Action("", "show-unread"))
        }
        let key = String(item)
        send(
            id, title: title, body: body, primary: Action("", ItemActions.open, target: key),
            buttons: [Action(tr("Open"), ItemActions.open, target: key), Action(tr("Mark as Read"), ItemActions.markRead, target: key)], item: item
        )
    }

    private var gApplication: UnsafeMutablePointer<GApplication> { application.assumingMemoryBound(to: GApplication.self) }

    public func withdraw(_ id: String) {
        notifiedItems[id] = nil
        g_application_withdraw_notification(gApplication, id)
    }

    /// Withdraws the notifications of `key` (opened or marked from one).
    public func withdraw(noticesOf key: LibraryItem.Key) {
        for (id, notified) in notifiedItems where notified == key { withdraw(id) }
    }

    /// Withdraws the notifications whose item is read now, wherever it was read.
    public func withdrawRead(isUnread: (LibraryItem.Key) -> Bool) {
        for (id, key) in notifiedItems where !isUnread(key) { withdraw(id) }
    }
}
