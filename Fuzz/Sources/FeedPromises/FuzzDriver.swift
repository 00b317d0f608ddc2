import Foundation

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// libFuzzer's archive references this from its own `main`, which the link
/// pulls in even though SwiftPM's `main` is the one that runs; it runs the
/// same test, so either entry fuzzes the same thing.
@_cdecl("LLVMFuzzerTestOneInput")
public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.test(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// Starts libFuzzer with `test` as the target. Each target is a SwiftPM
/// executable, whose `main` SwiftPM itself names and links (`--defsym`), so
/// the target's own code must start libFuzzer, through its driver.
public enum FuzzDriver {
    nonisolated(unsafe) fileprivate static var test: (UnsafeRawBufferPointer) -> Void = { _ in }

    public static func run(_ test: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
        Self.test = test
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput))
    }
}
