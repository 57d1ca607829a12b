// swift-tools-version: 6.0
import PackageDescription

/// Strictness is set once, for every target (see docs/ARCHITECTURE.md).
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Every lock in Reel is a `NIOLockedValueBox` (see the swift-nio dependency below).
let locks: Target.Dependency = .product(name: "NIOConcurrencyHelpers", package: "swift-nio")

let package = Package(
    name: "Reel",
    platforms: [.macOS(.v14)],
    products: [
        // `import Reel`: the app-facing modules in one import. Each module below stays a product
        // of its own, for apps that want fewer (a headless player needs no SDL or cairo).
        .library(name: "Reel", targets: ["Reel"]),
        .library(name: "ReelCore", targets: ["ReelCore"]),
        .library(name: "ReelMPV", targets: ["ReelMPV"]),
        .library(name: "ReelPlayer", targets: ["ReelPlayer"]),
        .library(name: "ReelArchitecture", targets: ["ReelArchitecture"]),
        .library(name: "ReelComposable", targets: ["ReelComposable"]),
        .library(name: "ReelCanvas", targets: ["ReelCanvas"]),
        .library(name: "ReelContainer", targets: ["ReelContainer"]),
        .library(name: "ReelDrawing", targets: ["ReelDrawing"]),
        .library(name: "ReelSnapshot", targets: ["ReelSnapshot"]),
        .library(name: "ReelSDL", targets: ["ReelSDL"]),
        .library(name: "ReelPreview", targets: ["ReelPreview"]),
        .library(name: "ReelProbe", targets: ["ReelProbe"]),
        .library(name: "ReelMPRIS", targets: ["ReelMPRIS"]),
        .library(name: "ReelPulse", targets: ["ReelPulse"]),
        .library(name: "ReelIsolation", targets: ["ReelIsolation"]),
        .library(name: "ReelDesktop", targets: ["ReelDesktop"]),
        .library(name: "ReelFeed", targets: ["ReelFeed"]),
        .library(name: "ReelMetrics", targets: ["ReelMetrics"]),
        .library(name: "ReelTesting", targets: ["ReelTesting"]),
        .executable(name: "reel", targets: ["ReelCLI"]),
        .executable(name: "MiniPlayer", targets: ["MiniPlayer"]),
        .executable(name: "Feed", targets: ["Feed"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
        // Test-only: property-based tests (ReelMPVTests' concurrency properties).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Child processes: ReelIsolation's workers, the tests' tools, the benchmarks' helpers.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // Every library log line goes through a swift-log Logger, so apps route Reel's logs.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Locks: NIOConcurrencyHelpers' NIOLockedValueBox, a pthread mutex. The standard library's
        // `Mutex` waits on futexes that ThreadSanitizer cannot see, so every value it guarded read
        // as a data race under `make sanitize` (36 false reports).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // ReelMetrics: playback metrics as counters, timers and gauges for any metrics backend.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        // `make docs`: the DocC catalogues (Sources/*/*.docc) as a static site (swift package
        // generate-documentation).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    // A module's layer is one more than the highest layer among its dependencies (0 with none),
    // so every dependency sits in a lower layer (docs/ARCHITECTURE.md, "Layers and modules", whose
    // table `make layers-check`, part of `make test`, checks against this manifest).
    targets: [
        // The C API of Debian 12's libmpv 0.35.1 (client API 2.0), whose headers sit in the
        // default paths (`make deps` checks `pkg-config mpv`). libmpv itself is not linked: loader.c
        // defines the functions Reel calls and loads libmpv.so.2 with dlopen on the first call, so a
        // process that never plays (`reel probe`) starts without libmpv's ~230 libraries. No
        // `pkgConfig`: mpv.pc drags in `-D_REENTRANT`, which SwiftPM reports as a warning.
        .target(name: "CMPV", path: "Sources/CMPV", linkerSettings: [.linkedLibrary("dl")]),
        // SDL2 for ReelSDL, cairo + Pango for ReelDrawing. Neither names a `pkgConfig`
        // either: sdl2.pc adds `-D_REENTRANT` and pangocairo.pc `-pthread`, both warnings in
        // SwiftPM. Their headers are reached from the default include path (see the shim.h files).
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2", providers: [.apt(["libsdl2-dev"])]),
        // Xlib for an SDL window's title (libsdl2-dev brings libx11-dev); apart from CSDL2 so
        // that Xlib's names stay out of the files that draw.
        .systemLibrary(name: "CSDLX11", path: "Sources/CSDLX11", providers: [.apt(["libsdl2-dev", "libx11-dev"])]),
        .systemLibrary(
            name: "CCairo",
            path: "Sources/CCairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        // A thin C layer over Debian 12's FFmpeg 5.1 (libavformat, libavcodec, libswscale,
        // libavutil) for ReelPreview: keyframe seek + decode + scale, and JPEG/PNG in and out. Its
        // header shows Swift no FFmpeg type, so FFmpeg's version-specific API stays in C. No
        // `pkgConfig`: the headers are in the default (multiarch) include path, and
        // `libavcodec-dev` & co. provide them.
        .target(
            name: "CFFmpeg",
            linkerSettings: [
                .linkedLibrary("avformat"), .linkedLibrary("avcodec"), .linkedLibrary("swscale"),
                .linkedLibrary("avutil"),
            ]
        ),
        // A thin C layer over sd-bus (libsystemd 252) for ReelMPRIS: the MPRIS vtables
        // (sd-bus's SD_BUS_* macros) and its variadic functions, which Swift cannot call. No
        // `pkgConfig`: libsystemd.pc's flags are not needed, `<systemd/sd-bus.h>` is in the default
        // path.
        .target(name: "CSystemdBus", linkerSettings: [.linkedLibrary("systemd")]),
        // Libpulse 16.1 for ReelPulse: the sound server's sinks and streams (PulseAudio, or
        // PipeWire's pulse server). No pkgConfig: libpulse.pc adds `-D_REENTRANT`.
        .systemLibrary(name: "CPulse", path: "Sources/CPulse", providers: [.apt(["libpulse-dev"])]),
        // Engine-agnostic model. Foundation, and NIOConcurrencyHelpers for its locks.
        .target(name: "ReelCore", dependencies: [locks], swiftSettings: strictSettings),
        // Libxml2's generic error handler (FFmpeg's DASH demuxer parses manifests with
        // libxml2, which prints its complaints straight to standard error). Reached with dlsym: Reel
        // links no libxml2 of its own, it catches the one FFmpeg brought into the process.
        .target(name: "CLibXML2"),
        // The libmpv engine. The only module that sees libmpv.
        .target(
            name: "ReelMPV",
            dependencies: ["CMPV", "CLibXML2", "ReelCore", .product(name: "Logging", package: "swift-log"), locks],
            swiftSettings: strictSettings
        ),
        // The observable player model, the face of PlayerFeature.
        .target(
            name: "ReelPlayer", dependencies: ["ReelCore", "ReelComposable", locks], swiftSettings: strictSettings),
        // Desktop integration over D-Bus: MPRIS, logind's sleep, the screensaver.
        .target(
            name: "ReelMPRIS", dependencies: ["CSystemdBus", "ReelCore", "ReelPlayer", locks],
            swiftSettings: strictSettings),
        // The sound server: pauses a player when the audio output it plays on goes away.
        .target(
            name: "ReelPulse", dependencies: ["CPulse", "ReelCore", "ReelPlayer", locks], swiftSettings: strictSettings),
        // One type for everything a desktop expects of a player: MPRIS, sleep, the
        // screensaver and the audio output, each optional and failing soft.
        .target(
            name: "ReelDesktop",
            dependencies: ["ReelCore", "ReelPlayer", "ReelMPRIS", "ReelPulse"],
            swiftSettings: strictSettings
        ),
        // A player's playback metrics through swift-metrics (counters, timers, gauges with
        // the item as a dimension), for Prometheus or OpenTelemetry backends; apart, so that an
        // app that does not export them does not link swift-metrics.
        .target(
            name: "ReelMetrics",
            dependencies: [
                "ReelCore", "ReelPlayer", "ReelFeed", .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelMetricsTests",
            dependencies: [
                "ReelCore", "ReelPlayer", "ReelFeed", "ReelMetrics", "ReelTesting", "ReelTestSupport",
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            swiftSettings: strictSettings
        ),
        // A vertical feed's players: a fixed pool handed over to the items nearest the
        // visible one, which plays while its neighbours wait on their first frame.
        .target(name: "ReelFeed", dependencies: ["ReelCore", "ReelPlayer"], swiftSettings: strictSettings),
        // The runtime of features (Store, Reducer, Scope, Effect, DependencyValues): TCA's
        // shapes, knowing nothing of media.
        .target(name: "ReelArchitecture", swiftSettings: strictSettings),
        .testTarget(name: "ReelArchitectureTests", dependencies: ["ReelArchitecture"], swiftSettings: strictSettings),
        // The player feature on that runtime, which it re-exports; its engine is a dependency of
        // the store.
        .target(name: "ReelComposable", dependencies: ["ReelCore", "ReelArchitecture"], swiftSettings: strictSettings),
        // The vocabulary the container shares with its hosts: geometry, paths, the
        // Canvas widgets draw on, images, input events, the OverlayHost a window draws.
        .target(name: "ReelCanvas", dependencies: ["ReelCore"], swiftSettings: strictSettings),
        // The UI-agnostic player container: context, services, widgets, overlays, gestures.
        .target(
            name: "ReelContainer", dependencies: ["ReelCore", "ReelCanvas", "ReelComposable", "ReelPlayer"],
            swiftSettings: strictSettings),
        // What the container's hosts draw with, no display needed: cairo + Pango behind
        // ReelCanvas's Canvas, frame buffers, overlay surfaces.
        .target(
            name: "ReelDrawing",
            dependencies: ["CCairo", "ReelCore", "ReelCanvas"],
            swiftSettings: strictSettings
        ),
        // Offscreen snapshots: a frame of an item (a headless engine's software render)
        // with a container's overlays drawn over it (`reel snapshot`).
        .target(
            name: "ReelSnapshot",
            dependencies: ["ReelCore", "ReelMPV", "ReelCanvas", "ReelContainer", "ReelDrawing"],
            swiftSettings: strictSettings
        ),
        // The Linux window host: SDL2 windows and input, mpv's render API (software or
        // OpenGL), picture in picture, the container with seek previews.
        .target(
            name: "ReelSDL",
            dependencies: [
                "CSDL2", "CSDLX11", "ReelCore", "ReelMPV", "ReelComposable", "ReelPlayer", "ReelCanvas",
                "ReelContainer", "ReelDrawing", "ReelPreview",
            ],
            swiftSettings: strictSettings
        ),
        // Seek previews and thumbnails from local files (FFmpeg), WebVTT sprite tracks and
        // remote media (ReelMPV's FrameGrabber); the PreviewModel a seek bar asks, and SeekPreviews,
        // which follows a Player's items for the container's seek bar; the items' artwork
        // (ArtworkLoader, ArtworkCache), whose failures go to a swift-log Logger.
        .target(
            name: "ReelPreview",
            dependencies: [
                "CFFmpeg", "ReelCore", "ReelMPV", "ReelComposable", "ReelPlayer", "ReelCanvas",
                .product(name: "Logging", package: "swift-log"),
                locks,
            ],
            swiftSettings: strictSettings
        ),
        // What a file or stream holds, read with libavformat (CFFmpeg) without playing it:
        // streams, whether this machine decodes each, chapters, programs, tags (`reel probe`).
        .target(name: "ReelProbe", dependencies: ["CFFmpeg", "ReelCore"], swiftSettings: strictSettings),
        // Untrusted work (check, thumbnails, and any job an app defines) in a child process
        // that is killed at its deadline; what C libraries print there is captured, never shown.
        .target(
            name: "ReelIsolation",
            dependencies: [
                "ReelCore", "ReelMPV", "ReelPlayer", "ReelPreview", "ReelProbe",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "Logging", package: "swift-log"),
                locks,
            ],
            swiftSettings: strictSettings
        ),
        // Test support for an app's tests: a scriptable engine, a TestStore, test clocks,
        // generated media fixtures and hostile media.
        .target(
            name: "ReelTesting",
            dependencies: [
                "ReelCore", "ReelPlayer", "ReelComposable",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
                locks,
            ],
            swiftSettings: strictSettings
        ),
        // Not a product: the project's own test harness (loopback HTTP and RTSP servers, child
        // processes and daemons, a private sound server, the display lock, XDND drops), which
        // every test target may use. An app's tests use the ReelTesting product.
        .target(
            name: "ReelTestSupport", dependencies: ["ReelTesting", locks], path: "Tests/ReelTestSupport",
            swiftSettings: strictSettings
        ),
        // The umbrella module: `import Reel` re-exports the app-facing modules
        // (Sources/Reel/Reel.swift).
        .target(
            name: "Reel",
            dependencies: [
                "ReelCore", "ReelArchitecture", "ReelComposable", "ReelPlayer", "ReelMPV", "ReelCanvas",
                "ReelContainer", "ReelDrawing", "ReelSnapshot", "ReelSDL", "ReelPreview", "ReelDesktop", "ReelFeed",
            ],
            swiftSettings: strictSettings
        ),
        // The README's quick start, a whole program: `swift run MiniPlayer FILE`.
        .executableTarget(
            name: "MiniPlayer", dependencies: ["Reel"], path: "Examples/MiniPlayer", swiftSettings: strictSettings),
        // A vertical feed in a window: `swift run Feed A.mp4 B.mp4 …`, ↑/↓, wheel or drag.
        .executableTarget(name: "Feed", dependencies: ["Reel"], path: "Examples/Feed", swiftSettings: strictSettings),
        // `make screenshots`: the pictures of the window in docs/images, from real playback.
        .executableTarget(
            name: "ReelScreenshots", dependencies: ["Reel"], path: "Examples/Screenshots",
            swiftSettings: strictSettings),
        // The Swift samples of the DocC catalogues' articles (and Articles/), one file
        // each, compiled here; ReelSnippetsTests fails when a document and its file differ.
        .target(
            name: "ReelSnippets",
            dependencies: ["Reel", "ReelMPRIS", "ReelPulse", "ReelMetrics", "ReelProbe", "ReelIsolation"],
            path: "Examples/Snippets",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelSnippetsTests",
            dependencies: ["ReelSnippets"],
            path: "Examples/Tests/ReelSnippetsTests",
            swiftSettings: strictSettings
        ),
        // The `reel` command-line tool (Reel for PlayerWindow's DesktopWindow conformance).
        .executableTarget(
            name: "ReelCLI",
            dependencies: [
                "Reel", "ReelCore", "ReelMPV", "ReelPlayer", "ReelComposable", "ReelContainer", "ReelDrawing",
                "ReelSnapshot", "ReelSDL", "ReelPreview", "ReelProbe", "ReelMPRIS", "ReelPulse", "ReelDesktop",
                "ReelIsolation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                locks,
            ],
            swiftSettings: strictSettings
        ),
        // Benchmarks against the mpv command-line player: `make bench`.
        .executableTarget(
            name: "ReelBench",
            dependencies: [
                "ReelCore", "ReelMPV", "ReelPlayer", "ReelComposable", "ReelPreview", "ReelContainer", "ReelDrawing",
                "ReelSDL", "ReelFeed",
                // The network feed's loopback server and scripted viewer (`--feed-network-only`).
                "ReelTestSupport", .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            swiftSettings: strictSettings
        ),
        // The benchmark's Reel side, a headless app with only the player's modules, so
        // that its memory and start-up are what such an app's would be.
        .executableTarget(
            name: "ReelBenchPlayer", dependencies: ["ReelCore", "ReelMPV", "ReelPlayer"], swiftSettings: strictSettings),
        // Example features composing PlayerFeature, compiled and tested in CI.
        .target(
            name: "ReelExamples",
            dependencies: ["ReelCore", "ReelComposable"],
            path: "Examples/Sources/ReelExamples",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelExamplesTests",
            dependencies: ["ReelCore", "ReelComposable", "ReelExamples", "ReelTesting", locks],
            path: "Examples/Tests/ReelExamplesTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelPulseTests",
            dependencies: ["ReelCore", "ReelMPV", "ReelPlayer", "ReelPulse", "ReelTesting", "ReelTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelCoreTests",
            dependencies: ["ReelCore", "ReelTesting", "ReelTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelMPVTests",
            dependencies: [
                "ReelComposable", "ReelContainer", "ReelCore", "ReelMPV", "ReelPlayer", "ReelTesting",
                "ReelTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Logging", package: "swift-log"),
                locks,
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelTestingTests",
            dependencies: ["ReelCore", "ReelTesting", "ReelTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelComposableTests",
            dependencies: ["ReelCore", "ReelComposable", "ReelMPV", "ReelTesting", "ReelTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelContainerTests",
            dependencies: [
                "ReelCore", "ReelComposable", "ReelContainer", "ReelPlayer", "ReelTesting", "ReelTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelDrawingTests",
            dependencies: [
                "CCairo", "ReelCore", "ReelCanvas", "ReelComposable", "ReelContainer", "ReelDrawing", "ReelTesting",
                "ReelTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelSnapshotTests",
            dependencies: [
                "CCairo", "ReelCore", "ReelMPV", "ReelComposable", "ReelContainer", "ReelDrawing", "ReelSnapshot",
                "ReelTesting",
                "ReelTestSupport",
            ],
            // Reference PNGs are read from the source tree by path, not bundled.
            exclude: ["References"],
            swiftSettings: strictSettings
        ),
        // The window host: SDL input, the render path, and real windows under X (PlayerWindowTests,
        // skipped without DISPLAY).
        .testTarget(
            name: "ReelSDLTests",
            dependencies: [
                "CSDL2", "ReelCore", "ReelMPV", "ReelPlayer", "ReelContainer", "ReelDrawing", "ReelPreview", "ReelSDL",
                "ReelTesting", "ReelTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        // `reel play` and the Feed example in a window under X, driven with xdotool; skipped
        // without DISPLAY. They run the executables `swift build --build-tests` puts next to the
        // test bundle.
        .testTarget(
            name: "ReelEndToEndTests",
            dependencies: ["ReelTesting", "ReelTestSupport"],
            swiftSettings: strictSettings
        ),
        // MPRIS, logind and the screensaver on private buses the tests start (dbus-daemon), with
        // the real playerctl; DesktopIntegration on them and a private sound server; `reel play`
        // driven by playerctl, headless and (WindowedReelPlayTests, skipped without DISPLAY) in a
        // window.
        .testTarget(
            name: "ReelMPRISTests",
            dependencies: [
                "CSystemdBus", "ReelComposable", "ReelCore", "ReelMPV", "ReelMPRIS", "ReelPlayer", "ReelPulse",
                "ReelDesktop",
                "ReelTesting", "ReelTestSupport",
                locks,
            ],
            swiftSettings: strictSettings
        ),
        // The feed's pool on FakeEngine (1 000 items, bounded loads) and on libmpv (first frames).
        .testTarget(
            name: "ReelFeedTests",
            dependencies: ["ReelCore", "ReelMPV", "ReelPlayer", "ReelFeed", "ReelTesting", "ReelTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelPlayerTests",
            dependencies: ["ReelCore", "ReelComposable", "ReelPlayer", "ReelTesting", "ReelTestSupport"],
            swiftSettings: strictSettings
        ),
        // ReelProbe against ffprobe, on generated media and a loopback HTTP server; `reel probe`.
        .testTarget(
            name: "ReelProbeTests",
            dependencies: ["ReelCore", "ReelProbe", "ReelTesting", "ReelTestSupport"],
            swiftSettings: strictSettings
        ),
        // ReelIsolation's workers and `reel check`'s isolation: media that never returns (a FIFO, a
        // stalled loopback server, a DASH manifest that spins FFmpeg), a generated corpus.
        .testTarget(
            name: "ReelIsolationTests",
            dependencies: [
                "ReelCore", "ReelMPV", "ReelPreview", "ReelIsolation", "ReelTesting", "ReelTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReelPreviewTests",
            dependencies: [
                "ReelCore", "ReelMPV", "ReelPlayer", "ReelContainer", "ReelPreview", "ReelTesting", "ReelTestSupport",
                .product(name: "Logging", package: "swift-log"),
                locks,
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Every target also depends directly on its dependencies' dependencies. SwiftPM's native build
// system makes a module's compile step wait on the modules of its direct dependencies only: when
// a lower module's layout changes without changing the modules between (a private stored
// property added to a public class), the step does not run again and the executable links code
// built against the old layout. That is how a stale `Feed` wrote its gesture hook into the wrong
// field of `GestureService` once `Reel` stood between them (swiftlang/swift-package-manager#10502,
// swiftlang/swift#89636). The lists above stay the declared ones (docs/ARCHITECTURE.md's table).
do {
    let targets = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    func name(of dependency: Target.Dependency) -> String? {
        switch dependency {
        case .targetItem(let name, _), .byNameItem(let name, _): targets[name] == nil ? nil : name
        default: nil
        }
    }
    func closure(of target: Target) -> [String] {
        var seen: [String] = []
        var pending = target.dependencies.compactMap(name(of:))
        while let next = pending.popLast() {
            guard !seen.contains(next), let dependency = targets[next] else { continue }
            seen.append(next)
            pending += dependency.dependencies.compactMap(name(of:))
        }
        return seen.sorted()
    }
    for target in package.targets {
        let direct = Set(target.dependencies.compactMap(name(of:)))
        target.dependencies += closure(of: target).filter { !direct.contains($0) }.map { .target(name: $0) }
    }
}
