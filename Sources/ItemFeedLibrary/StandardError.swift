import Foundation

/// Standard error, a line: what a process with no window says went wrong.
public func say(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
