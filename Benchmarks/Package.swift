// swift-tools-version:6.0
import PackageDescription

// `make benchmark`'s executables, in a package of their own so that the
// app's package (and the offline Flatpak build) never builds them, as Fuzz/
// keeps the fuzz targets apart. Baselines they are measured against are in
// baselines/, the shell rows in scripts/.
let package = Package(
    name: "ItemFeedBenchmarks",
    dependencies: [.package(name: "ItemFeed", path: "..")],
    targets: [
        // Mapping, heap per item, --print and thumbnails against their
        // baselines; needs item-feed's path in ITEMFEED_BINARY for --print.
        .executableTarget(
            name: "item-feed-benchmark",
            dependencies: [
                .product(name: "ItemFeed", package: "ItemFeed"),
                .product(name: "ItemFeedXML", package: "ItemFeed"),
                .product(name: "ItemFeedUI", package: "ItemFeed"),
                .product(name: "ItemFeedCurl", package: "ItemFeed"),
            ]
        ),
        // The library's store against the sqlite3 shell on the same schema
        // and rows: a refresh's inserts, full-text search, sidebar counts,
        // Mark All as Read, OPML import.
        .executableTarget(
            name: "item-feed-library-benchmark",
            dependencies: [
                .product(name: "ItemFeed", package: "ItemFeed"),
                .product(name: "ItemFeedXML", package: "ItemFeed"),
                .product(name: "ItemFeedStore", package: "ItemFeed"),
                .product(name: "ItemFeedUI", package: "ItemFeed"),
            ]
        ),
        // The readability pass over Readability's test pages against xmllint's parse.
        .executableTarget(
            name: "item-feed-readability",
            dependencies: [.product(name: "ItemFeedXML", package: "ItemFeed")]
        ),
        // How soon a feed's first rows are painted, in the app's own screen.
        .executableTarget(
            name: "item-feed-first-rows",
            dependencies: [
                .product(name: "ItemFeed", package: "ItemFeed"),
                .product(name: "ItemFeedUI", package: "ItemFeed"),
                .product(name: "ItemFeedGLib", package: "ItemFeed"),
                .product(name: "ItemFeedGtk", package: "ItemFeed"),
                .product(name: "ItemFeedApp", package: "ItemFeed"),
                .product(name: "ItemFeedLibrary", package: "ItemFeed"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
