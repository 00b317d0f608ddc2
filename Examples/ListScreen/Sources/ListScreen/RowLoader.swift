/// Where the screen's rows come from: a file, a server, a database. The
/// screen knows only this, so its tests hand it a spy.
public protocol RowLoader {
    func load(completion: @escaping @MainActor (Result<[String], Error>) -> Void)
}
