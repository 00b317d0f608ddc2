import Foundation
import ItemFeed
import ItemFeedCommandLine
import ItemFeedGLib
import ItemFeedLibrary

/// Asks the desktop to let ItemFeed run with no window and start at login,
/// or stops it: in a Flatpak, the Background portal (the only way out of
/// the sandbox's autostart); outside, the user's autostart file.
@MainActor
final class BackgroundPermission {
    private var portal: BackgroundPortal?

    /// What login runs: `item-feed --background`, beside this binary.
    static var commandLine: [String] {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("item-feed")
        return [binary.path, "--background"]
    }

    static var isSandboxed: Bool { FileManager.default.fileExists(atPath: "/.flatpak-info") }

    /// `answer`: whether it may run in the background now (`false` when
    /// turned off), and why not when refused.
    func set(_ isOn: Bool, answer: @escaping @MainActor (BackgroundAnswer) -> Void) {
        guard !Self.isSandboxed else { return askPortal(isOn, answer: answer) }
        let file = AutostartFile(in: XDGDirectory.config, applicationID: ItemFeedInfo.applicationID)
        do {
            if isOn {
                try file.write(
                    name: ItemFeedInfo.name, comment: tr("Refreshes your feeds and tells of new items"), icon: ItemFeedInfo.applicationID,
                    commandLine: Self.commandLine
                )
            } else {
                try file.remove()
            }
            answer(.allowed(autostart: isOn))
        } catch {
            answer(.refused(tr("ItemFeed could not be set to start at login: {reason}", ["reason": error.localizedDescription])))
        }
    }

    /// Turned off, the portal is asked again without autostart, which removes it.
    private func askPortal(_ isOn: Bool, answer: @escaping @MainActor (BackgroundAnswer) -> Void) {
        guard let portal = portal ?? BackgroundPortal() else {
            return answer(.refused(tr("The desktop could not be asked: there is no session bus.")))
        }
        self.portal = portal
        portal.request(reason: tr("To refresh your feeds and tell you of new items while the window is closed"), autostart: isOn, commandLine: ["item-feed", "--background"]) { answered in
            answer(isOn ? answered : .allowed(autostart: false))
        }
    }
}
