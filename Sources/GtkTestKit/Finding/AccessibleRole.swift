import CGtkTestKit

/// A widget's accessible role, as GTK tells a screen reader, named as in
/// WAI-ARIA (GTK 4.8's roles; a newer GTK's unknown ones read as `widget`).
public enum AccessibleRole: String, CaseIterable, Sendable {
    case alert = "alert"
    case alertDialog = "alert-dialog"
    case banner = "banner"
    case button = "button"
    case caption = "caption"
    case cell = "cell"
    case checkbox = "checkbox"
    case columnHeader = "column-header"
    case comboBox = "combo-box"
    case command = "command"
    case composite = "composite"
    case dialog = "dialog"
    case document = "document"
    case feed = "feed"
    case form = "form"
    case generic = "generic"
    case grid = "grid"
    case gridCell = "grid-cell"
    case group = "group"
    case heading = "heading"
    case img = "img"
    case input = "input"
    case label = "label"
    case landmark = "landmark"
    case legend = "legend"
    case link = "link"
    case list = "list"
    case listBox = "list-box"
    case listItem = "list-item"
    case log = "log"
    case main = "main"
    case marquee = "marquee"
    case math = "math"
    case menu = "menu"
    case menuBar = "menu-bar"
    case menuItem = "menu-item"
    case menuItemCheckbox = "menu-item-checkbox"
    case menuItemRadio = "menu-item-radio"
    case meter = "meter"
    case navigation = "navigation"
    case none = "none"
    case note = "note"
    case option = "option"
    case presentation = "presentation"
    case progressBar = "progress-bar"
    case radio = "radio"
    case radioGroup = "radio-group"
    case range = "range"
    case region = "region"
    case row = "row"
    case rowGroup = "row-group"
    case rowHeader = "row-header"
    case scrollbar = "scrollbar"
    case search = "search"
    case searchBox = "search-box"
    case section = "section"
    case sectionHead = "section-head"
    case select = "select"
    case separator = "separator"
    case slider = "slider"
    case spinButton = "spin-button"
    case status = "status"
    case structure = "structure"
    case `switch` = "switch"
    case tab = "tab"
    case table = "table"
    case tabList = "tab-list"
    case tabPanel = "tab-panel"
    case textBox = "text-box"
    case time = "time"
    case timer = "timer"
    case toolbar = "toolbar"
    case tooltip = "tooltip"
    case tree = "tree"
    case treeGrid = "tree-grid"
    case treeItem = "tree-item"
    case widget = "widget"
    case window = "window"

    init(_ role: GtkAccessibleRole) {
        self = Self.byValue[role.rawValue] ?? .widget
    }

    /// Whether a user acts on it, so it must have a name.
    public var isInteractive: Bool {
        switch self {
        case .button, .checkbox, .comboBox, .link, .menuItem, .menuItemCheckbox, .menuItemRadio, .option, .radio,
             .searchBox, .slider, .spinButton, .`switch`, .tab, .textBox: return true
        default: return false
        }
    }

