/// A pressable control: a row's retry button, the error banner's retry and
/// dismiss buttons. The toolkit widget forwards its click as
/// `.primaryActionTriggered`.
@MainActor
public final class Button: Control {
    public override init() {}
}
