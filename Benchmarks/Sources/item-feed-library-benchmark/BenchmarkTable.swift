import Foundation

/// The rows of the library benchmark, printed as `make benchmark`'s other
/// rows are: the figure, its baseline, the ratio, the verdict.
struct BenchmarkTable {
    private var lines: [String] = []

    mutating func add(_ name: String, _ seconds: Double, _ baselineName: String, _ baseline: Double, limit: Double?) {
        let ratio = seconds / baseline
        let target = limit.map { String(format: "≤ %.3g× — %@", $0, ratio <= $0 ? "met" : "NOT met") } ?? "—"
        lines.append(pad(name, 44) + pad(String(format: "%.4f s", seconds), 11) + pad(baselineName, 40)
            + pad(String(format: "%.4f s", baseline), 11) + pad(String(format: "%.2f×", ratio), 9) + target)
    }

    /// A target in time alone.
    mutating func absolute(_ name: String, _ seconds: Double, limit: Double) {
        lines.append(String(format: "%@: %.1f ms; target ≤ %.0f ms — %@", name, seconds * 1000, limit * 1000, seconds <= limit ? "met" : "NOT met"))
    }

    func print() {
        Swift.print("")
        Swift.print(pad("library measure", 44) + pad("ItemFeed", 11) + pad("baseline", 40) + pad("baseline", 11) + pad("ratio", 9) + "target")
        lines.forEach { Swift.print($0) }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        Swift.print(String(format: "peak resident memory of the library benchmark: %.0f MiB", Double(usage.ru_maxrss) / 1024))
    }

    private func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0) }
}

func seconds(_ work: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func medianSeconds(runs: Int = 5, _ work: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs { times.append(try seconds(work)) }
    return median(times)
}

func fileSize(_ url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
}
