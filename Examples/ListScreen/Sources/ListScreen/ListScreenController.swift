/// The screen's state and what changes it, with no GTK in sight: what a
/// headless test drives by calling what the widgets call.
@MainActor
public final class ListScreenController {
    public private(set) var rows: [String] = []
    public private(set) var isLoading = false
    public private(set) var problem: String?
    /// The row whose detail is open.
    public private(set) var opened: Int?

    /// Told after every change; the view renders from the state then.
    public var changed: () -> Void = {}

    private let loader: RowLoader

    public init(loader: RowLoader) {
        self.loader = loader
    }

    /// Loads the rows; a refresh asked while one runs is the same refresh.
    public func refresh() {
        guard !isLoading else { return }
        isLoading = true
        changed()
        loader.load { [weak self] result in
            guard let self else { return }
            isLoading = false
            switch result {
            case let .success(rows): (self.rows, problem) = (rows, nil)
            case let .failure(error): problem = "Could not load the rows: \(error)"
            }
            changed()
        }
    }

    public func open(_ position: Int) {
        guard rows.indices.contains(position) else { return }
        opened = position
        changed()
    }

    public func close() {
        opened = nil
        changed()
    }
}
