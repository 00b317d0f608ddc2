import ListScreen

/// A loader that keeps each request until the test completes it, and
/// counts them: the reload a test spies on.
@MainActor
final class RowLoaderSpy: RowLoader {
    private var completions: [@MainActor (Result<[String], Error>) -> Void] = []
    var loadCount: Int { completions.count }

    nonisolated func load(completion: @escaping @MainActor (Result<[String], Error>) -> Void) {
        MainActor.assumeIsolated { completions.append(completion) }
    }

    func complete(_ index: Int = 0, with rows: [String]) { completions[index](.success(rows)) }

    func fail(_ index: Int = 0) { completions[index](.failure(Refused())) }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "refused" }
    }
}
