/// How many transfers each host may have at once, and the transfers waiting
/// for one of its slots, first come first served.
///
/// The worker keeps this queue itself instead of leaving it to libcurl
/// (`CURLMOPT_MAX_HOST_CONNECTIONS`): libcurl 7.88 can lose the "run now" of
/// a transfer it moves out of its own queue, when another transfer starts
/// later in the same `curl_multi_perform`; the moved transfer then sleeps
/// until its connect timeout — the thumbnail bursts that stalled (issue 12;
/// `make stall-hunt` looks for it).
struct HostConnectionBudget<Transfer: AnyObject> {
    let slotsPerHost: Int
    private var busy: [String: Int] = [:]
    private var waiting: [String: [Transfer]] = [:]

    init(slotsPerHost: Int) {
        self.slotsPerHost = max(1, slotsPerHost)
    }

    /// Whether `transfer` may start now; if not, it waits its turn.
    mutating func admit(_ transfer: Transfer, host: String) -> Bool {
        if busy[host, default: 0] < slotsPerHost {
            busy[host, default: 0] += 1
            return true
        }
        waiting[host, default: []].append(transfer)
        return false
    }

    /// A transfer of `host` ended: the next one waiting takes its slot.
    mutating func release(host: String) -> Transfer? {
        if var queue = waiting[host], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[host] = queue.isEmpty ? nil : queue
            return next
        }
        busy[host, default: 1] -= 1
        if busy[host] == 0 { busy[host] = nil }
        return nil
    }

    /// A waiting transfer was cancelled; `false` when it was not waiting.
    @discardableResult
    mutating func withdraw(_ transfer: Transfer, host: String) -> Bool {
        guard var queue = waiting[host], let index = queue.firstIndex(where: { $0 === transfer }) else { return false }
        queue.remove(at: index)
        waiting[host] = queue.isEmpty ? nil : queue
        return true
    }

    /// At shut-down: nothing more is started.
    mutating func forgetWaiting() {
        waiting = [:]
    }
}
