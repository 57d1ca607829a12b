import CSDL2
import ReelDrawing

/// The OpenGL functions ReelSDL calls, resolved with `SDL_GL_GetProcAddress` in the current
/// context (libGL is never linked; SDL loads it with the first GL window).
///
/// Everything here is OpenGL 2.1 plus framebuffer objects and `glBlitFramebuffer` (3.0 or
/// `ARB_framebuffer_object`), which libmpv's OpenGL renderer needs anyway.
struct GLFunctions {
    typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
    typealias Enum = @convention(c) (UInt32) -> Void
    typealias EnumInt = @convention(c) (UInt32, Int32) -> Void
    typealias EnumUInt = @convention(c) (UInt32, UInt32) -> Void
    typealias EnumEnum = @convention(c) (UInt32, UInt32) -> Void
    typealias EnumEnumInt = @convention(c) (UInt32, UInt32, Int32) -> Void
    typealias Rect = @convention(c) (Int32, Int32, Int32, Int32) -> Void
    typealias Color = @convention(c) (Float, Float, Float, Float) -> Void
    typealias Generate = @convention(c) (Int32, UnsafeMutablePointer<UInt32>?) -> Void
    typealias Delete = @convention(c) (Int32, UnsafePointer<UInt32>?) -> Void
    typealias TexImage2D =
        @convention(c) (
            UInt32, Int32, Int32, Int32, Int32, Int32, UInt32, UInt32, UnsafeRawPointer?
        ) -> Void
    typealias TexSubImage2D =
        @convention(c) (
            UInt32, Int32, Int32, Int32, Int32, Int32, UInt32, UInt32, UnsafeRawPointer?
        ) -> Void
    typealias ReadPixels = @convention(c) (Int32, Int32, Int32, Int32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void
    typealias CreateShader = @convention(c) (UInt32) -> UInt32
    typealias ShaderSource =
        @convention(c) (
            UInt32, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?
        ) -> Void
    typealias UIntFunction = @convention(c) (UInt32) -> Void
    typealias GetIntegerParameter = @convention(c) (UInt32, UInt32, UnsafeMutablePointer<Int32>?) -> Void
    typealias InfoLog =
        @convention(c) (UInt32, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<CChar>?) -> Void
    typealias CreateProgram = @convention(c) () -> UInt32
    typealias AttachShader = @convention(c) (UInt32, UInt32) -> Void
    typealias BindAttribLocation = @convention(c) (UInt32, UInt32, UnsafePointer<CChar>?) -> Void
    typealias GetUniformLocation = @convention(c) (UInt32, UnsafePointer<CChar>?) -> Int32
    typealias Uniform1i = @convention(c) (Int32, Int32) -> Void
    typealias VertexAttribPointer = @convention(c) (UInt32, Int32, UInt32, UInt8, Int32, UnsafeRawPointer?) -> Void
    typealias DrawArrays = @convention(c) (UInt32, Int32, Int32) -> Void
    typealias FramebufferTexture2D = @convention(c) (UInt32, UInt32, UInt32, UInt32, Int32) -> Void
    typealias CheckFramebufferStatus = @convention(c) (UInt32) -> UInt32
    typealias BlitFramebuffer =
        @convention(c) (
            Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, UInt32, UInt32
        ) -> Void

    let getString: GetString
    let viewport: Rect
    let clearColor: Color
    let clear: UIntFunction
    let enable: Enum
    let disable: Enum
    let blendFunc: EnumEnum
    let genTextures: Generate
    let deleteTextures: Delete
    let bindTexture: EnumUInt
    let activeTexture: Enum
    let texParameteri: EnumEnumInt
    let texImage2D: TexImage2D
    let texSubImage2D: TexSubImage2D
    let pixelStorei: EnumInt
    let readPixels: ReadPixels
    let createShader: CreateShader
    let shaderSource: ShaderSource
    let compileShader: UIntFunction
    let getShaderiv: GetIntegerParameter
    let getShaderInfoLog: InfoLog
    let deleteShader: UIntFunction
    let createProgram: CreateProgram
    let attachShader: AttachShader
    let bindAttribLocation: BindAttribLocation
    let linkProgram: UIntFunction
    let getProgramiv: GetIntegerParameter
    let getProgramInfoLog: InfoLog
    let useProgram: UIntFunction
    let deleteProgram: UIntFunction
    let getUniformLocation: GetUniformLocation
    let uniform1i: Uniform1i
    let bindBuffer: EnumUInt
    let vertexAttribPointer: VertexAttribPointer
    let enableVertexAttribArray: UIntFunction
    let disableVertexAttribArray: UIntFunction
    let drawArrays: DrawArrays
    let genFramebuffers: Generate
    let deleteFramebuffers: Delete
    let bindFramebuffer: EnumUInt
    let framebufferTexture2D: FramebufferTexture2D
    let checkFramebufferStatus: CheckFramebufferStatus
    let blitFramebuffer: BlitFramebuffer

    /// Resolves every function in the current context.
    /// - Throws: ``HostError/Code/openGL`` naming the first function that is missing.
    init() throws(HostError) {
        func load<Function>(_ name: String, as type: Function.Type) throws(HostError) -> Function {
            guard let address = SDL_GL_GetProcAddress(name) else {
                throw HostError(
                    .openGL, message: "OpenGL has no \(name); Reel needs OpenGL 2.1 with framebuffer objects.")
            }
            return unsafeBitCast(address, to: type)
        }
        getString = try load("glGetString", as: GetString.self)
        viewport = try load("glViewport", as: Rect.self)
        clearColor = try load("glClearColor", as: Color.self)
        clear = try load("glClear", as: UIntFunction.self)
        enable = try load("glEnable", as: Enum.self)
        disable = try load("glDisable", as: Enum.self)
        blendFunc = try load("glBlendFunc", as: EnumEnum.self)
        genTextures = try load("glGenTextures", as: Generate.self)
        deleteTextures = try load("glDeleteTextures", as: Delete.self)
        bindTexture = try load("glBindTexture", as: EnumUInt.self)
        activeTexture = try load("glActiveTexture", as: Enum.self)
        texParameteri = try load("glTexParameteri", as: EnumEnumInt.self)
        texImage2D = try load("glTexImage2D", as: TexImage2D.self)
        texSubImage2D = try load("glTexSubImage2D", as: TexSubImage2D.self)
        pixelStorei = try load("glPixelStorei", as: EnumInt.self)
        readPixels = try load("glReadPixels", as: ReadPixels.self)
        createShader = try load("glCreateShader", as: CreateShader.self)
        shaderSource = try load("glShaderSource", as: ShaderSource.self)
        compileShader = try load("glCompileShader", as: UIntFunction.self)
        getShaderiv = try load("glGetShaderiv", as: GetIntegerParameter.self)
        getShaderInfoLog = try load("glGetShaderInfoLog", as: InfoLog.self)
        deleteShader = try load("glDeleteShader", as: UIntFunction.self)
        createProgram = try load("glCreateProgram", as: CreateProgram.self)
        attachShader = try load("glAttachShader", as: AttachShader.self)
        bindAttribLocation = try load("glBindAttribLocation", as: BindAttribLocation.self)
        linkProgram = try load("glLinkProgram", as: UIntFunction.self)
        getProgramiv = try load("glGetProgramiv", as: GetIntegerParameter.self)
        getProgramInfoLog = try load("glGetProgramInfoLog", as: InfoLog.self)
        useProgram = try load("glUseProgram", as: UIntFunction.self)
        deleteProgram = try load("glDeleteProgram", as: UIntFunction.self)
        getUniformLocation = try load("glGetUniformLocation", as: GetUniformLocation.self)
        uniform1i = try load("glUniform1i", as: Uniform1i.self)
        bindBuffer = try load("glBindBuffer", as: EnumUInt.self)
        vertexAttribPointer = try load("glVertexAttribPointer", as: VertexAttribPointer.self)
        enableVertexAttribArray = try load("glEnableVertexAttribArray", as: UIntFunction.self)
        disableVertexAttribArray = try load("glDisableVertexAttribArray", as: UIntFunction.self)
        drawArrays = try load("glDrawArrays", as: DrawArrays.self)
        genFramebuffers = try load("glGenFramebuffers", as: Generate.self)
        deleteFramebuffers = try load("glDeleteFramebuffers", as: Delete.self)
        bindFramebuffer = try load("glBindFramebuffer", as: EnumUInt.self)
        framebufferTexture2D = try load("glFramebufferTexture2D", as: FramebufferTexture2D.self)
        checkFramebufferStatus = try load("glCheckFramebufferStatus", as: CheckFramebufferStatus.self)
        blitFramebuffer = try load("glBlitFramebuffer", as: BlitFramebuffer.self)
    }

    /// A `glGetString` value (`GL_RENDERER`, `GL_VERSION`, …) as text.
    func string(_ name: Int32) -> String? {
        getString(UInt32(name)).map { String(cString: $0) }
    }
}