    private static let byValue: [UInt32: AccessibleRole] = Dictionary(uniqueKeysWithValues: ([
        (GTK_ACCESSIBLE_ROLE_ALERT, .alert),
        (GTK_ACCESSIBLE_ROLE_ALERT_DIALOG, .alertDialog),
        (GTK_ACCESSIBLE_ROLE_BANNER, .banner),
        (GTK_ACCESSIBLE_ROLE_BUTTON, .button),
        (GTK_ACCESSIBLE_ROLE_CAPTION, .caption),
        (GTK_ACCESSIBLE_ROLE_CELL, .cell),
        (GTK_ACCESSIBLE_ROLE_CHECKBOX, .checkbox),
        (GTK_ACCESSIBLE_ROLE_COLUMN_HEADER, .columnHeader),
        (GTK_ACCESSIBLE_ROLE_COMBO_BOX, .comboBox),
        (GTK_ACCESSIBLE_ROLE_COMMAND, .command),
        (GTK_ACCESSIBLE_ROLE_COMPOSITE, .composite),
        (GTK_ACCESSIBLE_ROLE_DIALOG, .dialog),
        (GTK_ACCESSIBLE_ROLE_DOCUMENT, .document),
        (GTK_ACCESSIBLE_ROLE_FEED, .feed),
        (GTK_ACCESSIBLE_ROLE_FORM, .form),
        (GTK_ACCESSIBLE_ROLE_GENERIC, .generic),
        (GTK_ACCESSIBLE_ROLE_GRID, .grid),
        (GTK_ACCESSIBLE_ROLE_GRID_CELL, .gridCell),
        (GTK_ACCESSIBLE_ROLE_GROUP, .group),
        (GTK_ACCESSIBLE_ROLE_HEADING, .heading),
        (GTK_ACCESSIBLE_ROLE_IMG, .img),
        (GTK_ACCESSIBLE_ROLE_INPUT, .input),
        (GTK_ACCESSIBLE_ROLE_LABEL, .label),
        (GTK_ACCESSIBLE_ROLE_LANDMARK, .landmark),
        (GTK_ACCESSIBLE_ROLE_LEGEND, .legend),
        (GTK_ACCESSIBLE_ROLE_LINK, .link),
        (GTK_ACCESSIBLE_ROLE_LIST, .list),
        (GTK_ACCESSIBLE_ROLE_LIST_BOX, .listBox),
        (GTK_ACCESSIBLE_ROLE_LIST_ITEM, .listItem),
        (GTK_ACCESSIBLE_ROLE_LOG, .log),
        (GTK_ACCESSIBLE_ROLE_MAIN, .main),
        (GTK_ACCESSIBLE_ROLE_MARQUEE, .marquee),
        (GTK_ACCESSIBLE_ROLE_MATH, .math),
        (GTK_ACCESSIBLE_ROLE_MENU, .menu),
        (GTK_ACCESSIBLE_ROLE_MENU_BAR, .menuBar),
        (GTK_ACCESSIBLE_ROLE_MENU_ITEM, .menuItem),
        (GTK_ACCESSIBLE_ROLE_MENU_ITEM_CHECKBOX, .menuItemCheckbox),
        (GTK_ACCESSIBLE_ROLE_MENU_ITEM_RADIO, .menuItemRadio),
        (GTK_ACCESSIBLE_ROLE_METER, .meter),
        (GTK_ACCESSIBLE_ROLE_NAVIGATION, .navigation),
        (GTK_ACCESSIBLE_ROLE_NONE, .none),
        (GTK_ACCESSIBLE_ROLE_NOTE, .note),
        (GTK_ACCESSIBLE_ROLE_OPTION, .option),
        (GTK_ACCESSIBLE_ROLE_PRESENTATION, .presentation),
        (GTK_ACCESSIBLE_ROLE_PROGRESS_BAR, .progressBar),
        (GTK_ACCESSIBLE_ROLE_RADIO, .radio),
        (GTK_ACCESSIBLE_ROLE_RADIO_GROUP, .radioGroup),
        (GTK_ACCESSIBLE_ROLE_RANGE, .range),
        (GTK_ACCESSIBLE_ROLE_REGION, .region),
        (GTK_ACCESSIBLE_ROLE_ROW, .row),
        (GTK_ACCESSIBLE_ROLE_ROW_GROUP, .rowGroup),
        (GTK_ACCESSIBLE_ROLE_ROW_HEADER, .rowHeader),
        (GTK_ACCESSIBLE_ROLE_SCROLLBAR, .scrollbar),
        (GTK_ACCESSIBLE_ROLE_SEARCH, .search),
        (GTK_ACCESSIBLE_ROLE_SEARCH_BOX, .searchBox),
        (GTK_ACCESSIBLE_ROLE_SECTION, .section),
        (GTK_ACCESSIBLE_ROLE_SECTION_HEAD, .sectionHead),
        (GTK_ACCESSIBLE_ROLE_SELECT, .select),
        (GTK_ACCESSIBLE_ROLE_SEPARATOR, .separator),
        (GTK_ACCESSIBLE_ROLE_SLIDER, .slider),
        (GTK_ACCESSIBLE_ROLE_SPIN_BUTTON, .spinButton),
        (GTK_ACCESSIBLE_ROLE_STATUS, .status),
        (GTK_ACCESSIBLE_ROLE_STRUCTURE, .structure),
        (GTK_ACCESSIBLE_ROLE_SWITCH, .`switch`),
        (GTK_ACCESSIBLE_ROLE_TAB, .tab),
        (GTK_ACCESSIBLE_ROLE_TABLE, .table),
        (GTK_ACCESSIBLE_ROLE_TAB_LIST, .tabList),
        (GTK_ACCESSIBLE_ROLE_TAB_PANEL, .tabPanel),
        (GTK_ACCESSIBLE_ROLE_TEXT_BOX, .textBox),
        (GTK_ACCESSIBLE_ROLE_TIME, .time),
        (GTK_ACCESSIBLE_ROLE_TIMER, .timer),
        (GTK_ACCESSIBLE_ROLE_TOOLBAR, .toolbar),
        (GTK_ACCESSIBLE_ROLE_TOOLTIP, .tooltip),
        (GTK_ACCESSIBLE_ROLE_TREE, .tree),
        (GTK_ACCESSIBLE_ROLE_TREE_GRID, .treeGrid),
        (GTK_ACCESSIBLE_ROLE_TREE_ITEM, .treeItem),
        (GTK_ACCESSIBLE_ROLE_WIDGET, .widget),
        (GTK_ACCESSIBLE_ROLE_WINDOW, .window),
    ] as [(GtkAccessibleRole, AccessibleRole)]).map { ($0.0.rawValue, $0.1) })
}
