import CGtk
import Foundation
import ItemFeed

/// Preferences → Rules (SPEC 17): the rules, each with Remove, and a form
/// that adds one or, a rule chosen, changes it: when an item matches the
/// search, then mark it read, star it, hide it or notify; for every item, a
/// folder or a feed; and, when asked, to the items already there, counted
/// as the search is typed.
@MainActor
public final class RulesPage {
    public struct Choices {
        public var rules: @MainActor () -> [Rule]
        /// Where a rule may apply, titled: every item first, then folders and feeds.
        public var scopes: [(title: String, scope: LibraryView.Scope)]
        /// How many items already there a rule would change, or why its search cannot be read.
        public var count: @MainActor (Rule) -> Result<Int, Error>
        /// Keeps the rule (a new one when its id is 0), applied to the items
        /// already there when asked; answers why not, or `nil`.
        public var save: @MainActor (_ rule: Rule, _ applyToItemsHere: Bool, _ done: @escaping @MainActor (String?) -> Void) -> Void
        public var remove: @MainActor (Rule) -> Void

        public init(
            rules: @escaping @MainActor () -> [Rule], scopes: [(title: String, scope: LibraryView.Scope)],
            count: @escaping @MainActor (Rule) -> Result<Int, Error>,
            save: @escaping @MainActor (Rule, Bool, @escaping @MainActor (String?) -> Void) -> Void, remove: @escaping @MainActor (Rule) -> Void
        ) {
            (self.rules, self.scopes, self.count, self.save, self.remove) = (rules, scopes, count, save, remove)
        }
    }

    let page: UnsafeMutablePointer<GtkWidget>
    private let choices: Choices
    private let list: UnsafeMutablePointer<GtkWidget>
    private var ruleRows: [UnsafeMutablePointer<GtkWidget>] = []
    private let form: UnsafeMutablePointer<GtkWidget>
    private let queryRow: UnsafeMutablePointer<GtkWidget>
    private let actionRow: UnsafeMutablePointer<GtkWidget>
    private let scopeRow: UnsafeMutablePointer<GtkWidget>
    private let applyRow: UnsafeMutablePointer<GtkWidget>
    private let applySwitch: UnsafeMutablePointer<GtkWidget>
    private let saveButton: UnsafeMutablePointer<GtkWidget>
    /// Why the rule cannot be kept, or what it did.
    private let status: UnsafeMutablePointer<GtkWidget>
    /// The rule being changed; `nil`: a new one.
    private(set) var editing: Rule?

    init(choices: Choices) {
        self.choices = choices
        page = adw_preferences_page_new()
        adw_preferences_page_set_title(itemfeed_adw_preferences_page(page), tr("Rules"))
        adw_preferences_page_set_icon_name(itemfeed_adw_preferences_page(page), "object-select-symbolic")

        list = adw_preferences_group_new()
        adw_preferences_group_set_title(itemfeed_adw_preferences_group(list), tr("Rules"))
        adw_preferences_group_set_description(itemfeed_adw_preferences_group(list), tr("Applied to items as a refresh or a sync brings them. Choose a rule to change it."))
        adw_preferences_page_add(itemfeed_adw_preferences_page(page), itemfeed_adw_preferences_group(list))

        form = adw_preferences_group_new()
        adw_preferences_group_set_title(itemfeed_adw_preferences_group(form), tr("Add Rule"))
        adw_preferences_group_set_description(itemfeed_adw_preferences_group(form), tr("The search as the search bar reads it: words, \"phrases\", -word, OR, title:, author:, feed:, folder:, is:unread, after:DATE."))
        queryRow = adw_entry_row_new()
        adw_preferences_row_set_title(itemfeed_adw_preferences_row(queryRow), tr("When an Item Matches"))
        actionRow = PreferencesForm.comboRow(tr("Then"), Rule.Action.allCases.map(\.title))
        scopeRow = PreferencesForm.comboRow(tr("For"), choices.scopes.map(\.title))
        applyRow = adw_action_row_new()
        adw_preferences_row_set_title(itemfeed_adw_preferences_row(applyRow), tr("Also to the Items Already Here"))
        applySwitch = gtk_switch_new()
        gtk_widget_set_valign(applySwitch, GTK_ALIGN_CENTER)
        itemfeed_accessible_set_label(itemfeed_accessible(applySwitch), tr("Also to the Items Already Here"))
        adw_action_row_add_suffix(itemfeed_adw_action_row(applyRow), applySwitch)
        adw_action_row_set_activatable_widget(itemfeed_adw_action_row(applyRow), applySwitch)
        for row in [queryRow, actionRow, scopeRow, applyRow] { adw_preferences_group_add(itemfeed_adw_preferences_group(form), row) }
        status = PreferencesForm.statusLine()
        saveButton = PreferencesForm.sendButton(tr("Add Rule"))
        adw_preferences_group_add(itemfeed_adw_preferences_group(form), status)
        adw_preferences_group_add(itemfeed_adw_preferences_group(form), saveButton)
        adw_preferences_page_add(itemfeed_adw_preferences_page(page), itemfeed_adw_preferences_group(form))

        Signal.connect(UnsafeMutableRawPointer(queryRow), "changed") { [weak self] in self?.showCount() }
        for row in [actionRow, scopeRow] {
            Signal.connect(UnsafeMutableRawPointer(row), "notify::selected") { [weak self] (_: UnsafeMutableRawPointer) in self?.showCount() }
        }
        Signal.connect(UnsafeMutableRawPointer(saveButton), "clicked") { [weak self] in self?.save() }
        Signal.connect(UnsafeMutableRawPointer(queryRow), "entry-activated") { [weak self] in self?.save() }
        showRules()
        showCount()
    }

