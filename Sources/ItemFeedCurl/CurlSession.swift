import CCurl
import Foundation

/// The app's HTTP transfers: per connection pool, one libcurl multi handle
/// driven by one worker thread with `curl_multi_poll` and woken by
/// `curl_multi_wakeup`: no polling loop, no thread per transfer, and
/// connections are reused across transfers (and multiplexed over HTTP/2
/// with TLS).
///
/// Feeds and thumbnails have pools of their own, so slow thumbnails from a
/// feed's own host never hold the connections its reload needs.
///
/// Completions leave the worker through `deliver`, which the app points at
/// the GLib main context (the UI thread) and tests point at whatever suits
/// them.
public final class CurlSession: Sendable {
    public typealias Deliver = @Sendable (@escaping @Sendable () -> Void) -> Void

    /// Where a transfer waits for a connection (`CurlTransferLimits.pool`).
    public enum Pool: Sendable, Equatable {
        /// Feeds and their pages: few, and the user is waiting for them.
        case feeds
        case thumbnails
    }

    private let feeds: CurlWorker
    private let thumbnails: CurlWorker

    /// - Parameters:
    ///   - userAgent: sent with every request, so servers can tell who calls.
    ///   - maxConnectionsPerHost: the polite HTTP/1.1 bound browsers use, per
    ///     pool; transfers beyond it wait their turn in the worker, not in
    ///     libcurl (see `HostConnectionBudget`).
    public init(userAgent: String, maxConnectionsPerHost: Int = 6, deliver: @escaping Deliver) {
        feeds = CurlWorker(userAgent: userAgent, maxConnectionsPerHost: maxConnectionsPerHost, deliver: deliver)
        thumbnails = CurlWorker(userAgent: userAgent, maxConnectionsPerHost: maxConnectionsPerHost, deliver: deliver)
    }

    deinit {
        feeds.shutDown()
        thumbnails.shutDown()
    }

    func start(_ transfer: CurlTransfer) {
        switch transfer.limits.pool {
        case .feeds: feeds.start(transfer)
        case .thumbnails: thumbnails.start(transfer)
        }
    }
}
