import Foundation
import ReelTestSupport
import ReelTesting
import Testing

@Suite("BlockingCommand")
struct BlockingCommandTests {
    @Test func statusAndOutputComeBack() throws {
        let echo = try #require(BlockingCommand.run("/bin/sh", ["-c", "printf 'hi\\n'; echo noise >&2; exit 3"]))
        #expect(echo.status == 3)
        #expect(String(decoding: echo.output, as: UTF8.self) == "hi\n")
        #expect(BlockingCommand.run("sh", ["-c", "true"])?.status == 0)
    }

    @Test func whatCannotStartOrIsKilledIsNil() {
        #expect(BlockingCommand.run("/nonexistent/tool", []) == nil)
        #expect(BlockingCommand.run("/bin/sh", ["-c", "kill -9 $$"]) == nil)
    }

    @Test func outputPastTheLimitIsReadAndDropped() throws {
        // 1 MiB written: the child never blocks on a full pipe, and only the limit is kept.
        let result = try #require(BlockingCommand.run("/bin/sh", ["-c", "head -c 1048576 /dev/zero"], limit: 10))
        #expect(result.status == 0 && result.output.count == 10)
    }
}
