/// Starting one step of a load (a transfer, a decode, the fallback's read)
/// whose answer may come before the call that started it returns: spies,
/// caches and refusals answer at once.
public enum LoadStep {
    /// Starts the step and returns its handle while it still runs, `nil`
    /// when it has already answered: a handle kept after the answer would
    /// later cancel a finished step, or stand in for the next one.
    public static func start<Handle, Answer>(
        _ start: (@escaping (Answer) -> Void) -> Handle,
        answer: @escaping (Answer) -> Void
    ) -> Handle? {
        var answered = false
        let handle = start { result in
            answered = true
            answer(result)
        }
        return answered ? nil : handle
    }
}
