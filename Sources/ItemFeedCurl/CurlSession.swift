import CCurl
import Foundation

/// One libcurl multi handle for the whole app, driven by one worker thread
/// with `curl_multi_poll` and woken by `curl_multi_wakeup`: no polling loop,
/// no thread per transfer, and connections are reused across transfers
/// (and multiplexed over HTTP/2 with TLS).
///
/// Completions leave the worker through `deliver`, which the app points at
/// the GLib main context (the UI thread) and tests point at whatever suits
/// them.
public final class CurlSession: Sendable {
    public typealias Deliver = @Sendable (@escaping @Sendable () -> Void) -> Void

    private let worker: CurlWorker

    /// - Parameters:
    ///   - userAgent: sent with every request, so servers can tell who calls.
    ///   - maxConnectionsPerHost: the polite HTTP/1.1 bound browsers use;
    ///     transfers beyond it queue inside libcurl.
    public init(userAgent: String, maxConnectionsPerHost: Int = 6, deliver: @escaping Deliver) {
        worker = CurlWorker(userAgent: userAgent, maxConnectionsPerHost: maxConnectionsPerHost, deliver: deliver)
    }

    deinit {
        worker.shutDown()
    }

    func start(_ transfer: CurlTransfer) {
        worker.start(transfer)
    }
}
