// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets, in a package of their own so the app's package (and
// the offline Flatpak build) never sees them. Built by `make fuzz` with
// `-sanitize=fuzzer,address -parse-as-library`; each target checks the
// promises a mapped feed makes (FeedPromises), not only that nothing crashed.
let fuzzTarget = { (name: String, dependencies: [Target.Dependency]) in
    Target.executableTarget(name: name, dependencies: dependencies + ["FeedPromises"])
}

let package = Package(
    name: "ItemFeedFuzz",
    dependencies: [.package(name: "ItemFeed", path: "..")],
    targets: [
        .target(name: "FeedPromises", dependencies: [.product(name: "ItemFeed", package: "ItemFeed")]),
        fuzzTarget("fuzz-native", [.product(name: "ItemFeed", package: "ItemFeed")]),
        fuzzTarget("fuzz-json-feed", [.product(name: "ItemFeed", package: "ItemFeed")]),
        fuzzTarget("fuzz-qiita", [.product(name: "ItemFeed", package: "ItemFeed")]),
        fuzzTarget("fuzz-rss", [.product(name: "ItemFeedXML", package: "ItemFeed")]),
        fuzzTarget("fuzz-atom", [.product(name: "ItemFeedXML", package: "ItemFeed")]),
        fuzzTarget("fuzz-readability", [.product(name: "ItemFeedXML", package: "ItemFeed")]),
        fuzzTarget("fuzz-detect", [.product(name: "ItemFeed", package: "ItemFeed"), .product(name: "ItemFeedXML", package: "ItemFeed")]),
        fuzzTarget("fuzz-image", [.product(name: "ItemFeedGtk", package: "ItemFeed")]),
        fuzzTarget("fuzz-discovery", [.product(name: "ItemFeed", package: "ItemFeed"), .product(name: "ItemFeedXML", package: "ItemFeed")]),
        fuzzTarget("fuzz-opml", [.product(name: "ItemFeed", package: "ItemFeed"), .product(name: "ItemFeedXML", package: "ItemFeed")]),
        fuzzTarget("fuzz-article", [.product(name: "ItemFeed", package: "ItemFeed"), .product(name: "ItemFeedXML", package: "ItemFeed")]),
        fuzzTarget("fuzz-query", [.product(name: "ItemFeed", package: "ItemFeed"), .product(name: "ItemFeedStore", package: "ItemFeed")]),
        fuzzTarget("fuzz-sync", [.product(name: "ItemFeed", package: "ItemFeed"), .product(name: "ItemFeedSync", package: "ItemFeed")]),
    ],
    swiftLanguageModes: [.v6]
)
