import CFFmpeg

/// FFmpeg's process-wide log level, for the FFmpeg calls ReelPreview makes.
///
/// FFmpeg prints warnings about damaged input to standard error by default; a command-line tool
/// that reports errors itself can silence them. The setting is global to the process and also
/// silences the FFmpeg messages libmpv reads ("HTTP error 404", "Connection refused"), from
/// which the engine explains network failures: never call it in a process that plays media or
/// grabs frames with libmpv.
public enum FFmpegLog {
    /// Prints nothing.
    public static func quiet() { reel_av_set_quiet(1) }

    /// Prints errors only.
    public static func errorsOnly() { reel_av_set_quiet(0) }
}
