import ItemFeed

/// What a command needs of the screen it runs on: GTK's dialog, clipboard
/// and toasts in the window, a recorder in the tests.
@MainActor
public protocol CommandScreen: AnyObject {
    /// Asks for a line of text; `answered` only when the user accepts.
    func ask(_ question: TextRequest, answered: @escaping @MainActor (String) -> Void)
    func copy(_ text: String)
    func notify(_ message: String)
    func offerUndo(_ message: String, undo: @escaping @MainActor () -> Void)
}

/// A question asking for a line of text, with the text to start from.
public struct TextRequest: Equatable, Sendable {
    public let heading: String
    public let body: String
    public let text: String
    public let accept: String

    public init(heading: String, body: String, text: String, accept: String) {
        (self.heading, self.body, self.text, self.accept) = (heading, body, text, accept)
    }
}
