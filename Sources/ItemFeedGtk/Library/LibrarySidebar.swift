import CGtk
import Foundation
import ItemFeed
import ItemFeedGLib
import ItemFeedUI

/// The library's sidebar: a navigation list of the views, folders and
/// feeds, each with its icon and unread count, a failing feed with a
/// warning that says why. It forwards GTK's facts (which row was chosen) to
/// `LibrarySidebarController` and draws the rows it is given.
@MainActor
public final class LibrarySidebar {
    /// A header bar over the scrolled list: the leaflet's first page.
    public let root: UnsafeMutablePointer<GtkWidget>
    let headerBar: UnsafeMutablePointer<GtkWidget>
    let list: UnsafeMutablePointer<GtkWidget>
    private let controller: LibrarySidebarController
    /// Set while rows are made or selected from code: GTK's signals then
    /// report nothing the user did.
    private var isUpdating = false
    private(set) var shownRows: [LibrarySidebarRow] = []
    /// The widgets of each row shown, by index, to change in place.
    private var rowWidgets: [RowWidgets] = []

    /// A row's parts that a new count or state changes.
    private struct RowWidgets {
        let row: UnsafeMutablePointer<GtkWidget>
        /// A feed's avatar (its icon over its letter tile); `nil` for a view or folder.
        let avatar: UnsafeMutablePointer<GtkWidget>?
        let title: UnsafeMutablePointer<GtkWidget>
        let warning: UnsafeMutablePointer<GtkWidget>
        let count: UnsafeMutablePointer<GtkWidget>
    }
    private(set) var menu: LibrarySidebarMenu?
    /// Loads a feed's icon (the thumbnails' pipeline: libcurl, the disk
    /// cache, gdk-pixbuf off the UI thread); `nil`: letter tiles only.
    public var loadIcon: ArticleView.LoadImage? {
        didSet { for index in rowWidgets.indices { showIcon(of: shownRows[index], in: rowWidgets[index]) } }
    }
    /// Each icon once per run: its picture, or `nil` when it could not be had.
    private var icons: [URL: Thumbnail?] = [:]
    private var iconLoads: [URL: ItemImageLoaderTask] = [:]
    /// Rows still to change are changed a turn of the loop later.
    private var isRestScheduled = false

    /// Rows changed in place in one turn of the loop; the rest follow a frame
    /// later, so GTK measures and paints between them (a first refresh's new
    /// titles move most rows).
    static let rowsChangedAtOnce = 25

