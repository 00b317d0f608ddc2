import CGtk
import ItemFeedUI

/// Everything inside the window: the header bar (refresh, loading state,
/// primary menu), the error banner, and the list, the empty-feed page or the
/// error page.
/// Kept apart from the window so tests can host it in a plain GtkWindow.
@MainActor
public final class ItemFeedScreen: ItemListStatusView {
    public let headerBar: UnsafeMutablePointer<GtkWidget>
    public let content: UnsafeMutablePointer<GtkWidget>
    public let list: ItemListWidget
    public let refreshButton: UnsafeMutablePointer<GtkWidget>
    private let refreshIcon: UnsafeMutablePointer<GtkWidget>
    private let refreshSpinner: UnsafeMutablePointer<GtkWidget>
    private let banner: ErrorBanner
    private let stack: UnsafeMutablePointer<GtkWidget>
    private let errorPage: StatusPage

    public init(controller: ItemListController<Thumbnail>, primaryMenu: OpaquePointer?) {
        list = ItemListWidget(controller: controller)
        banner = ErrorBanner(retryButton: controller.errorRetryButton, dismissButton: controller.errorDismissButton)

        headerBar = gtk_header_bar_new()
        refreshButton = gtk_button_new()
        refreshIcon = gtk_image_new_from_icon_name("view-refresh-symbolic")
        refreshSpinner = gtk_spinner_new()
        let refreshContent = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_append(itemfeed_box(refreshContent), refreshIcon)
        gtk_box_append(itemfeed_box(refreshContent), refreshSpinner)
        gtk_button_set_child(itemfeed_button(refreshButton), refreshContent)
        gtk_widget_set_tooltip_text(refreshButton, "Reload (F5)")
        itemfeed_accessible_set_label(itemfeed_accessible(refreshButton), "Reload the feed")
        gtk_header_bar_pack_start(itemfeed_header_bar(headerBar), refreshButton)

        if let primaryMenu {
            let menuButton = gtk_menu_button_new()!
            gtk_menu_button_set_icon_name(itemfeed_menu_button(menuButton), "open-menu-symbolic")
            gtk_menu_button_set_menu_model(itemfeed_menu_button(menuButton), itemfeed_menu_model(UnsafeMutableRawPointer(primaryMenu)))
            gtk_menu_button_set_primary(itemfeed_menu_button(menuButton), 1)
            gtk_widget_set_tooltip_text(menuButton, "Main Menu")
            itemfeed_accessible_set_label(itemfeed_accessible(menuButton), "Main menu")
            gtk_header_bar_pack_end(itemfeed_header_bar(headerBar), menuButton)
        }

        stack = gtk_stack_new()
        gtk_stack_set_transition_type(itemfeed_stack(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_add_named(itemfeed_stack(stack), list.widget, "list")
        let emptyPage = StatusPage(
            iconName: "view-list-symbolic", title: "No Items", body: "This feed has nothing to show right now.",
            buttonLabel: "_Reload", button: controller.refreshControl, event: .valueChanged
        )
        errorPage = StatusPage(
            iconName: "network-error-symbolic", title: "Couldn't Load the Feed", body: "",
            buttonLabel: "_Try Again", button: controller.errorRetryButton, event: .primaryActionTriggered
        )
        gtk_stack_add_named(itemfeed_stack(stack), emptyPage.widget, "empty")
        gtk_stack_add_named(itemfeed_stack(stack), errorPage.widget, "error")
        gtk_widget_set_vexpand(stack, 1)

        content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_append(itemfeed_box(content), banner.widget)
        gtk_box_append(itemfeed_box(content), stack)

        forwardClicks(of: refreshButton, to: controller.refreshControl, as: .valueChanged)
        controller.refreshControl.isRefreshingChanged = { [weak self] isRefreshing in
            self?.showRefreshing(isRefreshing)
        }
        showRefreshing(controller.refreshControl.isRefreshing)
        controller.listView = list
        controller.statusView = self
    }

    /// Puts the screen into `window`: header bar as its title bar, the rest
    /// as its child.
    public func install(in window: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_set_titlebar(itemfeed_window(window), headerBar)
        gtk_window_set_child(itemfeed_window(window), content)
        // The list, not the header bar's first button, starts with the
        // focus, so the arrow keys and Enter work on the rows at once.
        gtk_window_set_focus(itemfeed_window(window), list.listView)
    }

    // MARK: ItemListStatusView

    public func display(bannerMessage: String?) {
        banner.show(bannerMessage)
    }

    public func display(page: ItemListPage) {
        switch page {
        case .rows:
            gtk_stack_set_visible_child_name(itemfeed_stack(stack), "list")
        case .empty:
            gtk_stack_set_visible_child_name(itemfeed_stack(stack), "empty")
        case let .error(message):
            errorPage.bodyText = message
            gtk_stack_set_visible_child_name(itemfeed_stack(stack), "error")
        }
    }

    private func showRefreshing(_ isRefreshing: Bool) {
        gtk_widget_set_visible(refreshIcon, isRefreshing ? 0 : 1)
        gtk_widget_set_visible(refreshSpinner, isRefreshing ? 1 : 0)
        gtk_spinner_set_spinning(itemfeed_spinner(refreshSpinner), isRefreshing ? 1 : 0)
    }

    // MARK: What the GTK tests read back

    public var isShowingErrorBanner: Bool { banner.isShown }
    public var errorBannerMessage: String { banner.message }
    /// "list", "empty" or "error".
    public var visiblePageName: String {
        String(cString: gtk_stack_get_visible_child_name(itemfeed_stack(stack)))
    }
    public var errorPageMessage: String { errorPage.bodyText }
    public var isShowingRefreshSpinner: Bool { gtk_widget_get_visible(refreshSpinner) != 0 }
}
