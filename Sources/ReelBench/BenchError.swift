/// Why the benchmark could not run.
enum BenchError: Error, CustomStringConvertible {
    /// A program is not on `PATH`.
    case missingTool(String)
    /// A child could not be started.
    case spawnFailed(String, String)
    /// A child did not exit with status 0 (the raw `wait` status).
    case childFailed(String, status: Int32)
    /// The package's own executable could not be found.
    case noExecutablePath
    /// The seek-latency measurement failed.
    case seek(String)
    /// Anything else that stops a measurement, said in full.
    case failed(String)

    var description: String {
        switch self {
        case .missingTool(let name): "\(name) was not found on PATH."
        case .spawnFailed(let executable, let reason): "\(executable) could not be started: \(reason)."
        case .childFailed(let command, let status):
            if status & 0x7F == 0 {
                "\(command) exited with status \((status >> 8) & 0xFF)."
            } else {
                "\(command) was killed by signal \(status & 0x7F)."
            }
        case .noExecutablePath: "The path of the ReelBench executable could not be found."
        case .seek(let message): "Seek latency: \(message)"
        case .failed(let message): message
        }
    }
}
