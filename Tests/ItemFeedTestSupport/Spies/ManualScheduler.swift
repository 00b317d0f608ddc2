import ItemFeed

/// A scheduler where the test, not a clock, decides when time passes:
/// work waits until `runPending()`, and cancelled work never runs.
@MainActor
public final class ManualScheduler {
    private final class Work: ScheduledWork {
        let seconds: Double
        var run: (@MainActor () -> Void)?
        init(seconds: Double, run: @escaping @MainActor () -> Void) {
            self.seconds = seconds
            self.run = run
        }
        func cancel() { run = nil }
    }

    private var scheduled: [Work] = []

    public init() {}

    public var schedule: ScheduleWork {
        { [unowned self] seconds, work in
            let item = Work(seconds: seconds, run: work)
            scheduled.append(item)
            return item
        }
    }

    /// The delays of work not yet run and not cancelled.
    public var pendingDelays: [Double] { scheduled.filter { $0.run != nil }.map(\.seconds) }

    public func runPending() {
        let due = scheduled
        scheduled = []
        for work in due { work.run?() }
    }
}
