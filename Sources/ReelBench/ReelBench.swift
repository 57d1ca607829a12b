import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ReelBench`: CPU time, peak memory and time to first frame of Reel against the mpv
/// command-line player (`make bench`). See ``BenchMode/usage``.
@main
enum ReelBench {
    @MainActor static func main() async {
        let mode: BenchMode
        do {
            mode = try BenchMode.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("ReelBench: \(error.message)\n\n\(BenchMode.usage)\n".utf8))
            exit(64)
        }
        switch mode {
        case .help:
            print(BenchMode.usage)
        case .childPlay(let path, let firstFrameOnly):
            exit(await ChildPlayback.run(path: path, firstFrameOnly: firstFrameOnly))
        case .benchmark(let settings):
            do {
                guard let mpv = ChildProcess.locate("mpv") else { throw BenchError.missingTool("mpv") }
                guard let executable = Bundle.main.executablePath else { throw BenchError.noExecutablePath }
                let report = try Benchmark(settings: settings, executable: executable, mpv: mpv).run()
                print("")
                print(report.text())
                print(report.markdown(), terminator: "")
            } catch {
                FileHandle.standardError.write(Data("ReelBench: \(error)\n".utf8))
                exit(1)
            }
        }
    }
}
