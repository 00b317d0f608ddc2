/// The kinds of event a control sends to its targets.
public struct ControlEvent: Hashable, Sendable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    /// A tap, a click, Enter on a focused button.
    public static let primaryActionTriggered = ControlEvent("primaryActionTriggered")
    /// The control's value changed: for a refresh control, "the user asked
    /// for new data".
    public static let valueChanged = ControlEvent("valueChanged")

    /// Editing ended: for a search field, the search was closed (Escape).
    public static let editingDidEnd = ControlEvent("editingDidEnd")

    public var description: String { name }
}
