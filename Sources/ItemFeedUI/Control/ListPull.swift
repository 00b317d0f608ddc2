/// How the user last moved the list, as the toolkit reports it.
public enum ListScrollInput: Sendable {
    /// Mouse-wheel clicks: each click moves the list a step, and spinning
    /// the wheel at the top is how people get back there, not a request to
    /// reload (in `make soak`, wheeling up a 100,000-item feed reloaded it
    /// every 1.5 s).
    case wheel
    /// A touchpad's two-finger scroll: it moves the list by the pixel, so
    /// pushing past the top is a deliberate pull.
    case touchpad
    /// A finger dragging the list.
    case touch
}

/// Whether the list going past its top is a pull to refresh: only when a
/// touchpad or a finger last moved it. The wheel also overshoots the top
/// (GTK's `edge-overshot` does not say why), and never reloads; nor does an
/// overshoot before any scroll input.
public struct ListPull: Equatable, Sendable {
    private var lastInput: ListScrollInput?

    public init() {}

    public mutating func listScrolled(by input: ListScrollInput) {
        lastInput = input
    }

    public var overshootingTopReloads: Bool {
        lastInput == .touchpad || lastInput == .touch
    }
}
