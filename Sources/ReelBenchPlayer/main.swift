import Foundation

/// `ReelBenchPlayer FILE [--first-frame]`: the benchmark's Reel side, a headless app that
/// links what such an app would (ReelCore, ReelMPV, ReelPlayer) and nothing of the window,
/// the container or the benchmark's own tooling, so its memory and start-up are an app's.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first(where: { !$0.hasPrefix("--") }), arguments.count <= 2 else {
    FileHandle.standardError.write(Data("usage: ReelBenchPlayer FILE [--first-frame]\n".utf8))
    exit(64)
}
exit(await ChildPlayback.run(path: path, firstFrameOnly: arguments.contains("--first-frame")))
