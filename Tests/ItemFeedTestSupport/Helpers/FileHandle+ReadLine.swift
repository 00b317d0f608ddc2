import Foundation

public extension FileHandle {
    /// One line from a helper process the tests started (a server printing
    /// its port, a service saying it is ready), without its newline. Blocks
    /// until the line or end of file.
    func readLine() -> String {
        var bytes = Data()
        while let byte = try? read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
