import Foundation
import ItemFeed
import ItemFeedTestSupport
import XCTest

/// A big body kept in an unnamed file and mapped, and the pages a reader
/// gives back.
final class FeedBodyFileTests: XCTestCase {
    func test_contents_areTheAppendedBytes_mappedFromAFileWithNoName() throws {
        let directory = makeTemporaryFolder()
        let bytes = randomBytes(3 * 1024 * 1024 + 17)
        let file = try FeedBodyFile(in: directory)

        for start in stride(from: 0, to: bytes.count, by: 100_000) {
            try bytes[start..<min(bytes.count, start + 100_000)].withUnsafeBytes(file.append)
        }
        let contents = try file.contents()

        XCTAssertEqual(file.count, bytes.count)
        XCTAssertEqual(contents, bytes)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [], "Expected no file left to name")
        let mapping = try XCTUnwrap(ProcessMapping.holding(contents))
        XCTAssertTrue(mapping.path.hasPrefix(directory.path) && mapping.path.hasSuffix("(deleted)"), mapping.path)
    }

    func test_contents_outliveTheFile_andAreUnmappedWithTheirData() throws {
        let bytes = randomBytes(1_000_000)
        var contents: Data? = try {
            let file = try FeedBodyFile(in: makeTemporaryFolder())
            try bytes.withUnsafeBytes(file.append)
            return try file.contents()
        }()
        let addresses = try XCTUnwrap(contents.flatMap(ProcessMapping.holding)).addresses

        XCTAssertEqual(contents, bytes)
        contents = nil

        XCTAssertFalse(ProcessMapping.all().contains { $0.addresses == addresses }, "Expected the body unmapped with its Data")
    }

    func test_giveBack_dropsTheMappedPagesFromTheProcess_andTheyReadTheSameAgain() throws {
        let bytes = randomBytes(8 * 1024 * 1024)
        let file = try FeedBodyFile(in: makeTemporaryFolder())
        try bytes.withUnsafeBytes(file.append)
        let contents = try file.contents()
        XCTAssertEqual(contents, bytes) // reads every page

        try contents.withUnsafeBytes { body in
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(ProcessMapping.holding(body)).residentKiB, 8 * 1024 - 4)

            FeedBodyFile.giveBack(body)

            XCTAssertLessThanOrEqual(try XCTUnwrap(ProcessMapping.holding(body)).residentKiB, 8, "Expected the pages given back")
        }
        XCTAssertEqual(contents, bytes)
    }

    func test_giveBack_leavesHeapMemoryAlone() {
        let size = 1024 * 1024
        var memory: UnsafeMutableRawPointer?
        XCTAssertEqual(posix_memalign(&memory, 65536, size), 0)
        defer { free(memory) }
        let heap = UnsafeMutableRawBufferPointer(start: memory, count: size)
        heap.initializeMemory(as: UInt8.self, repeating: 0xAB)

        FeedBodyFile.giveBack(UnsafeRawBufferPointer(heap))

        XCTAssertTrue(heap.allSatisfy { $0 == 0xAB }, "Expected heap bytes kept (on the heap, giving pages back zeroes them)")
    }

    func test_init_inAFolderThatCannotBeMade_throws() throws {
        let notAFolder = FileManager.default.temporaryDirectory.appendingPathComponent("itemfeed-\(UUID().uuidString)")
        try Data("a file".utf8).write(to: notAFolder)
        addTeardownBlock { try? FileManager.default.removeItem(at: notAFolder) }

        XCTAssertThrowsError(try FeedBodyFile(in: notAFolder.appendingPathComponent("bodies")))
    }

    func test_append_pastTheFileSizeLimit_throws_andKeepsWhatWasWritten() throws {
        let file = try FeedBodyFile(in: makeTemporaryFolder())
        let bytes = randomBytes(300_000)

        try withFileSizeLimit(200_000) {
            XCTAssertThrowsError(try bytes.withUnsafeBytes(file.append)) { error in
                XCTAssertTrue("\(error.localizedDescription)".contains("write the body"), "\(error)")
            }
        }

        XCTAssertLessThanOrEqual(file.count, 200_000)
        XCTAssertEqual(try file.contents(), bytes.prefix(file.count))
    }
}

