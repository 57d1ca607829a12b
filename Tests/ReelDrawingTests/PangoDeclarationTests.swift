import Foundation
import ReelTestSupport
import ReelTesting
import Testing

/// Sources/CCairo/shim.h declares the Pango functions Reel calls instead of including Pango's
/// headers (which need pkg-config's flags). Compiling it after the real headers makes the C
/// compiler check every declaration: a wrong one is a "conflicting types" error.
@Suite("CCairo's Pango declarations")
struct PangoDeclarationTests {
    private static var shim: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CCairo/shim.h")
    }

    private static var compilerAvailable: Bool {
        ["/usr/bin/cc", "/usr/bin/pkg-config"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(.enabled(if: compilerAvailable, "needs cc and pkg-config"))
    func theyMatchPangosOwnHeaders() async throws {
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("reel-pango-\(UUID()).c")
        defer { try? FileManager.default.removeItem(at: source) }
        try "#include <pango/pangocairo.h>\n#include \"\(Self.shim.path)\"\n".write(
            to: source, atomically: true, encoding: .utf8)
        let result = try await Command.run([
            "/bin/sh", "-c", "cc -fsyntax-only -Werror $(pkg-config --cflags pangocairo) \"$0\" 2>&1", source.path,
        ])
        #expect(result.status == 0, "\(result.outputText)")
    }
}
