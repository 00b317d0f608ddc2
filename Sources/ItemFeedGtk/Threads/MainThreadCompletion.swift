/// A completion made on the UI thread, carried through a worker only to be
/// run back on the UI thread through `MainContext`. Its type is not
/// `Sendable`; this is where the app vouches for how it travels.
struct MainThreadCompletion<Value>: @unchecked Sendable {
    let call: (Value) -> Void

    init(_ call: @escaping (Value) -> Void) {
        self.call = call
    }
}
