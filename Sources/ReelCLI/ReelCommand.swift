import ArgumentParser
import ReelCore

/// The `reel` command: configuration only; the work happens in its subcommands.
@main
struct ReelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reel",
        abstract: "Play and inspect media with Reel, a Swift player on libmpv.",
        version: ReelVersion.current,
        subcommands: [
            PlayCommand.self, ProbeCommand.self, DemoCommand.self, CheckCommand.self, SnapshotCommand.self,
            ThumbnailsCommand.self, ContactSheetCommand.self, WorkerCommand.self,
        ]
    )
}
