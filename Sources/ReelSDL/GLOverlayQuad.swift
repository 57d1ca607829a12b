import CSDL2
import ReelDrawing

/// Draws the overlay surface over libmpv's picture in OpenGL: one texture holding the cairo
/// surface (premultiplied BGRA, uploaded only where it changed) and a textured quad over the
/// pixels the overlays cover, blended with `ONE, ONE_MINUS_SRC_ALPHA`.
///
/// A tiny GLSL 1.20 program with client-side vertex arrays, in the compatibility context SDL
/// makes by default. libmpv expects OpenGL's default state when it renders, so ``draw(region:width:height:)``
/// puts back everything it changes.
final class GLOverlayQuad {
    private let gl: GLFunctions
    private let program: UInt32
    private var texture: UInt32 = 0
    private var textureSize = (width: 0, height: 0)

    private static let vertexShader = """
        #version 120
        attribute vec2 position;
        attribute vec2 coordinate;
        varying vec2 uv;
        void main() {
            uv = coordinate;
            gl_Position = vec4(position, 0.0, 1.0);
        }
        """

    private static let fragmentShader = """
        #version 120
        uniform sampler2D overlay;
        varying vec2 uv;
        void main() {
            gl_FragColor = texture2D(overlay, uv);
        }
        """

    /// Compiles the program in the current context.
    init(gl: GLFunctions) throws(HostError) {
        self.gl = gl
        let vertex = try Self.compile(gl, UInt32(GL_VERTEX_SHADER), Self.vertexShader)
        defer { gl.deleteShader(vertex) }
        let fragment = try Self.compile(gl, UInt32(GL_FRAGMENT_SHADER), Self.fragmentShader)
        defer { gl.deleteShader(fragment) }
        let program = gl.createProgram()
        gl.attachShader(program, vertex)
        gl.attachShader(program, fragment)
        gl.bindAttribLocation(program, 0, "position")
        gl.bindAttribLocation(program, 1, "coordinate")
        gl.linkProgram(program)
        var linked: Int32 = 0
        gl.getProgramiv(program, UInt32(GL_LINK_STATUS), &linked)
        guard linked != 0 else {
            let log = Self.log(program, gl.getProgramInfoLog)
            gl.deleteProgram(program)
            throw HostError(.openGL, message: "The overlay shader did not link: \(log)")
        }
        gl.useProgram(program)
        gl.uniform1i(gl.getUniformLocation(program, "overlay"), 0)
        gl.useProgram(0)
        self.program = program
    }

