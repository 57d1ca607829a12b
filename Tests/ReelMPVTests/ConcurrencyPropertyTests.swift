import Foundation
import PropertyBased
import ReelComposable
import ReelCore
import ReelMPV
import ReelPlayer
import ReelTestSupport
import ReelTesting
import Testing

/// Random command sequences from several concurrent tasks at one ``Player``, on the fake engine
/// (many runs) and on libmpv (a few): no crash; every send succeeds or throws a typed error for
/// a reason the command explains; once the commands stop, the state settles on the last intent,
/// speed and volume; the position stays inside the media; after shutdown every send throws
/// ``PlayerError/Code/engineGone``.
@MainActor
@Suite("Concurrent commands (property-based)", .serialized)
struct ConcurrencyPropertyTests {
    /// Many runs on the fake engine, a failure shrunk to a smallest script.
    @Test func randomCommandsFromSeveralTasksKeepAFakePlayerConsistent() async throws {
        try await check(.fake, runs: 150)
    }

    /// A few runs on libmpv. Not shrunk: a shrunk input is run again, and a failure that depends
    /// on the timing of a real engine may not come back, which would leave the failure unexplained;
    /// unshrunk, every issue is recorded as it happens.
    @Test(.shrinking(false)) func randomCommandsFromSeveralTasksKeepAnMPVPlayerConsistent() async throws {
        try await check(.mpv, runs: 4)
    }

    private func check(_ kind: EngineKind, runs: Int) async throws {
        let fixture: Fixture = .tenSecondClip
        let clip = try await MediaFixtures.url(for: fixture)
        // Each task's script is a list of numbers; `StormCommand(code:)` turns each into a command.
        let script = Gen.int(in: 0...999).array(of: 1...25)
        await propertyCheck(count: runs, input: script, script, script) { first, second, third in
            let engine = try EngineUnderTest(kind)
            _ = try await engine.media(fixture)
            let storm = CommandStorm(player: engine.player, clip: clip)
            let scripts = [first, second, third].map { codes in codes.map(StormCommand.init(code:)) }
            await storm.runConcurrently(scripts)
            #expect(storm.violations == [], "scripts: \(scripts)")
            try await storm.checkSettled(timeout: engine.timeout)
            await storm.checkShutdown()
        }
    }
}

/// One command of a random script.
enum StormCommand: Hashable, CustomStringConvertible {
    case load(autoplay: Bool)
    case play
    case pause
    case seek(Double)
    case speed(Double)
    case volume(Double)
    case audio(Int?)
    case subtitle(Int?)
    case stop
    case shutdown

    /// Decodes 0…999: the kind from the last digits, a parameter from the rest. Speeds of 0 and
    /// volumes above 10 (what no engine takes) are out of range on purpose; volumes stay under
    /// 1.3, what the mpv engine takes by default; a shutdown is rare (codes 900…999 ending in 19).
    init(code: Int) {
        let parameter = code / 20
        switch code % 20 {
        case 0...2: self = .load(autoplay: parameter % 3 != 0)
        case 3, 4: self = .play
        case 5, 6: self = .pause
        case 7...9: self = .seek(Double(parameter) / 4)
        case 10, 11: self = .speed(Double(parameter) / 10)
        case 12: self = .volume(Double(parameter) / 40)
        case 13: self = .volume(parameter % 5 == 0 ? 10.5 + Double(parameter) : Double(parameter) / 40)
        case 14: self = .audio(parameter % 3 == 0 ? nil : parameter % 3)
        case 15: self = .subtitle(parameter % 2 == 0 ? nil : 1)
        case 16, 17: self = .stop
        default: self = code >= 900 ? .shutdown : .play
        }
    }

    /// Whether the engine must refuse it at once, whatever the state.
    var isOutOfRange: Bool {
        switch self {
        case .speed(let speed): !(0.01...100).contains(speed)
        case .volume(let volume): !(0...10).contains(volume)
        default: false
        }
    }

    var description: String {
        switch self {
        case .load(let autoplay): "load(autoplay: \(autoplay))"
        case .play: "play"
        case .pause: "pause"
        case .seek(let time): "seek(\(time))"
        case .speed(let speed): "speed(\(speed))"
        case .volume(let volume): "volume(\(volume))"
        case .audio(let id): "audio(\(id.map(String.init) ?? "off"))"
        case .subtitle(let id): "subtitle(\(id.map(String.init) ?? "off"))"
        case .stop: "stop"
        case .shutdown: "shutdown"
        }
    }
}

