import XCTest

public extension XCTestCase {
    /// Fails the test if `instance` is still alive once the test ends: retain
    /// cycles between controllers, closures and views are this app's most
    /// likely bug, and they only show up as a leak.
    func trackForMemoryLeaks(_ instance: AnyObject, file: StaticString = #filePath, line: UInt = #line) {
        addTeardownBlock { [weak instance] in
            XCTAssertNil(instance, "Instance should have been deallocated. Potential memory leak.", file: file, line: line)
        }
    }
}