    public init(controller: LibrarySidebarController, startButtons: [UnsafeMutablePointer<GtkWidget>] = []) {
        self.controller = controller
        headerBar = adw_header_bar_new()
        adw_header_bar_set_title_widget(itemfeed_adw_header_bar(headerBar), adw_window_title_new(tr("Feeds"), nil))
        for button in startButtons { adw_header_bar_pack_start(itemfeed_adw_header_bar(headerBar), button) }
        list = gtk_list_box_new()
        gtk_widget_add_css_class(list, "navigation-sidebar")
        gtk_list_box_set_selection_mode(itemfeed_list_box(list), GTK_SELECTION_SINGLE)
        itemfeed_accessible_set_label(itemfeed_accessible(list), tr("Feeds"))
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(itemfeed_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(itemfeed_scrolled_window(scrolled), list)
        gtk_widget_set_vexpand(scrolled, 1)
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(root, "library-sidebar")
        gtk_widget_set_size_request(root, 220, -1)
        gtk_box_append(itemfeed_box(root), headerBar)
        gtk_box_append(itemfeed_box(root), scrolled)
        Signal.connect(UnsafeMutableRawPointer(list), "row-selected") { [weak self] (row: UnsafeMutableRawPointer) in
            guard let self, !self.isUpdating else { return }
            self.controller.select(at: Int(gtk_list_box_row_get_index(itemfeed_list_box_row(row))))
        }
        controller.changed = { [weak self] in self?.show() }
        menu = LibrarySidebarMenu(list: list, controller: controller)
        show()
    }

    /// Draws the controller's rows. A count that moved (an item read, a
    /// batch written) changes that row in place, not the list, which a
    /// refresh would otherwise remake batch after batch. At most
    /// `rowsChangedAtOnce` rows a turn.
    func show() {
        isUpdating = true
        defer { isUpdating = false }
        let rows = controller.rows
        if rows.count == shownRows.count {
            var changed = 0
            for index in rows.indices where rows[index] != shownRows[index] {
                guard changed < Self.rowsChangedAtOnce else {
                    showRestLater()
                    break
                }
                changed += 1
                let (old, new) = (shownRows[index], rows[index])
                shownRows[index] = new
                // The same kind of row drawn again (a count moved, or a
                // feed's new title moved the rows after it): changed in place.
                if old.kind == new.kind {
                    Self.show(new, in: rowWidgets[index], replacing: old)
                    if old.icon != new.icon || old.title != new.title { showIcon(of: new, in: rowWidgets[index]) }
                    continue
                }
                // A feed's menu goes with its row; one on another row stays open.
                if menu?.rowIndex == index { menu?.close() }
                replaceRow(at: index, with: new)
            }
        } else {
            menu?.close()
            while let row = gtk_widget_get_first_child(list) { gtk_list_box_remove(itemfeed_list_box(list), row) }
            rowWidgets = rows.map(makeRow)
            for widgets in rowWidgets { gtk_list_box_append(itemfeed_list_box(list), widgets.row) }
            shownRows = rows
        }
        if let row = gtk_list_box_get_row_at_index(itemfeed_list_box(list), Int32(controller.selectedIndex)) {
            gtk_list_box_select_row(itemfeed_list_box(list), row)
        }
    }

    private func showRestLater() {
        guard !isRestScheduled else { return }
        isRestScheduled = true
        _ = MainContextTimer.schedule(0.02) { [weak self] in
            self?.isRestScheduled = false
            self?.show()
        }
    }

    private func replaceRow(at index: Int, with row: LibrarySidebarRow) {
        guard let old = gtk_list_box_get_row_at_index(itemfeed_list_box(list), Int32(index)) else { return }
        let oldWidget = UnsafeMutableRawPointer(old).assumingMemoryBound(to: GtkWidget.self)
        let hadFocus = gtk_widget_has_focus(oldWidget) != 0
        gtk_list_box_remove(itemfeed_list_box(list), oldWidget)
        let new = makeRow(row)
        rowWidgets[index] = new
        gtk_list_box_insert(itemfeed_list_box(list), new.row, Int32(index))
        if hadFocus { gtk_widget_grab_focus(new.row) }
    }

    /// The chosen row takes the focus, so the arrow keys move from it.
    public func focusSelection() {
        if let row = gtk_list_box_get_row_at_index(itemfeed_list_box(list), Int32(controller.selectedIndex)) {
            gtk_widget_grab_focus(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
        }
    }

    private func makeRow(_ row: LibrarySidebarRow) -> RowWidgets {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        if case .feed(inFolder: true) = row.kind { gtk_widget_set_margin_start(box, 18) }
        var avatar: UnsafeMutablePointer<GtkWidget>?
        if case .feed = row.kind {
            avatar = adw_avatar_new(16, row.title, 1)
            gtk_box_append(itemfeed_box(box), avatar)
        } else {
            gtk_box_append(itemfeed_box(box), gtk_image_new_from_icon_name(row.iconName))
        }
        let title = gtk_label_new(row.title)!
        gtk_label_set_xalign(itemfeed_label(title), 0)
        gtk_label_set_ellipsize(itemfeed_label(title), PANGO_ELLIPSIZE_END)
        gtk_widget_set_hexpand(title, 1)
        if row.kind == .folder || row.kind == .account { gtk_widget_add_css_class(title, "heading") }
        gtk_box_append(itemfeed_box(box), title)
        let warning = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
        gtk_widget_add_css_class(warning, "warning")
        gtk_box_append(itemfeed_box(box), warning)
        let count = gtk_label_new(nil)!
        gtk_widget_add_css_class(count, "dim-label")
        gtk_widget_add_css_class(count, "numeric")
        gtk_box_append(itemfeed_box(box), count)
        // The row's label says it all: its parts are not read again.
        var part = gtk_widget_get_first_child(box)
        while let current = part {
            itemfeed_accessible_set_hidden(itemfeed_accessible(current), 1)
            part = gtk_widget_get_next_sibling(current)
        }
        let listRow = gtk_list_box_row_new()!
        gtk_list_box_row_set_child(itemfeed_list_box_row(listRow), box)
        let widgets = RowWidgets(row: listRow, avatar: avatar, title: title, warning: warning, count: count)
        Self.show(row, in: widgets)
        showIcon(of: row, in: widgets)
        return widgets
    }

    /// The feed's letter tile at once; its icon over it once loaded (each
    /// address asked once a run, the bytes kept in the image cache).
    private func showIcon(of row: LibrarySidebarRow, in widgets: RowWidgets) {
        guard let avatar = widgets.avatar else { return }
        adw_avatar_set_text(itemfeed_adw_avatar(avatar), row.title)
        guard let url = row.icon else { return adw_avatar_set_custom_image(itemfeed_adw_avatar(avatar), nil) }
        if let known = icons[url] {
            let texture = known.map { itemfeed_paintable(UnsafeMutableRawPointer($0.texture)) }
            return adw_avatar_set_custom_image(itemfeed_adw_avatar(avatar), texture ?? nil)
        }
        adw_avatar_set_custom_image(itemfeed_adw_avatar(avatar), nil)
        guard let loadIcon, iconLoads[url] == nil else { return }
        iconLoads[url] = loadIcon(url) { [weak self] icon in
            guard let self else { return }
            iconLoads[url] = nil
            icons[url] = .some(icon)
            for (index, row) in shownRows.enumerated() where row.icon == url { showIcon(of: row, in: rowWidgets[index]) }
        }
    }

    /// How many feeds show their own icon, for the tests.
    var shownIconCount: Int {
        rowWidgets.filter { widgets in widgets.avatar.map { adw_avatar_get_custom_image(itemfeed_adw_avatar($0)) != nil } ?? false }.count
    }

    /// What changes with a count, a state or a title: the number, the
    /// warning (its tooltip says why), the title, the sentence read. Only what
    /// changed is set. The row itself has no tooltip: a feed's new title moves
    /// the rows after it, and setting hundreds of tooltips again made a
    /// refresh's sidebar updates take up to 300 ms with 1,000 feeds.
    private static func show(_ row: LibrarySidebarRow, in widgets: RowWidgets, replacing old: LibrarySidebarRow? = nil) {
        if let old, old.title != row.title { gtk_label_set_text(itemfeed_label(widgets.title), row.title) }
        if old == nil || old?.problem != row.problem {
            gtk_widget_set_visible(widgets.warning, row.problem == nil ? 0 : 1)
            gtk_widget_set_tooltip_text(widgets.warning, row.problem)
        }
        if old == nil || old?.unread != row.unread {
            gtk_widget_set_visible(widgets.count, row.unread > 0 ? 1 : 0)
            gtk_label_set_text(itemfeed_label(widgets.count), row.unread > 0 ? String(row.unread) : "")
        }
        // Read as one sentence, not as an icon, a label and a number.
        if old?.accessibleLabel != row.accessibleLabel {
            itemfeed_accessible_set_label(itemfeed_accessible(widgets.row), row.accessibleLabel)
        }
    }
}
