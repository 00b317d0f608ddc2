// swift-tools-version:6.0
import PackageDescription

// No package dependencies: the Flatpak is built with no network, so the
// app's dependencies are system libraries only. The fuzz targets (Fuzz/)
// and the benchmarks (Benchmarks/) are packages of their own that depend on
// this one, so `swift build` here builds neither.
let package = Package(
    name: "ItemFeed",
    products: [
        .library(name: "ItemFeed", targets: ["ItemFeed"]),
        .library(name: "ItemFeedUI", targets: ["ItemFeedUI"]),
        .library(name: "ItemFeedCurl", targets: ["ItemFeedCurl"]),
        .library(name: "ItemFeedXML", targets: ["ItemFeedXML"]),
        .library(name: "ItemFeedStore", targets: ["ItemFeedStore"]),
        .library(name: "ItemFeedGLib", targets: ["ItemFeedGLib"]),
        .library(name: "ItemFeedSync", targets: ["ItemFeedSync"]),
        .library(name: "ItemFeedSecret", targets: ["ItemFeedSecret"]),
        .library(name: "ItemFeedGtk", targets: ["ItemFeedGtk"]),
        .library(name: "ItemFeedLibrary", targets: ["ItemFeedLibrary"]),
        .library(name: "ItemFeedCommandLine", targets: ["ItemFeedCommandLine"]),
        .library(name: "ItemFeedApp", targets: ["ItemFeedApp"]),
        // Testing GTK 4 screens from Swift: the kit ItemFeed's window tests
        // use, for any GTK 4 project (GTK alone, no libadwaita, no ItemFeed).
        .library(name: "GtkTestKit", targets: ["GtkTestKit"]),
    ],
    targets: [
        // glibc's malloc.h and libintl.h, part of libc6-dev.
        .systemLibrary(name: "CLibc"),
        // simdjson (Debian's libsimdjson-dev) behind a C header: the JSON
        // formats' parser.
        .target(
            name: "CJSON",
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        .target(name: "ItemFeed", dependencies: ["CLibc", "CJSON"]),
        .target(name: "ItemFeedUI", dependencies: ["ItemFeed"]),
        .systemLibrary(
            name: "CXML",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(name: "ItemFeedXML", dependencies: ["ItemFeed", "CXML"]),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(name: "ItemFeedCurl", dependencies: ["ItemFeed", "CCurl"]),
        // The library: Debian's libsqlite3 (FTS5 built in) behind a thin
        // shim, and the only target that holds SQL.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "ItemFeedStore", dependencies: ["ItemFeed", "CSQLite"]),
        // GLib and GIO alone: the UI thread's main context, timers and the
        // worker queues answering on it, for code that has no window (the
        // command line, sync), so it never loads GTK.
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        .target(name: "ItemFeedGLib", dependencies: ["ItemFeed", "CGLib", "CLibc"]),
        // GTK 4 and libadwaita 1.2 (Debian 12's; the GNOME runtime has newer,
        // so only 1.2's API is used).
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]
        ),
        // GtkSourceView 5: code blocks highlighted in the language the page
        // names, in the light or the dark style (in the GNOME runtime too).
        .systemLibrary(
            name: "CSourceView",
            pkgConfig: "gtksourceview-5",
            providers: [.apt(["libgtksourceview-5-dev"])]
        ),
        .target(name: "ItemFeedGtk", dependencies: ["ItemFeed", "ItemFeedUI", "ItemFeedGLib", "CGtk", "CSourceView", "CLibc"]),
        // libsecret: accounts' passwords in the desktop's Secret Service.
        .systemLibrary(
            name: "CSecret",
            pkgConfig: "libsecret-1",
            providers: [.apt(["libsecret-1-dev"])]
        ),
        .target(name: "ItemFeedSecret", dependencies: ["ItemFeed", "CSecret"]),
        // The feed servers' APIs behind the sync seam, one folder each.
        .target(name: "ItemFeedSync", dependencies: ["ItemFeed", "ItemFeedXML"]),
        // The library kept up to date, window or not: its composition, the
        // writer's queue, the accounts' syncs, the refresh schedule, OPML.
        .target(
            name: "ItemFeedLibrary",
            dependencies: ["ItemFeed", "ItemFeedUI", "ItemFeedCurl", "ItemFeedXML", "ItemFeedStore", "ItemFeedGLib", "ItemFeedSync", "ItemFeedSecret"]
        ),
        // The command line's commands and the background's process:
        // everything that runs with no window, never GTK.
        .target(
            name: "ItemFeedCommandLine",
            dependencies: ["ItemFeed", "ItemFeedUI", "ItemFeedCurl", "ItemFeedXML", "ItemFeedStore", "ItemFeedGLib", "ItemFeedSync", "ItemFeedLibrary"]
        ),
        // The composition root: the window and the wiring of every layer, with its HTTP clients, cache folder and clock passed
        // in, so acceptance tests drive the same wiring the app runs.
        .target(
            name: "ItemFeedApp",
            dependencies: ["ItemFeed", "ItemFeedUI", "ItemFeedCurl", "ItemFeedXML", "ItemFeedStore", "ItemFeedGLib", "ItemFeedSync", "ItemFeedLibrary", "ItemFeedCommandLine", "ItemFeedGtk", "CGLib", "CGtk"]
        ),
        // `item-feed` runs the commands and execs `item-feed-window` for the
        // window, so the command line never loads GTK.
        .executableTarget(name: "item-feed", dependencies: ["ItemFeed", "ItemFeedLibrary", "ItemFeedCommandLine"]),
        .executableTarget(name: "item-feed-window", dependencies: ["ItemFeed", "ItemFeedLibrary", "ItemFeedCommandLine", "ItemFeedApp"]),
        .target(
            name: "ItemFeedTestSupport",
            dependencies: ["ItemFeed", "ItemFeedUI"],
            path: "Tests/ItemFeedTestSupport"
        ),
        .testTarget(name: "ItemFeedTests", dependencies: ["ItemFeed", "ItemFeedTestSupport", "CLibc"]),
        .testTarget(name: "ItemFeedXMLTests", dependencies: ["ItemFeed", "ItemFeedXML", "ItemFeedTestSupport"]),
        .testTarget(name: "ItemFeedStoreTests", dependencies: ["ItemFeed", "ItemFeedStore", "ItemFeedTestSupport", "CSQLite"], exclude: ["Fixtures"]),
        .testTarget(name: "ItemFeedGLibTests", dependencies: ["ItemFeed", "ItemFeedGLib", "ItemFeedTestSupport", "CGLib"], exclude: ["Portal"]),
        .testTarget(name: "ItemFeedUITests", dependencies: ["ItemFeed", "ItemFeedUI", "ItemFeedTestSupport"]),
        .testTarget(name: "ItemFeedSyncTests", dependencies: ["ItemFeed", "ItemFeedSync", "ItemFeedTestSupport"]),
        // `item-feed` too: the `--print` tests run the binary itself.
        .testTarget(
            name: "ItemFeedCurlTests",
            dependencies: [
                "ItemFeed", "ItemFeedCurl", "ItemFeedXML", "ItemFeedTestSupport", "ItemFeedStore", "ItemFeedSync", "ItemFeedLibrary", "ItemFeedCommandLine", "ItemFeedGLib",
                "item-feed", "item-feed-window",
            ],
            exclude: ["Server"]
        ),
        .systemLibrary(
            name: "CGtkTestKit",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .target(name: "GtkTestKit", dependencies: ["CGtkTestKit"]),
        .testTarget(name: "GtkTestKitTests", dependencies: ["GtkTestKit", "CGtkTestKit"]),
        .testTarget(
            name: "ItemFeedGtkTests",
            dependencies: [
                "ItemFeed", "ItemFeedUI", "ItemFeedGLib", "ItemFeedGtk", "ItemFeedStore", "ItemFeedApp", "ItemFeedLibrary", "ItemFeedCommandLine", "ItemFeedSync", "ItemFeedXML", "ItemFeedTestSupport",
                "CGtk", "CSourceView", "GtkTestKit", "CGtkTestKit", "CSQLite",
            ],
            exclude: ["Desktop/Notifications"]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
