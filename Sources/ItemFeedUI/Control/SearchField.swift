/// A control that carries a value: the search text. The toolkit's search
/// entry sets the text and sends `.valueChanged` as the user types, and
/// `.editingDidEnd` when the search is closed; tests do the same.
@MainActor
public final class SearchField: Control {
    public private(set) var text = ""

    public override init() {}

    /// The user typed: the new text, then `.valueChanged` to every target.
    public func userChangedText(to text: String) {
        guard text != self.text else { return }
        self.text = text
        sendActions(for: .valueChanged)
    }

    /// The user closed the search: the text is gone.
    public func userEndedSearch() {
        text = ""
        sendActions(for: .editingDidEnd)
    }
}