    /// Copies the overlay pixels that changed into the texture (all of them when the texture is
    /// new or the size changed).
    func upload(_ surface: CairoSurface, changed: PixelRect) {
        gl.activeTexture(UInt32(GL_TEXTURE0))
        var region = changed
        if texture == 0 || textureSize != (surface.width, surface.height) {
            if texture == 0 { gl.genTextures(1, &texture) }
            gl.bindTexture(UInt32(GL_TEXTURE_2D), texture)
            for parameter in [GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER] {
                gl.texParameteri(UInt32(GL_TEXTURE_2D), UInt32(parameter), GL_NEAREST)
            }
            for parameter in [GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T] {
                gl.texParameteri(UInt32(GL_TEXTURE_2D), UInt32(parameter), GL_CLAMP_TO_EDGE)
            }
            gl.texImage2D(
                UInt32(GL_TEXTURE_2D), 0, GL_RGBA8, Int32(surface.width), Int32(surface.height), 0,
                UInt32(GL_BGRA), UInt32(GL_UNSIGNED_BYTE), nil)
            textureSize = (surface.width, surface.height)
            region = PixelRect(x: 0, y: 0, width: surface.width, height: surface.height)
        } else {
            gl.bindTexture(UInt32(GL_TEXTURE_2D), texture)
        }
        region = region.intersection(PixelRect(x: 0, y: 0, width: textureSize.width, height: textureSize.height))
        if !region.isEmpty {
            gl.pixelStorei(UInt32(GL_UNPACK_ROW_LENGTH), Int32(surface.stride / 4))
            gl.pixelStorei(UInt32(GL_UNPACK_SKIP_PIXELS), Int32(region.x))
            gl.pixelStorei(UInt32(GL_UNPACK_SKIP_ROWS), Int32(region.y))
            gl.texSubImage2D(
                UInt32(GL_TEXTURE_2D), 0, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height),
                UInt32(GL_BGRA), UInt32(GL_UNSIGNED_BYTE), surface.pixels)
            for parameter in [GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_PIXELS, GL_UNPACK_SKIP_ROWS] {
                gl.pixelStorei(UInt32(parameter), 0)
            }
        }
        gl.bindTexture(UInt32(GL_TEXTURE_2D), 0)
    }

    /// Blends `region` of the texture over the same pixels of the bound framebuffer, which is
    /// `width` × `height` device pixels with its origin at the bottom left.
    func draw(region: PixelRect, width: Int, height: Int) {
        let region = region.intersection(PixelRect(x: 0, y: 0, width: textureSize.width, height: textureSize.height))
        guard texture != 0, !region.isEmpty, width > 0, height > 0 else { return }
        let left = Float(region.x) / Float(width) * 2 - 1
        let right = Float(region.maxX) / Float(width) * 2 - 1
        let top = 1 - Float(region.y) / Float(height) * 2
        let bottom = 1 - Float(region.maxY) / Float(height) * 2
        let u0 = Float(region.x) / Float(textureSize.width)
        let u1 = Float(region.maxX) / Float(textureSize.width)
        let v0 = Float(region.y) / Float(textureSize.height)
        let v1 = Float(region.maxY) / Float(textureSize.height)
        // x, y, u, v; texture row 0 is the surface's top row.
        let vertices: [Float] = [left, top, u0, v0, left, bottom, u0, v1, right, top, u1, v0, right, bottom, u1, v1]
        gl.viewport(0, 0, Int32(width), Int32(height))
        gl.enable(UInt32(GL_BLEND))
        gl.blendFunc(UInt32(GL_ONE), UInt32(GL_ONE_MINUS_SRC_ALPHA))
        gl.useProgram(program)
        gl.activeTexture(UInt32(GL_TEXTURE0))
        gl.bindTexture(UInt32(GL_TEXTURE_2D), texture)
        gl.bindBuffer(UInt32(GL_ARRAY_BUFFER), 0)
        vertices.withUnsafeBytes { bytes in
            let stride = Int32(4 * MemoryLayout<Float>.size)
            gl.vertexAttribPointer(0, 2, UInt32(GL_FLOAT), 0, stride, bytes.baseAddress)
            gl.vertexAttribPointer(1, 2, UInt32(GL_FLOAT), 0, stride, bytes.baseAddress! + 2 * MemoryLayout<Float>.size)
            gl.enableVertexAttribArray(0)
            gl.enableVertexAttribArray(1)
            gl.drawArrays(UInt32(GL_TRIANGLE_STRIP), 0, 4)
        }
        // Back to OpenGL's defaults, which libmpv expects.
        gl.disableVertexAttribArray(0)
        gl.disableVertexAttribArray(1)
        gl.bindTexture(UInt32(GL_TEXTURE_2D), 0)
        gl.useProgram(0)
        gl.blendFunc(UInt32(GL_ONE), UInt32(GL_ZERO))
        gl.disable(UInt32(GL_BLEND))
    }

    /// Deletes the texture and the program (the context must be current).
    func destroy() {
        if texture != 0 { gl.deleteTextures(1, &texture) }
        texture = 0
        gl.deleteProgram(program)
    }

    private static func compile(_ gl: GLFunctions, _ kind: UInt32, _ source: String) throws(HostError) -> UInt32 {
        let shader = gl.createShader(kind)
        source.withCString { text in
            var pointer: UnsafePointer<CChar>? = text
            gl.shaderSource(shader, 1, &pointer, nil)
        }
        gl.compileShader(shader)
        var compiled: Int32 = 0
        gl.getShaderiv(shader, UInt32(GL_COMPILE_STATUS), &compiled)
        guard compiled != 0 else {
            let log = Self.log(shader, gl.getShaderInfoLog)
            gl.deleteShader(shader)
            throw HostError(.openGL, message: "The overlay shader did not compile: \(log)")
        }
        return shader
    }

    private static func log(_ object: UInt32, _ read: GLFunctions.InfoLog) -> String {
        var buffer = [CChar](repeating: 0, count: 1_024)
        var length: Int32 = 0
        read(object, Int32(buffer.count), &length, &buffer)
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
