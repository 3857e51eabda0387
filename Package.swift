// swift-tools-version: 6.0
// highlightd: a syntax-highlighting text storage daemon. See docs/ARCHITECTURE.md for the
// module table; dependencies only point down the list below.

import PackageDescription

/// Release builds of the hot modules: generic storage types (ropes, runs) are specialized across
/// modules (without it every rope operation the highlighter calls goes through generic metadata
/// at run time), and dynamic exclusivity checks are left out (debug builds, where every test
/// runs, keep them). docs/ARCHITECTURE.md has the measurements.
let optimizedAcrossModules: [SwiftSetting] = [
    .unsafeFlags(
        ["-cross-module-optimization", "-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

let package = Package(
    name: "highlightd",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "highlightd", targets: ["highlightd"]),
        // For the Benchmarks and Fuzzing packages; not a supported API.
        .library(
            name: "highlightdLibraries",
            targets: [
                "TextRope", "DocumentStorage", "EditTrace", "BoundedFiles", "ResourceFiles",
                "RegexTranslation",
                "GrammarEngine", "ThemeEngine", "VSCodeExtensions", "Rendering", "Highlighting",
                "TextSegmentation",
                "TextLayout", "RichText",
                "JSONSyntax", "PlistSyntax", "JSONRPC", "DaemonCore",
            ]
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    ],
    targets: [
        // System libraries: module map + shim header only. ICU, HarfBuzz, fontconfig and libpsl
        // are not linked: only their headers are read, and the libraries are opened when a
        // feature first needs them (`CLibrary`), which spares every process the loading of
        // them and of the thirteen libraries they need (2.1 ms of `--version`).
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        .systemLibrary(
            name: "COniguruma",
            pkgConfig: "oniguruma",
            providers: [.apt(["libonig-dev"])]
        ),
        .systemLibrary(
            name: "CICU",
            providers: [.apt(["libicu-dev"])]
        ),
        .systemLibrary(
            name: "CZStream",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CPSL",
            providers: [.apt(["libpsl-dev", "publicsuffix"])]
        ),

        // JSON text to values, shared by grammar loading and the protocol.
        .target(name: "JSONSyntax"),
        // XML property lists (TextMate grammars and themes) to values, through the same
        // builders as JSON.
        .target(name: "PlistSyntax", dependencies: ["JSONSyntax"]),

        // Text model.
        .target(name: "TextRope", swiftSettings: optimizedAcrossModules),
        .target(name: "EditTrace", dependencies: ["CZStream", "JSONSyntax"]),
        .target(
            name: "DocumentStorage", dependencies: ["JSONSyntax", "TextRope"],
            swiftSettings: optimizedAcrossModules),

        // Files clients name, read with bounds (no Foundation: text layout reads fonts through
        // it, and Foundation's ICU clashes with the system ICU layout imports).
        .target(name: "BoundedFiles"),
        // The Grammars folder built into the executable (C23 `#embed`: large byte arrays
        // compile in a second this way, where Swift array literals took a minute).
        .target(name: "CBundledFiles", cSettings: [.unsafeFlags(["-std=c23"])]),
        // Files the grammars and themes are read from: bounded reads, the Grammars folder
        // (on disk, or built in).
        .target(name: "ResourceFiles", dependencies: ["BoundedFiles", "CBundledFiles"]),

        // Oniguruma patterns (as TextMate grammars write them) to PCRE2 syntax: pure Swift.
        .target(name: "RegexTranslation", swiftSettings: optimizedAcrossModules),

        // The TextMate engine: grammars, rules, patterns on PCRE2, the tokenizer, the registry
        // of bundled grammars, the conformance runner.
        .target(
            name: "GrammarEngine",
            dependencies: [
                "CPCRE2",
                "COniguruma",
                "JSONSyntax",
                "PlistSyntax",
                "RegexTranslation",
                "ResourceFiles",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: optimizedAcrossModules
        ),

        // Themes: theme files (VS Code JSON, tmTheme) to resolved styles per scope stack.
        .target(
            name: "ThemeEngine", dependencies: ["JSONSyntax", "PlistSyntax", "ResourceFiles"],
            swiftSettings: optimizedAcrossModules),

        // VS Code extensions (folders and .vsix files) as sources of languages, grammars and
        // themes: manifests read at start-up, grammar files registered to load on demand.
        .target(
            name: "VSCodeExtensions",
            dependencies: [
                "GrammarEngine", "ThemeEngine", "ResourceFiles",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),

        // Output formats of the CLI: ANSI, HTML and token JSON from tokens and a theme.
        .target(name: "Rendering", dependencies: ["GrammarEngine", "JSONSyntax", "ThemeEngine"]),

        // Incremental highlighting: the syntax processEditing hook.
        .target(
            name: "Highlighting",
            dependencies: ["DocumentStorage", "GrammarEngine", "JSONSyntax", "ThemeEngine", "TextRope"],
            swiftSettings: optimizedAcrossModules
        ),

        // Links and line breaking.
        .target(
            name: "TextSegmentation",
            dependencies: ["CICU", "CPSL", "DocumentStorage"]
        ),

        // Layout: shaped line fragments with cluster rectangles (HarfBuzz, fontconfig).
        .target(
            name: "TextLayout",
            dependencies: [
                "CHarfBuzz", "CFontconfig", "CICU", "ResourceFiles", "TextRope", "TextSegmentation",
            ]),

        // The protocol: framing, messages, errors.
        .target(name: "JSONRPC", dependencies: ["JSONSyntax"]),

        // Rich text: span rules and their hook, display text, FormattableContent.
        .target(
            name: "RichText",
            dependencies: [
                "DocumentStorage", "GrammarEngine", "RegexTranslation", "ThemeEngine", "JSONSyntax",
            ]
        ),

        // The daemon: documents, dispatch, the native push protocol and the LSP face.
        .target(
            name: "DaemonCore",
            dependencies: [
                "JSONRPC", "DocumentStorage", "GrammarEngine", "ThemeEngine", "Highlighting",
                "TextSegmentation", "TextLayout", "TextRope", "RichText", "VSCodeExtensions",
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),

        // The browser playground: the page's files built in, and a local web server (SwiftNIO)
        // whose WebSocket carries the daemon's JSON-RPC messages.
        .target(name: "CWebAssets", cSettings: [.unsafeFlags(["-std=c23"])]),
        .target(
            name: "WebPlayground",
            dependencies: [
                "BoundedFiles", "CWebAssets",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),

        // The executable.
        .executableTarget(
            name: "highlightd",
            dependencies: [
                "DocumentStorage",
                "DaemonCore",
                "VSCodeExtensions",
                "EditTrace",
                "GrammarEngine",
                "ThemeEngine",
                "Rendering",
                "JSONRPC",
                "Highlighting",
                "TextSegmentation",
                "TextLayout",
                "RichText",
                "WebPlayground",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Tests.
        .target(name: "TestSupport", dependencies: ["EditTrace"], path: "Tests/TestSupport"),
        .testTarget(name: "TextRopeTests", dependencies: ["TextRope", "TestSupport"]),
        .testTarget(
            name: "DocumentStorageTests",
            dependencies: ["DocumentStorage", "TestSupport"]
        ),
        .testTarget(name: "EditTraceTests", dependencies: ["EditTrace", "TestSupport"]),
        .testTarget(name: "ResourceFilesTests", dependencies: ["ResourceFiles", "TestSupport"]),
        .testTarget(name: "WebPlaygroundTests", dependencies: ["WebPlayground", "TestSupport"]),
        .testTarget(name: "RegexTranslationTests", dependencies: ["RegexTranslation", "TestSupport"]),
        .testTarget(
            name: "GrammarEngineTests",
            dependencies: ["GrammarEngine", "RegexTranslation", "CPCRE2", "TestSupport"]
        ),
        .testTarget(name: "ThemeEngineTests", dependencies: ["ThemeEngine", "ResourceFiles", "TestSupport"]),
        .testTarget(
            name: "VSCodeExtensionsTests",
            dependencies: [
                "VSCodeExtensions", "GrammarEngine", "ThemeEngine", "TestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering", "GrammarEngine", "ThemeEngine", "TestSupport"]),
        .testTarget(
            name: "BundledGrammarTests",
            dependencies: ["GrammarEngine", "RegexTranslation", "ResourceFiles", "EditTrace", "TestSupport"],
            exclude: ["Fixtures", "WebFixtures"]
        ),
        .testTarget(
            name: "HighlightingTests",
            dependencies: [
                "Highlighting", "DocumentStorage", "GrammarEngine", "ThemeEngine", "ResourceFiles",
                "EditTrace",
                "TestSupport",
            ]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["DaemonCore", "JSONRPC", "TestSupport"]),
        .testTarget(
            name: "HighlightdCommandTests",
            dependencies: [
                "highlightd", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "TestSupport"]),
        .testTarget(name: "PlistSyntaxTests", dependencies: ["PlistSyntax", "JSONSyntax", "TestSupport"]),
        .testTarget(
            name: "DaemonCoreTests",
            dependencies: [
                "DaemonCore", "GrammarEngine", "JSONRPC", "TextLayout", "ThemeEngine", "TestSupport",
            ]
        ),
        .testTarget(
            name: "RichTextTests",
            dependencies: ["RichText", "DocumentStorage", "TextSegmentation", "JSONRPC", "TestSupport"]
        ),
        .testTarget(
            name: "TextLayoutTests",
            dependencies: ["TextLayout", "TextRope", "TextSegmentation", "TestSupport"]),
        .testTarget(
            name: "TextSegmentationTests",
            dependencies: ["TextSegmentation", "DocumentStorage", "CICU", "TestSupport"]
        ),
    ]
)
