import Foundation
import ReelIsolation
import ReelTestSupport
import ReelTesting
import Testing

/// ``Isolation``'s side of the protocol, against shell scripts standing in for workers: answers,
/// progress, crashes, exits, garbage, chatter, and a worker that never ends.
@Suite("Isolation's protocol")
struct IsolationProtocolTests {
    /// `sh -c SCRIPT check`: the job's name becomes the script's `$0`.
    private func shell(_ script: String) -> Isolation {
        Isolation(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script])
    }

    private let job = MediaCheck(url: URL(fileURLWithPath: "/nonexistent.mp4"), seconds: 1, timeout: 1)

    @Test func aWorkerAnswersWithProgressThenItsOutput() async throws {
        let worker = shell(
            """
            read job
            case "$job" in *nonexistent.mp4*) ;; *) exit 9 ;; esac
            echo '{"progress":{"stage":"loaded","tracks":2}}'
            echo 'libxml2 says something' >&2
            echo '{"output":{"result":"ok","tracks":2,"duration":4}}'
            """)
        let seen = ProgressLog()
        let run = try await worker.run(job, timeout: .seconds(20)) { seen.append($0) }
        #expect(run.output == MediaCheck.Report(result: .ok, duration: 4, tracks: 2))
        #expect(seen.all == [MediaCheck.Progress(stage: .loaded, tracks: 2)])
        #expect(run.diagnostics == ["libxml2 says something"])
    }

    @Test func aWorkerThatKillsItselfCrashed() async throws {
        let error = try await failure(of: shell("kill -SEGV $$"))
        #expect(error.reason == .crashed(signal: SIGSEGV))
    }

    @Test func aWorkerThatExitsWithoutAnAnswerSaysHow() async throws {
        let error = try await failure(of: shell("echo 'out of memory' >&2; exit 3"))
        #expect(error.reason == .exited(status: 3))
        #expect(error.diagnostics == ["out of memory"])
    }

    @Test func garbageOnTheReplyChannelIsMalformed() async throws {
        let error = try await failure(of: shell("echo 'Hello from a C library'"))
        guard case .malformedReply(let words) = error.reason else {
            Issue.record("expected a malformed reply, got \(error.reason)")
            return
        }
        #expect(words.contains("Hello from a C library"))
    }

    @Test func repeatedChatterIsKeptOnceAndLongChatterIsCut() async throws {
        var isolation = shell(
            """
            for i in 1 2 3 4 5 6; do echo 'namespace error : Namespace prefix yt' >&2; echo "line $i" >&2; done
            exit 1
            """)
        isolation.diagnosticLimit = 4
        let error = try await failure(of: isolation)
        #expect(error.diagnostics == ["namespace error : Namespace prefix yt", "line 1", "line 2", "line 3"])
    }

    @Test func aWorkerStillRunningAtTheDeadlineIsKilledWithWhatItHadSaid() async throws {
        // `exec`: the shell becomes the sleep, which the kill reaches.
        let worker = shell(#"echo '{"progress":{"stage":"opening"}}'; exec sleep 60"#)
        let started = ContinuousClock.now
        let error = try await failure(of: worker, timeout: .seconds(1))
        #expect(ContinuousClock.now - started < hangBound(after: .seconds(3)))
        #expect(error.reason == .timedOut(.seconds(1)))
        #expect(error.lastProgress(as: MediaCheck.Progress.self) == MediaCheck.Progress(stage: .opening))
    }

    @Test func aGrandchildHoldingThePipesDoesNotHoldTheRunUp() async throws {
        // Without `exec` the shell forks the sleep, which keeps the output pipes open after the
        // shell is killed; the run still ends at the deadline.
        let worker = shell("sleep 20; echo done")
        let started = ContinuousClock.now
        let error = try await failure(of: worker, timeout: .seconds(1))
        #expect(ContinuousClock.now - started < hangBound(after: .seconds(3)))
        #expect(error.isTimeout)
    }

    @Test func aWorkerThatCannotStartSaysSo() async throws {
        let missing = Isolation(executable: URL(fileURLWithPath: "/nonexistent/worker"))
        let error = try await failure(of: missing)
        guard case .launchFailed = error.reason else {
            Issue.record("expected a launch failure, got \(error.reason)")
            return
        }
    }

    private func failure(of isolation: Isolation, timeout: Duration = .seconds(20)) async throws -> IsolationError {
        let run: IsolatedRun<MediaCheck.Report>
        do {
            run = try await isolation.run(job, timeout: timeout)
        } catch {
            return error
        }
        Issue.record("expected a failure, got \(run.output)")
        throw CancellationError()
    }
}

/// Progress reports collected from the reading task.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [MediaCheck.Progress] = []

    func append(_ value: MediaCheck.Progress) { lock.withLock { values.append(value) } }
    var all: [MediaCheck.Progress] { lock.withLock { values } }
}
