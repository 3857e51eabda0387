// swift-tools-version: 6.0
// libFuzzer targets for highlightd: build with `scripts/fuzz.sh` (which passes
// `--sanitize=fuzzer --sanitize=address`); each target is an executable whose entry point is
// `LLVMFuzzerTestOneInput`. Seed corpora live in ../Tests/FuzzCorpora/<target>/.

import PackageDescription

let libraries: [Target.Dependency] = [.product(name: "highlightdLibraries", package: "highlightd")]

let package = Package(
    name: "highlightdFuzzing",
    dependencies: [.package(name: "highlightd", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: libraries),
        .executableTarget(name: "FuzzFrames", dependencies: libraries),
        .executableTarget(name: "FuzzJSON", dependencies: libraries),
        .executableTarget(name: "FuzzPlist", dependencies: libraries),
        .executableTarget(name: "FuzzServer", dependencies: ["FuzzSupport"] + libraries),
        .executableTarget(name: "FuzzTranslator", dependencies: libraries),
        .executableTarget(name: "FuzzGrammar", dependencies: ["FuzzSupport"] + libraries),
        .executableTarget(name: "FuzzTheme", dependencies: libraries),
        .executableTarget(name: "FuzzLinks", dependencies: libraries),
        .executableTarget(name: "FuzzStorage", dependencies: ["FuzzSupport"] + libraries),
        .executableTarget(name: "FuzzSpans", dependencies: ["FuzzSupport"] + libraries),
        .executableTarget(name: "FuzzFormattable", dependencies: ["FuzzSupport"] + libraries),
        .executableTarget(name: "FuzzLayout", dependencies: ["FuzzSupport"] + libraries),
    ]
)