    /// The rule the form describes now.
    var formRule: Rule {
        let action = Rule.Action.allCases[min(Int(adw_combo_row_get_selected(itemfeed_adw_combo_row(actionRow))), Rule.Action.allCases.count - 1)]
        let scopeIndex = Int(adw_combo_row_get_selected(itemfeed_adw_combo_row(scopeRow)))
        let scope = choices.scopes.indices.contains(scopeIndex) ? choices.scopes[scopeIndex].scope : .all
        let query = String(cString: gtk_editable_get_text(itemfeed_editable(queryRow))).trimmingCharacters(in: .whitespacesAndNewlines)
        return Rule(id: editing?.id ?? 0, query: query, action: action, scope: scope)
    }

    /// The items already there it would change, or why the search cannot be read: the count first.
    private func showCount() {
        let rule = formRule
        guard !rule.query.isEmpty else {
            adw_action_row_set_subtitle(itemfeed_adw_action_row(applyRow), "")
            return
        }
        let subtitle: String = switch choices.count(rule) {
        case .success where rule.action == .notify: tr("Items already here are not news: none is told of")
        case let .success(count): trPlural("It would change {count} item", "It would change {count} items", count, ["count": String(count)])
        case let .failure(error): error.explanation
        }
        adw_action_row_set_subtitle(itemfeed_adw_action_row(applyRow), subtitle)
    }

    private func save() {
        let rule = formRule
        guard !rule.query.isEmpty else { return say(tr("Type the search items must match."), isError: true) }
        let apply = gtk_switch_get_active(itemfeed_switch(applySwitch)) != 0
        gtk_widget_set_sensitive(saveButton, 0)
        choices.save(rule, apply) { [weak self] problem in
            guard let self else { return }
            gtk_widget_set_sensitive(saveButton, 1)
            if let problem { return say(problem, isError: true) }
            say(editing == nil ? tr("Rule added.") : tr("Rule changed."), isError: false)
            edit(nil)
            showRules()
        }
    }

    /// The form filled with `rule` to change it, or emptied for a new one.
    func edit(_ rule: Rule?) {
        editing = rule
        gtk_editable_set_text(itemfeed_editable(queryRow), rule?.query ?? "")
        adw_combo_row_set_selected(itemfeed_adw_combo_row(actionRow), guint(rule.flatMap { Rule.Action.allCases.firstIndex(of: $0.action) } ?? 0))
        adw_combo_row_set_selected(itemfeed_adw_combo_row(scopeRow), guint(rule.flatMap { rule in choices.scopes.firstIndex { $0.scope == rule.scope } } ?? 0))
        gtk_switch_set_active(itemfeed_switch(applySwitch), 0)
        let title = rule == nil ? tr("Add Rule") : tr("Save Rule")
        adw_preferences_group_set_title(itemfeed_adw_preferences_group(form), rule == nil ? tr("Add Rule") : tr("Change Rule"))
        gtk_button_set_label(itemfeed_button(saveButton), title)
        itemfeed_accessible_set_label(itemfeed_accessible(saveButton), title)
    }

    /// The rules as the library has them now.
    func showRules() {
        for row in ruleRows { adw_preferences_group_remove(itemfeed_adw_preferences_group(list), row) }
        ruleRows = []
        let rules = choices.rules()
        if rules.isEmpty {
            let row = adw_action_row_new()!
            adw_preferences_row_set_title(itemfeed_adw_preferences_row(row), tr("No rules yet."))
            ruleRows.append(row)
        }
        for rule in rules {
            let row = adw_action_row_new()!
            adw_preferences_row_set_title(itemfeed_adw_preferences_row(row), rule.query)
            adw_preferences_row_set_use_markup(itemfeed_adw_preferences_row(row), 0)
            adw_action_row_set_subtitle(itemfeed_adw_action_row(row), subtitle(rule))
            gtk_list_box_row_set_activatable(itemfeed_list_box_row(row), 1)
            Signal.connect(UnsafeMutableRawPointer(row), "activated") { [weak self] in self?.edit(rule) }
            let remove = gtk_button_new_from_icon_name("user-trash-symbolic")!
            gtk_widget_set_valign(remove, GTK_ALIGN_CENTER)
            gtk_widget_add_css_class(remove, "flat")
            gtk_widget_set_tooltip_text(remove, tr("Remove Rule"))
            itemfeed_accessible_set_label(itemfeed_accessible(remove), tr("Remove the rule {query}", ["query": rule.query]))
            Signal.connect(UnsafeMutableRawPointer(remove), "clicked") { [weak self] in
                self?.choices.remove(rule)
                if self?.editing?.id == rule.id { self?.edit(nil) }
                self?.showRules()
            }
            adw_action_row_add_suffix(itemfeed_adw_action_row(row), remove)
            ruleRows.append(row)
        }
        for row in ruleRows { adw_preferences_group_add(itemfeed_adw_preferences_group(list), row) }
    }

    /// "Star · Work": what it does, and where.
    private func subtitle(_ rule: Rule) -> String {
        let place = choices.scopes.first { $0.scope == rule.scope }?.title ?? tr("Every Item")
        return rule.action.title + " · " + place
    }

    private func say(_ text: String, isError: Bool) {
        PreferencesForm.say(text, isError: isError, on: status)
    }
}

extension Rule.Action {
    /// As the Rules page says it.
    public var title: String {
        switch self {
        case .read: tr("Mark as Read")
        case .star: tr("Star")
        case .hide: tr("Hide")
        case .notify: tr("Notify Me")
        }
    }
}
