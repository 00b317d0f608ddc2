// swift-tools-version:6.0
import PackageDescription

// A small GTK 4 list screen and its tests, written with GtkTestKit, which
// it takes from the package two folders up, as any project would take it
// from its repository.
let package = Package(
    name: "ListScreen",
    dependencies: [.package(name: "ItemFeed", path: "../..")],
    targets: [
        .systemLibrary(name: "CGtk4", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "ListScreen", dependencies: ["CGtk4"]),
        .testTarget(name: "ListScreenTests", dependencies: ["ListScreen", "CGtk4", .product(name: "GtkTestKit", package: "ItemFeed")]),
    ],
    swiftLanguageModes: [.v6]
)
