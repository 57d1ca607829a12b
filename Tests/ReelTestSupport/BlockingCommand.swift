import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a short command to its end on the calling thread, for what must be known synchronously
/// (a test's `.enabled(if:)` condition: is a tool or a module installed?).
///
/// `posix_spawn` and `waitpid` on the child's own process id: Foundation's
/// `Process.waitUntilExit()` was seen to wait forever for a child that had already exited
/// (a whole test run hung on `perl -MRTSP::Server -e 1`). Use ``Command`` from async code.
package enum BlockingCommand {
    /// Runs `executable` with `arguments`, standard input and error from and to `/dev/null`, and
    /// returns its exit status and standard output (at most `limit` bytes kept); nil when it could
    /// not start or was killed by a signal.
    package static func run(_ executable: String, _ arguments: [String], limit: Int = 1 << 20) -> (
        status: Int32, output: Data
    )? {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
        close(pipe[1])
        guard spawned == 0 else {
            close(pipe[0])
            return nil
        }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            if output.count < limit { output.append(contentsOf: buffer[0..<min(count, limit - output.count)]) }
        }
        close(pipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        guard status & 0x7F == 0 else { return nil }
        return ((status >> 8) & 0xFF, output)
    }
}
