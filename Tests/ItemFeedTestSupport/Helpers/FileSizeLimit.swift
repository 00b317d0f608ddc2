import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` as if the disk filled up after `bytes` of any one file: the
/// process's file-size limit, with SIGXFSZ ignored so that a write past it
/// fails (EFBIG) instead of ending the process.
public func withFileSizeLimit<Result>(_ bytes: Int, _ body: () throws -> Result) rethrows -> Result {
    let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    var previous = rlimit()
    getrlimit(resource, &previous)
    let previousHandler = signal(SIGXFSZ, SIG_IGN)
    var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: previous.rlim_max)
    setrlimit(resource, &limit)
    defer {
        setrlimit(resource, &previous)
        signal(SIGXFSZ, previousHandler)
    }
    return try body()
}

/// Bytes no pattern-minded bug can get right by accident.
public func randomBytes(_ count: Int) -> Data {
    var generator = SystemRandomNumberGenerator()
    var data = Data(count: count)
    data.withUnsafeMutableBytes { bytes in
        for start in stride(from: 0, to: count, by: 8) {
            withUnsafeBytes(of: generator.next() as UInt64) { word in
                bytes[start..<min(count, start + 8)].copyBytes(from: word.prefix(count - start))
            }
        }
    }
    return data
}
