import ItemFeed

/// Tells the window when another process changed the library (a feed
/// added with `item-feed --subscribe`, a second window's marks): every half
/// second it asks the writer's connection whether another connection
/// committed (`LibraryWriter.versionOfOtherWrites`), which costs a
/// statement on the writer's queue and no write lock.
@MainActor
public final class OtherWritesWatcher {
    public static let interval = 0.5

    private let schedule: ScheduleWork
    private let version: (@escaping (Int64?) -> Void) -> Void
    private let changed: () -> Void
    private var next: ScheduledWork?
    private var seen: Int64?
    /// Bumped by `stop`, so an answer asked for before is dropped.
    private var generation = 0

    public init(schedule: @escaping ScheduleWork, version: @escaping (@escaping (Int64?) -> Void) -> Void, changed: @escaping () -> Void) {
        self.schedule = schedule
        self.version = version
        self.changed = changed
    }

    /// Learns at once where the library stands: what another process
    /// writes from now on is told, even before the first half second.
    public func start() {
        guard next == nil else { return }
        look()
    }

    public func stop() {
        generation += 1
        next?.cancel()
        next = nil
    }

    private func look() {
        let generation = generation
        // Answered on the UI thread, as the writer's answers are.
        version { [weak self] version in
            MainActor.assumeIsolated { self?.answered(version, generation: generation) }
        }
    }

    private func lookLater() {
        let generation = generation
        next = schedule(Self.interval) { [weak self] in
            guard let self, self.generation == generation else { return }
            look()
        }
    }

    private func answered(_ version: Int64?, generation: Int) {
        guard self.generation == generation else { return }
        if let version, let seen, version != seen { changed() }
        seen = version ?? seen
        lookLater()
    }
}
