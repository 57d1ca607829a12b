import Foundation
import ReelSDL
import Testing

@Suite("RenderPath")
struct RenderPathTests {
    @Test(arguments: [
        "llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Software Rasterizer", "Mesa X11 swrast",
        "GDI Generic", "Google SwiftShader",
    ])
    func softwareRasterizersChooseTheSoftwarePath(_ renderer: String) {
        #expect(RenderPath.isSoftwareRasterizer(renderer))
        #expect(RenderPath.choose(preference: .automatic, glRenderer: renderer) == .software)
    }

    @Test(arguments: [
        "Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "NVIDIA GeForce RTX 3060/PCIe/SSE2",
        "AMD Radeon RX 6700 XT (navi22, LLVM 15.0.6, DRM 3.49, 6.1.0-9-amd64)", "Apple M1",
    ])
    func hardwareRenderersChooseOpenGL(_ renderer: String) {
        #expect(!RenderPath.isSoftwareRasterizer(renderer))
        #expect(RenderPath.choose(preference: .automatic, glRenderer: renderer) == .openGL)
    }

    @Test(arguments: [
        (["dri/card0"], true), (["dri/renderD128"], true), (["nvidia0", "nvidiactl"], true),
        (["dri/by-path"], false), (["null", "zero"], false), ([], false),
    ])
    func aGraphicsDeviceIsADRMOrNVIDIANode(nodes: [String], expected: Bool) throws {
        let devices = FileManager.default.temporaryDirectory.appendingPathComponent("reel-dev-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: devices) }
        try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
        for node in nodes {
            let url = devices.appendingPathComponent(node)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        }
        #expect(RenderPath.hasGraphicsDevice(devices: devices.path) == expected)
    }

    @Test func withoutOpenGLTheSoftwarePathIsChosen() {
        #expect(RenderPath.choose(preference: .automatic, glRenderer: nil) == .software)
    }

    @Test func aPreferenceOverridesTheProbe() {
        #expect(RenderPath.choose(preference: .openGL, glRenderer: "llvmpipe") == .openGL)
        #expect(RenderPath.choose(preference: .software, glRenderer: "NVIDIA GeForce") == .software)
    }

    @Test func theEnvironmentVariableIsParsed() {
        #expect(RenderPath.preference(fromEnvironment: "SW") == .software)
        #expect(RenderPath.preference(fromEnvironment: "software") == .software)
        #expect(RenderPath.preference(fromEnvironment: "gl") == .openGL)
        #expect(RenderPath.preference(fromEnvironment: "OpenGL") == .openGL)
        #expect(RenderPath.preference(fromEnvironment: "auto") == .automatic)
        #expect(RenderPath.preference(fromEnvironment: "vulkan") == nil)
        #expect(RenderPath.preference(fromEnvironment: nil) == nil)
    }
}
