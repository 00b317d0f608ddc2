import Foundation

/// A file of the repository (`po/ja.po`, `resources/demo/…`), found from the
/// folder of the test that asks, so moving a test between folders keeps it.
public func repositoryFile(_ path: String, from testFile: StaticString = #filePath) -> URL {
    var folder = URL(fileURLWithPath: "\(testFile)").deletingLastPathComponent()
    while folder.path != "/" {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
           FileManager.default.fileExists(atPath: folder.appendingPathComponent("resources").path) {
            return folder.appendingPathComponent(path)
        }
        folder.deleteLastPathComponent()
    }
    preconditionFailure("no repository around \(testFile)")
}
