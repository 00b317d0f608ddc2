import Foundation
import ItemFeed
import XCTest

public extension XCTestCase {
    /// `body` as a download past 8 MiB arrives: in an unnamed file, mapped
    /// (`FeedBodyFile`). Fails the test if it is not mapped after all.
    func mappedCopy(of body: Data, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        let directory = makeTemporaryFolder()
        let bodyFile = try FeedBodyFile(in: directory)
        try body.withUnsafeBytes(bodyFile.append)
        let mapped = try bodyFile.contents()
        let path = ProcessMapping.holding(mapped)?.path
        XCTAssertNotNil(path?.range(of: directory.path), "Expected a mapped body", file: file, line: line)
        return mapped
    }

    /// A folder under the temporary directory that does not exist yet and is
    /// removed when the test ends.
    func makeTemporaryFolder() -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }
}
