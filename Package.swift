// swift-tools-version: 6.0
import PackageDescription

/// Strictness is set once, for every target (see docs/ARCHITECTURE.md).
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Reel",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ReelCore", targets: ["ReelCore"]),
        .library(name: "ReelMPV", targets: ["ReelMPV"]),
        .library(name: "ReelPlayer", targets: ["ReelPlayer"]),
        .library(name: "ReelComposable", targets: ["ReelComposable"]),
        .library(name: "ReelContainer", targets: ["ReelContainer"]),
        .library(name: "ReelTesting", targets: ["ReelTesting"]),
        .executable(name: "reel", targets: ["ReelCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
    ],
    targets: [
        // Layer 0: the C API of Debian 12's libmpv (0.35.1, client API 2.0). Its headers and library
        // sit in the default paths; `make deps` checks `pkg-config mpv`. The target names no
        // `pkgConfig`, because mpv.pc drags in `-D_REENTRANT` from its private requirements, which
        // SwiftPM reports as a warning on every build.
        .systemLibrary(
            name: "CMPV",
            path: "Sources/CMPV",
            providers: [.apt(["libmpv-dev"])]
        ),
        // Layer 2: engine-agnostic model. Foundation only.
        .target(name: "ReelCore", swiftSettings: strictSettings),
        // Layer 1: the libmpv engine. The only module that sees libmpv.
        .target(name: "ReelMPV", dependencies: ["CMPV", "ReelCore"], swiftSettings: strictSettings),
        // Layer 3: the observable player model.
        .target(name: "ReelPlayer", dependencies: ["ReelCore"], swiftSettings: strictSettings),
        // Layer 3: the composable layer (Store, Reducer, Effect) and the player feature.
        .target(name: "ReelComposable", dependencies: ["ReelCore"], swiftSettings: strictSettings),
        // Layer 4: the UI-agnostic player container: context, services, widgets, overlays, gestures.
        .target(name: "ReelContainer", dependencies: ["ReelCore", "ReelComposable"], swiftSettings: strictSettings),
        // Test support that users can depend on: a scriptable engine, media fixtures, a loopback server.
        .target(
            name: "ReelTesting",
            dependencies: [
                "ReelCore", "ReelPlayer", "ReelComposable",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ],
            swiftSettings: strictSettings
        ),
        // Layer 5: the `reel` command-line tool.
        .executableTarget(
            name: "ReelCLI",
            dependencies: [
                "ReelCore", "ReelMPV", "ReelPlayer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // Benchmarks against the mpv command-line player: `make bench`.
        .executableTarget(
            name: "ReelBench",
            dependencies: ["ReelCore", "ReelMPV", "ReelPlayer", "ReelComposable"],
            swiftSettings: strictSettings
        ),
        // Example features composing PlayerFeature, compiled and tested in CI.
        .target(
            name: "ReelExamples",
            dependencies: ["ReelCore", "ReelComposable"],
            path: "Examples/Sources/ReelExamples",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelExamplesTests",
            dependencies: ["ReelCore", "ReelComposable", "ReelExamples", "ReelTesting"],
            path: "Examples/Tests/ReelExamplesTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelCoreTests",
            dependencies: ["ReelCore", "ReelTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelMPVTests",
            dependencies: ["ReelCore", "ReelMPV", "ReelPlayer", "ReelTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelTestingTests",
            dependencies: ["ReelCore", "ReelTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelComposableTests",
            dependencies: ["ReelCore", "ReelComposable", "ReelMPV", "ReelTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelContainerTests",
            dependencies: ["ReelCore", "ReelComposable", "ReelContainer", "ReelTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelPlayerTests",
            dependencies: ["ReelCore", "ReelPlayer", "ReelTesting"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
