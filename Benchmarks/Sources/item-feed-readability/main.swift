import Foundation
import ItemFeedXML

// `make benchmark`'s full-article rows (SPEC 16): the readability pass over
// Mozilla Readability's 130 test pages ($ITEMFEED_CORPUS/readability/test-pages),
// best of five, beside `xmllint --html --noout` reading the same files (the
// parse alone, the floor), and beside Python's trafilatura and
// readability-lxml when the Python that ITEMFEED_PYTHON names has them
// (`make benchmark` makes a virtual environment with both).

guard let corpus = ProcessInfo.processInfo.environment["ITEMFEED_CORPUS"], !corpus.isEmpty else {
    print("ITEMFEED_CORPUS is not set: the full-article rows need Readability's test pages")
    exit(0)
}
let folder = URL(fileURLWithPath: corpus).appendingPathComponent("readability/test-pages")
let pages = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
    .filter(\.hasDirectoryPath).map { $0.appendingPathComponent("source.html") }.sorted { $0.path < $1.path }
let bytes = try pages.map { try Data(contentsOf: $0) }
let address = URL(string: "http://fakehost/test/page.html")!

func best(_ runs: Int = 5, _ work: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let started = Date()
        try work()
        times.append(Date().timeIntervalSince(started))
    }
    return times.min()!
}

/// A program's time over every page, best of five; `nil` when it is not installed.
func program(_ arguments: [String]) -> Double? {
    best {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { print("(\(arguments[0]) failed: \(process.terminationStatus))") }
    }
}

var extracted = 0
let ours = best {
    extracted = 0
    for page in bytes where (try? Readability.article(from: page, address: address)) != nil { extracted += 1 }
}
let total = bytes.reduce(0) { $0 + $1.count }
print(String(format: "the readability pass over %d pages (%.1f MiB): %d articles", bytes.count, Double(total) / 1_048_576, extracted))
let xmllint = program(["xmllint", "--html", "--noout"] + pages.map(\.path))!
let ratio = ours / xmllint
print(String(format: "extracting the test pages: ItemFeed %.3f s, xmllint --html --noout %.3f s, ratio %.2f× (target ≤ 2×) — %@",
             ours, xmllint, ratio, ratio <= 2 ? "met" : "NOT met"))

let pythonPath = ProcessInfo.processInfo.environment["ITEMFEED_PYTHON"] ?? "python3"
let python = """
import sys, time
which = sys.argv[1]
pages = [open(p, encoding="utf-8", errors="replace").read() for p in sys.argv[2:]]
best = None
for _ in range(3):
    started = time.perf_counter()
    for html in pages:
        if which == "trafilatura":
            import trafilatura
            trafilatura.extract(html)
        else:
            from readability import Document
            Document(html).summary()
    elapsed = time.perf_counter() - started
    best = elapsed if best is None else min(best, elapsed)
print(best)
"""
for (name, module) in [("trafilatura", "trafilatura"), ("readability-lxml", "readability")] {
    let check = Process()
    check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    check.arguments = [pythonPath, "-c", "import \(module)"]
    check.standardError = FileHandle.nullDevice
    try check.run()
    check.waitUntilExit()
    guard check.terminationStatus == 0 else {
        print("\(name): not installed (pip install \(name)), no row")
        continue
    }
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [pythonPath, "-c", python, name == "trafilatura" ? "trafilatura" : "readability"] + pages.map(\.path)
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
        print(String(format: "beside Python's %@ on the same pages (in-process, best of 3): %.3f s, ItemFeed's ratio %.2f×", name, seconds, ours / seconds))
    }
}
