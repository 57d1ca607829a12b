import Foundation
import Reel
import ReelIsolation
import ReelProbe

/// Checks an address a user typed before the app plays it: the scheme first, then what it holds,
/// read in a worker process that is killed when it hangs and cannot take the app down when it crashes.
func checkBeforePlaying(_ text: String) async throws -> URL {
    let url = try URLPolicy.standard.resolve(text)  // file, http, https: never `ytdl://`, `lavfi:`, `fd://`
    let isolation = Isolation(executable: Isolation.currentExecutable, arguments: ["worker"])
    let media = try await MediaProbe().probe(url, isolation: isolation)  // FFmpeg runs in the worker
    if let reason = media.unplayableReason { throw PlayerError(.unsupportedFormat, message: reason) }
    return url
}

/// The app's `worker` subcommand (`myapp worker NAME`): where isolated jobs run.
func runWorker() async -> Never {
    await IsolatedWorker.serve(name: CommandLine.arguments[2], jobs: IsolatedWorker.reelJobs)
}
