import Foundation
import XCTest

extension XCTestCase {
    /// A new folder, removed when the test ends.
    func temporaryLibraryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("item-feed-library-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
