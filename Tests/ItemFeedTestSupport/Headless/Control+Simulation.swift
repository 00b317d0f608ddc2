import ItemFeedUI

/// What the toolkit does when the user acts on a control: send the event to
/// every registered target. Nothing more, so tests see exactly the wiring.
@MainActor
public extension Control {
    func simulate(event: ControlEvent) {
        sendActions(for: event)
    }
}

@MainActor
public extension Button {
    func simulateTap() {
        simulate(event: .primaryActionTriggered)
    }
}

@MainActor
public extension RefreshControl {
    func simulatePullToRefresh() {
        simulate(event: .valueChanged)
    }
}
