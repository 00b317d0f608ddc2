/// Work to run later on the UI thread, which can be called off.
@MainActor
public protocol ScheduledWork {
    func cancel()
}

/// Runs `work` after `seconds` on the UI thread. Injected, so the toolkit
/// provides the timer (a GLib timeout) and a test decides when time passes.
public typealias ScheduleWork = @MainActor (_ seconds: Double, _ work: @escaping @MainActor () -> Void) -> ScheduledWork
