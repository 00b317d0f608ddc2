/// The safety rules every transfer runs under. A feed or an image comes from
/// a server we do not control, so every one of these is bounded.
public struct CurlTransferLimits: Sendable, Equatable {
    /// Enforced while the body arrives, not only from Content-Length (which
    /// a server can omit or lie about).
    public var maxBodyBytes: Int
    public var connectTimeoutSeconds: Int
    /// Abort when fewer than `lowSpeedBytesPerSecond` arrive for this long:
    /// a server that stalls mid-body must not hold a row's spinner forever.
    public var lowSpeedTimeSeconds: Int
    public var lowSpeedBytesPerSecond: Int
    /// libcurl before 8.3 follows redirects without limit.
    public var maxRedirects: Int
    /// Which of the session's connection pools the transfer waits in.
    public var pool: CurlSession.Pool

    public init(
        maxBodyBytes: Int,
        connectTimeoutSeconds: Int = 10,
        lowSpeedTimeSeconds: Int = 20,
        lowSpeedBytesPerSecond: Int = 1,
        maxRedirects: Int = 5,
        pool: CurlSession.Pool = .feeds
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.lowSpeedTimeSeconds = lowSpeedTimeSeconds
        self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
        self.maxRedirects = maxRedirects
        self.pool = pool
    }

    public static let feed = CurlTransferLimits(maxBodyBytes: 32 * 1024 * 1024)
    public static let image = CurlTransferLimits(maxBodyBytes: 16 * 1024 * 1024, pool: .thumbnails)
}
