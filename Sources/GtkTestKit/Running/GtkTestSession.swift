import Foundation

/// A desktop session for a test process that has none: GTK, GApplication
/// and the accessibility bus reach for the session bus, and without one GLib
/// runs `dbus-launch` (absent on a fresh machine) and logs a warning that
/// fails the test. The kit then starts a private `dbus-daemon` with a
/// private runtime folder, which a watcher shell stops when this process
/// ends, even by `kill -9` (its stdin, our pipe, closes).
enum GtkTestSession {
    private nonisolated(unsafe) static var watcher: Process?
    private nonisolated(unsafe) static var pipe: Pipe?

    /// Called before GTK starts; a process that has a session bus keeps it.
    static func ensureBus() throws {
        let environment = ProcessInfo.processInfo.environment
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return }
        guard let daemon = executable("dbus-daemon") else {
            throw Missing(reason: "no session bus (DBUS_SESSION_BUS_ADDRESS unset) and no dbus-daemon to start a private one: install Debian's dbus-daemon, or run the tests under dbus-run-session")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gtktestkit-session-\(getpid())-\(UUID().uuidString.prefix(8))")
        let runtime = folder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let address = "unix:path=\(runtime.path)/bus"
        // The shell waits on its stdin; when this process goes, so does the bus and its folder.
        let script = """
        "$1" --session --nofork --nopidfile --address="$2" & daemon=$!
        cat > /dev/null
        kill $daemon 2>/dev/null; rm -rf "$3"
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh", daemon, address, folder.path]
        // What the bus starts (the accessibility bus) takes its folder from
        // the bus's environment: the private one, not the host's ~/.cache/at-spi.
        var daemonEnvironment = environment
        daemonEnvironment["XDG_RUNTIME_DIR"] = runtime.path
        process.environment = daemonEnvironment
        let input = Pipe()
        process.standardInput = input
        try process.run()
        watcher = process
        pipe = input
        let socket = runtime.appendingPathComponent("bus").path
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket) {
            guard Date() < deadline, process.isRunning else {
                throw Missing(reason: "dbus-daemon did not start a private session bus at \(address)")
            }
            usleep(10_000)
        }
        setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        setenv("XDG_RUNTIME_DIR", runtime.path, 1)
        unsetenv("AT_SPI_BUS_ADDRESS")
    }

    private static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Missing: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }
}
