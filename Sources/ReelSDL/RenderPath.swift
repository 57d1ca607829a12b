import Foundation

/// How ``PlayerWindow`` gets video onto the screen.
///
/// On a real GPU, OpenGL is cheapest: libmpv scales and converts on the GPU. Without one,
/// Mesa's llvmpipe emulates OpenGL on the CPU, and the software render API is far cheaper
/// (measured for 720p30: about 79 % of a core for OpenGL on llvmpipe against 29 % for software),
/// so ``choose(preference:glRenderer:)`` picks software whenever the OpenGL renderer is a
/// software rasteriser.
public enum RenderPath: String, Hashable, Sendable, CaseIterable {
    /// libmpv's software renderer into the window's surface (memory the window system shows).
    case software
    /// libmpv's OpenGL renderer into the window's framebuffer.
    case openGL

    /// What the host asks for.
    public enum Preference: String, Hashable, Sendable, CaseIterable {
        /// OpenGL on hardware, software otherwise.
        case automatic
        /// Always the software path.
        case software
        /// Always OpenGL, even on a software rasteriser.
        case openGL
    }

    /// The environment variable that overrides an automatic choice: `software` (or `sw`),
    /// `opengl` (or `gl`), `auto`.
    public static let environmentVariable = "REEL_RENDER_PATH"

    /// The path for `preference`, given the `GL_RENDERER` string of a probe context (nil when
    /// OpenGL is not available at all).
    public static func choose(preference: Preference, glRenderer: String?) -> RenderPath {
        switch preference {
        case .software: return .software
        case .openGL: return .openGL
        case .automatic:
            guard let glRenderer else { return .software }
            return isSoftwareRasterizer(glRenderer) ? .software : .openGL
        }
    }

    /// Whether a `GL_RENDERER` string names a CPU rasteriser: Mesa's llvmpipe and softpipe,
    /// swrast, "Software Rasterizer", Microsoft's GDI Generic, SwiftShader.
    public static func isSoftwareRasterizer(_ glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        let markers = ["llvmpipe", "softpipe", "software", "swrast", "gdi generic", "swiftshader"]
        return markers.contains { name.contains($0) }
    }

    /// Whether the machine has a device that could run OpenGL in hardware: a DRM node
    /// (`/dev/dri/card*`, `/dev/dri/renderD*`) or NVIDIA's proprietary driver (`/dev/nvidia*`).
    /// Without one, OpenGL can only be a software rasteriser, so an automatic choice is software
    /// without probing OpenGL at all (which loads Mesa and makes a context: time and memory for
    /// nothing).
    public static func hasGraphicsDevice(devices: String = "/dev") -> Bool {
        let fileManager = FileManager.default
        let dri = (try? fileManager.contentsOfDirectory(atPath: devices + "/dri")) ?? []
        if dri.contains(where: { $0.hasPrefix("card") || $0.hasPrefix("renderD") }) { return true }
        let nodes = (try? fileManager.contentsOfDirectory(atPath: devices)) ?? []
        return nodes.contains { $0.hasPrefix("nvidia") }
    }

    /// Parses the value of ``environmentVariable``; nil for an empty or unknown value.
    public static func preference(fromEnvironment value: String?) -> Preference? {
        switch value?.lowercased() {
        case "software", "sw": .software
        case "opengl", "gl": .openGL
        case "auto", "automatic": .automatic
        default: nil
        }
    }
}
