import Foundation

/// Starting at login outside a Flatpak, where no portal is asked: a desktop
/// file in the user's autostart folder (XDG Autostart), written when Run in
/// Background is turned on and removed when it is turned off.
public struct AutostartFile: Sendable {
    public let file: URL

    /// In `configuration`'s `autostart` folder (`XDGDirectory.config`).
    public init(in configuration: URL, applicationID: String) {
        file = configuration.appendingPathComponent("autostart", isDirectory: true).appendingPathComponent(applicationID + ".desktop")
    }

    public var isWritten: Bool { FileManager.default.fileExists(atPath: file.path) }

    /// `commandLine` runs at login: the program's absolute path, then its arguments.
    public func write(name: String, comment: String, icon: String, commandLine: [String]) throws {
        let entry = """
        [Desktop Entry]
        Type=Application
        Name=\(Self.escaped(name))
        Comment=\(Self.escaped(comment))
        Icon=\(Self.escaped(icon))
        Exec=\(commandLine.map(Self.quoted).joined(separator: " "))
        Terminal=false
        NoDisplay=true
        X-GNOME-Autostart-enabled=true

        """
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(entry.utf8).write(to: file, options: .atomic)
    }

    public func remove() throws {
        guard isWritten else { return }
        try FileManager.default.removeItem(at: file)
    }

    /// A string value: no line breaks, backslashes doubled (the spec's escapes).
    private static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
    }

    /// An `Exec` argument, quoted when it holds a reserved character; `%`
    /// doubled so it is never a field code.
    private static func quoted(_ argument: String) -> String {
        let reserved = CharacterSet(charactersIn: " \t\"'\\><~|&;$*?#()`=")
        let percent = argument.replacingOccurrences(of: "%", with: "%%")
        guard argument.isEmpty || argument.rangeOfCharacter(from: reserved) != nil else { return percent }
        var inner = ""
        for character in percent {
            if "\"`$\\".contains(character) { inner.append("\\") }
            inner.append(character)
        }
        // The quoted string is itself a string value: its backslashes are escaped again.
        return escaped("\"" + inner + "\"")
    }
}
