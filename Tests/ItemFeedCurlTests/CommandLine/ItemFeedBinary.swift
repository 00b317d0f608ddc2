import Foundation
import ItemFeedTestSupport
import XCTest

/// `item-feed` as the build made it (the test target depends on the
/// executable, so it is always there), run with its own cache and data
/// folders and messages in English.
struct ItemFeedBinary {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
        var lines: [String] { output.split(separator: "\n").map(String.init) }
    }

    /// `$XDG_DATA_HOME`: the library lives in `item-feed/` inside it.
    let dataHome: URL
    let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("item-feed-cache-\(UUID().uuidString)")

    static var url: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("item-feed")
    }

    /// Set for every run, over the test process's own (a keyring's bus).
    var environment: [String: String] = [:]

    var libraryFile: URL { dataHome.appendingPathComponent("item-feed/library.sqlite") }

    func process(_ arguments: [String], without unset: [String] = []) -> Process {
        let process = Process()
        process.executableURL = Self.url
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LANGUAGE"] = "C"
        environment["XDG_CACHE_HOME"] = cacheHome.path
        environment["XDG_DATA_HOME"] = dataHome.path
        for name in unset { environment[name] = nil }
        environment.merge(self.environment) { _, own in own }
        process.environment = environment
        return process
    }

    func run(_ arguments: [String], input: Data? = nil, without unset: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: Self.url.path) else {
            XCTFail("item-feed is not built beside the tests: \(Self.url.path)", file: file, line: line)
            return Run(status: -1, output: "", errors: "")
        }
        let process = process(arguments, without: unset)
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(input) }
        try standardInput.fileHandleForWriting.close()
        // Both pipes read at once: a big output must not block the process
        // on a full pipe while its errors are read.
        let errorData = LockedBox<Data>(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        let reading = errors.fileHandleForReading
        Thread {
            let data = reading.readDataToEndOfFile()
            errorData.update { $0 = data }
            errorsRead.signal()
        }.start()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorsRead.wait()
        return Run(status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self), errors: String(decoding: errorData.value, as: UTF8.self))
    }
}

extension ItemFeedBinary {
    /// `item-feed` with a library of the test's own, removed after the test.
    static func withPrivateLibrary(in test: XCTestCase) -> ItemFeedBinary {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("item-feed-data-\(UUID().uuidString)", isDirectory: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: home) }
        return ItemFeedBinary(dataHome: home)
    }
}
