// swift-tools-version: 6.0
// Benchmarks live in their own package so the main build never compiles them and they can
// depend on libraries the daemon does not (swift-collections' BigString, as a baseline).

import PackageDescription

let package = Package(
    name: "highlightd-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "highlightd", path: ".."),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        .executableTarget(
            name: "rope-comparison",
            dependencies: [
                .product(name: "_RopeModule", package: "swift-collections"),
                .product(name: "highlightdLibraries", package: "highlightd"),
            ]
        ),
        .executableTarget(
            name: "segmentation-bench",
            dependencies: [.product(name: "highlightdLibraries", package: "highlightd")]
        ),
    ]
)
