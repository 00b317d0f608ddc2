import Foundation
import ItemFeed
import XCTest

public extension XCTestCase {
    /// `body` as a download past 8 MiB arrives: in an unnamed file, mapped
    /// (`FeedBodyFile`). Fails the test if it is not mapped after all.
    func mappedCopy(of body: Data, file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-bodies-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let bodyFile = try FeedBodyFile(in: directory)
        try body.withUnsafeBytes(bodyFile.append)
        let mapped = try bodyFile.contents()
        let path = mapped.withUnsafeBytes(ProcessMapping.holding)?.path
        XCTAssertNotNil(path?.range(of: directory.path), "Expected a mapped body", file: file, line: line)
        return mapped
    }
}