/// Runs scripts against one player and records what every send did.
@MainActor
final class CommandStorm {
    let player: Player
    let clip: URL
    private(set) var violations: [String] = []
    /// The last accepted command that set the intent to play, and its value.
    private var intent: Bool?
    private var speed: Double?
    private var volume: Double?
    private var isShutDown = false

    init(player: Player, clip: URL) {
        self.player = player
        self.clip = clip
    }

    /// Runs each script in a task of its own, all at once, and returns when all are done.
    func runConcurrently(_ scripts: [[StormCommand]]) async {
        await withTaskGroup(of: Void.self) { group in
            for commands in scripts {
                group.addTask { await self.run(commands) }
            }
        }
    }

    /// Sends `commands` in order, letting the other tasks and the engine's events in between.
    func run(_ commands: [StormCommand]) async {
        for command in commands {
            await send(command)
            await Task.yield()
        }
    }

    private func send(_ command: StormCommand) async {
        if command == .shutdown {
            await player.shutdown()
            isShutDown = true
            return
        }
        let wasShutDown = isShutDown
        do throws(PlayerError) {
            try perform(command)
            if wasShutDown { violations.append("\(command) was accepted after shutdown") }
            if command.isOutOfRange { violations.append("\(command) was accepted") }
            record(command)
        } catch {
            switch error.code {
            case .engineGone where player.isShutDown: break
            case .invalidArgument where command.isOutOfRange: break
            default: violations.append("\(command) threw \(error.code): \(error.message)")
            }
            if wasShutDown, error.code != .engineGone { violations.append("\(command) after shutdown threw \(error)") }
        }
        let duration = player.duration ?? .infinity
        if !(0...duration).contains(player.currentTime) {
            violations.append("position \(player.currentTime) outside [0, \(duration)] after \(command)")
        }
    }

    private func perform(_ command: StormCommand) throws(PlayerError) {
        switch command {
        case .load(let autoplay): try player.load(MediaItem(url: clip), autoplay: autoplay)
        case .play: try player.play()
        case .pause: try player.pause()
        case .seek(let time): try player.seek(to: time, precision: .keyframe)
        case .speed(let speed): try player.setRate(speed)
        case .volume(let volume): try player.setVolume(volume)
        case .audio(let id): try player.perform(.outputs(.audioTrackSelected(id: id)))
        case .subtitle(let id): try player.perform(.outputs(.subtitleTrackSelected(id: id)))
        case .stop: try player.stop()
        case .shutdown: break
        }
    }

    private func record(_ command: StormCommand) {
        switch command {
        case .load(let autoplay): intent = autoplay
        case .play: intent = true
        case .pause, .stop: intent = false
        case .speed(let value): speed = value
        case .volume(let value): volume = value
        default: break
        }
    }

    /// After the last command: the state settles on the last intent, speed and volume.
    func checkSettled(timeout: Duration) async throws {
        guard !isShutDown else {
            #expect(player.isShutDown)
            return
        }
        let intent = intent
        let speed = speed
        let volume = volume
        let settled = await player.wait(timeout: timeout) { state in
            state.status != .loading && state.waiting == .none
                && intent.map { state.intent.playWhenReady == $0 } != false
                && speed.map { abs(state.speed - $0) < 1e-6 } != false
                && volume.map { abs(state.volume - $0) < 1e-6 } != false
        }
        #expect(
            settled,
            """
            never settled on intent \(String(describing: intent)), speed \(String(describing: speed)), \
            volume \(String(describing: volume)): \(player.playback)
            """)
        if case .failed(let error) = player.playback.status { Issue.record("the item failed: \(error)") }
    }

    /// Shuts down (again) and checks that every command is then refused with engineGone.
    func checkShutdown() async {
        await player.shutdown()
        let commands: [StormCommand] = [
            .load(autoplay: true), .play, .pause, .seek(1), .speed(1), .volume(0.5), .audio(1), .subtitle(nil), .stop,
        ]
        for command in commands {
            #expect(throws: PlayerError(.engineGone), "\(command)") { try self.perform(command) }
        }
    }
}
