import CCurl
import Foundation

/// The thread that owns the multi handle. Other threads only queue work
/// under the lock and wake it; handles are added and removed here, between
/// `curl_multi_perform` calls and never inside a libcurl callback.
final class CurlWorker: @unchecked Sendable {
    // Safe: the queues and flags below are read and written under `lock`;
    // the multi handle, `running` and `budget` by the worker thread only.
    private let multi: UnsafeMutableRawPointer
    private let userAgent: String
    private let deliver: CurlSession.Deliver

    private let lock = NSLock()
    private var transfersToStart: [CurlTransfer] = []
    private var transfersToStop: [CurlTransfer] = []
    private var isShuttingDown = false
    /// Set once the multi handle is cleaned up: a late cancel must not wake it.
    private var isClosed = false

    /// Worker thread only.
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// Worker thread only. Bounds each host's transfers in libcurl, so none
    /// ever waits in libcurl's own queue (see `HostConnectionBudget`).
    private var budget: HostConnectionBudget<CurlTransfer>

    init(userAgent: String, maxConnectionsPerHost: Int, deliver: @escaping CurlSession.Deliver) {
        CurlWorker.initializeLibcurlOnce()
        multi = curl_multi_init()
        self.userAgent = userAgent
        self.deliver = deliver
        budget = HostConnectionBudget(slotsPerHost: maxConnectionsPerHost)
        let thread = Thread { [self] in run() }
        thread.name = "ItemFeed libcurl"
        thread.start()
    }

    private static let libcurl: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    private static func initializeLibcurlOnce() {
        _ = libcurl
    }

    func start(_ transfer: CurlTransfer) {
        transfer.worker = self
        lock.withLock { transfersToStart.append(transfer) }
        wake()
    }

    func stop(_ transfer: CurlTransfer) {
        lock.withLock { transfersToStop.append(transfer) }
        wake()
    }

    func shutDown() {
        lock.withLock { isShuttingDown = true }
        wake()
    }

    /// `curl_multi_wakeup` is safe from any thread, but not on a handle the
    /// worker has already cleaned up; the lock orders the two.
    private func wake() {
        lock.withLock {
            if !isClosed { curl_multi_wakeup(multi) }
        }
    }

    private func run() {
        while true {
            let (toStart, toStop, shuttingDown) = lock.withLock {
                defer { transfersToStart = []; transfersToStop = [] }
                return (transfersToStart, transfersToStop, isShuttingDown)
            }
            toStop.forEach(detach)
            if shuttingDown { break }
            toStart.forEach(admit)

            var stillRunning: Int32 = 0
            curl_multi_perform(multi, &stillRunning)
            finishCompletedTransfers()
            // Waits for socket activity, libcurl's own timers, or a wakeup.
            curl_multi_poll(multi, nil, 0, 30_000, nil)
        }
        budget.forgetWaiting()
        running.values.forEach(detach)
        lock.withLock { isClosed = true }
        curl_multi_cleanup(multi)
    }

    private func admit(_ transfer: CurlTransfer) {
        guard !transfer.isCancelled, budget.admit(transfer, host: transfer.host) else { return }
        launch(transfer)
    }

    /// Starts a transfer that holds one of its host's slots; one that was
    /// cancelled while it waited, or cannot start, hands the slot on.
    private func launch(_ transfer: CurlTransfer) {
        var next: CurlTransfer? = transfer
        while let candidate = next, !attach(candidate) {
            next = budget.release(host: candidate.host)
        }
    }

    /// Whether the transfer is now libcurl's.
    private func attach(_ transfer: CurlTransfer) -> Bool {
        guard !transfer.isCancelled else { return false }
        guard let easy = transfer.makeEasyHandle(userAgent: userAgent) else {
            deliver { transfer.complete(with: .failure(.transport(description: "libcurl could not start a transfer"))) }
            return false
        }
        let added = curl_multi_add_handle(multi, easy)
        guard added == CURLM_OK else {
            transfer.releaseEasyHandle()
            let reason = String(cString: curl_multi_strerror(added))
            deliver { transfer.complete(with: .failure(.transport(description: reason))) }
            return false
        }
        running[easy] = transfer
        return true
    }

    private func detach(_ transfer: CurlTransfer) {
        guard let easy = transfer.easy, running.removeValue(forKey: easy) != nil else {
            budget.withdraw(transfer, host: transfer.host)
            return
        }
        curl_multi_remove_handle(multi, easy)
        transfer.releaseEasyHandle()
        if let next = budget.release(host: transfer.host) { launch(next) }
    }

    private func finishCompletedTransfers() {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE,
                  let easy = message.pointee.easy_handle,
                  let transfer = running[easy]
            else { continue }
            let code = message.pointee.data.result
            let result = transfer.result(for: code)
            detach(transfer)
            deliver { transfer.complete(with: result) }
        }
    }
}
