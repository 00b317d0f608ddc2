// swift-tools-version:6.0
import PackageDescription

// No package dependencies: the Flatpak is built with no network
// (see ../shared/notes/flatpak-offline.md). The app's dependencies are
// system libraries only.
let package = Package(
    name: "ItemFeed",
    products: [
        .library(name: "ItemFeed", targets: ["ItemFeed"]),
        .library(name: "ItemFeedUI", targets: ["ItemFeedUI"]),
    ],
    targets: [
        .target(name: "ItemFeed"),
        .target(name: "ItemFeedUI", dependencies: ["ItemFeed"]),
        .target(
            name: "ItemFeedTestSupport",
            dependencies: ["ItemFeed", "ItemFeedUI"],
            path: "Tests/ItemFeedTestSupport"
        ),
        .testTarget(name: "ItemFeedTests", dependencies: ["ItemFeed", "ItemFeedTestSupport"]),
        .testTarget(name: "ItemFeedUITests", dependencies: ["ItemFeed", "ItemFeedUI", "ItemFeedTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
