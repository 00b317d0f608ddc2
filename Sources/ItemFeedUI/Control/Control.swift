/// A control that sends events to registered targets, modelled on the
/// classic target–action pattern but Swift-native: an action is an unapplied
/// method (`ListController.refresh`), so no Objective-C runtime is needed.
///
/// Targets are held weakly, exactly like the toolkit pattern: a control
/// inside a view must not keep the controller that owns the view alive.
/// The GTK adapters forward real widget signals to `sendActions(for:)`, and
/// the tests call the same method, so both drive the same code.
@MainActor
open class Control {
    struct Registration {
        weak var target: AnyObject?
        let action: String
        let perform: (AnyObject) -> Void
    }

    private(set) var registrations: [ControlEvent: [Registration]] = [:]

    public init() {}

    /// Registers `method` of `target` for `event`, under the name `action`
    /// (the name is what `actions(forTarget:forEvent:)` lists). Registering
    /// the same target and action twice for an event has no further effect.
    public func addTarget<Target: AnyObject>(
        _ target: Target,
        action: String,
        for event: ControlEvent,
        _ method: @escaping (Target) -> () -> Void
    ) {
        removeReleasedTargets()
        let isRegistered = registrations[event, default: []].contains {
            $0.target === target && $0.action == action
        }
        guard !isRegistered else { return }
        registrations[event, default: []].append(
            Registration(target: target, action: action) { object in
                if let target = object as? Target { method(target)() }
            }
        )
    }

    /// Removes every action of `target` for `event`.
    public func removeTarget(_ target: AnyObject, for event: ControlEvent) {
        registrations[event]?.removeAll { $0.target === target || $0.target == nil }
    }

    /// The names of the actions `target` registered for `event`, in the
    /// order they were added.
    public func actions(forTarget target: AnyObject, forEvent event: ControlEvent) -> [String] {
        registrations[event, default: []].filter { $0.target === target }.map(\.action)
    }

    /// Calls every action registered for `event`, in registration order.
    /// Actions whose target is gone are skipped and forgotten.
    public func sendActions(for event: ControlEvent) {
        removeReleasedTargets()
        // A snapshot: an action may register or remove targets.
        for registration in registrations[event, default: []] {
            if let target = registration.target { registration.perform(target) }
        }
    }

    private func removeReleasedTargets() {
        for event in registrations.keys {
            registrations[event]?.removeAll { $0.target == nil }
        }
    }
}
