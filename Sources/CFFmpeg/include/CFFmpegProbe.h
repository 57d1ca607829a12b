// Reading what a container holds with libavformat, without playing it: ReelProbe's C side.
//
// As in CFFmpeg.h, Swift sees only plain C types: FFmpeg's structures, macros (AV_DISPOSITION_*,
// AVERROR_HTTP_*), channel-layout and side-data APIs stay in probe.c, written against FFmpeg 5.1.
//
// Threading: a ReelProbe belongs to one thread at a time, except reel_probe_cancel, which any
// thread may call while another opens. Distinct probes may run concurrently.
//
// Logging: nothing here changes FFmpeg's process-wide log level or callback (libmpv reads FFmpeg's
// messages through that callback). The decoders the probe opens, its own and those inside
// avformat_find_stream_info, get a per-context log_level_offset that pushes their messages below
// AV_LOG_TRACE. FFmpeg 5.1 has no such per-context knob for the format context, its I/O (HTTP)
// or the demuxers it nests: their messages go to whatever callback the process has.
#ifndef REEL_CFFMPEG_PROBE_H
#define REEL_CFFMPEG_PROBE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcomes of reel_probe_open; 0 is success, every failure is negative.
typedef enum ReelProbeStatus {
    REEL_PROBE_OK = 0,
    /// The file does not exist (ENOENT, ENOTDIR).
    REEL_PROBE_NOT_FOUND = -1,
    /// The file exists but may not be read (EACCES, EPERM).
    REEL_PROBE_PERMISSION_DENIED = -2,
    /// No demuxer recognises the data, or its header cannot be read (empty, truncated, not media).
    REEL_PROBE_INVALID_DATA = -3,
    /// The server answered with an HTTP error; reel_probe_http_status says which.
    REEL_PROBE_HTTP_ERROR = -4,
    /// The host could not be reached: refused, reset, unreachable, unresolved, or an I/O error on
    /// a network address.
    REEL_PROBE_NETWORK = -5,
    /// The deadline passed before the container was read.
    REEL_PROBE_TIMED_OUT = -6,
    /// reel_probe_cancel was called.
    REEL_PROBE_CANCELLED = -7,
    /// Memory could not be allocated.
    REEL_PROBE_OUT_OF_MEMORY = -8,
    /// An argument was missing or out of range.
    REEL_PROBE_INVALID_ARGUMENT = -9,
    /// Anything else; reel_probe_ffmpeg_error has FFmpeg's code.
    REEL_PROBE_FAILED = -10,
} ReelProbeStatus;

/// What a stream carries.
typedef enum ReelProbeKind {
    REEL_PROBE_KIND_UNKNOWN = 0,
    REEL_PROBE_KIND_VIDEO = 1,
    REEL_PROBE_KIND_AUDIO = 2,
    REEL_PROBE_KIND_SUBTITLE = 3,
    REEL_PROBE_KIND_DATA = 4,
    REEL_PROBE_KIND_ATTACHMENT = 5,
} ReelProbeKind;

/// A stream's disposition flags: Reel's own bits, mapped from FFmpeg's in probe.c.
enum {
    REEL_PROBE_DISPOSITION_DEFAULT = 1 << 0,
    REEL_PROBE_DISPOSITION_DUB = 1 << 1,
    REEL_PROBE_DISPOSITION_ORIGINAL = 1 << 2,
    REEL_PROBE_DISPOSITION_COMMENT = 1 << 3,
    REEL_PROBE_DISPOSITION_LYRICS = 1 << 4,
    REEL_PROBE_DISPOSITION_KARAOKE = 1 << 5,
    REEL_PROBE_DISPOSITION_FORCED = 1 << 6,
    REEL_PROBE_DISPOSITION_HEARING_IMPAIRED = 1 << 7,
    REEL_PROBE_DISPOSITION_VISUAL_IMPAIRED = 1 << 8,
    REEL_PROBE_DISPOSITION_CLEAN_EFFECTS = 1 << 9,
    REEL_PROBE_DISPOSITION_ATTACHED_PICTURE = 1 << 10,
    REEL_PROBE_DISPOSITION_TIMED_THUMBNAILS = 1 << 11,
    REEL_PROBE_DISPOSITION_NON_DIEGETIC = 1 << 12,
    REEL_PROBE_DISPOSITION_CAPTIONS = 1 << 13,
    REEL_PROBE_DISPOSITION_DESCRIPTIONS = 1 << 14,
    REEL_PROBE_DISPOSITION_METADATA = 1 << 15,
    REEL_PROBE_DISPOSITION_DEPENDENT = 1 << 16,
    REEL_PROBE_DISPOSITION_STILL_IMAGE = 1 << 17,
};

/// Where metadata tags live, for reel_probe_next_tag.
typedef enum ReelProbeScope {
    REEL_PROBE_SCOPE_CONTAINER = 0,
    REEL_PROBE_SCOPE_STREAM = 1,
    REEL_PROBE_SCOPE_CHAPTER = 2,
    REEL_PROBE_SCOPE_PROGRAM = 3,
} ReelProbeScope;

/// How to open. Zero values take FFmpeg's defaults.
typedef struct ReelProbeOptions {
    /// The protocols the address, and everything it refers to (segments, keys), may use, such as
    /// "file" or "http,https,tcp,tls,crypto". Required.
    const char *protocol_whitelist;
    /// At most this many bytes are read to find the streams' parameters (FFmpeg's probesize).
    int64_t probe_size;
    /// At most this much media, in microseconds, is read for them (FFmpeg's analyzeduration).
    int64_t analyze_duration;
    /// Seconds after which opening stops with REEL_PROBE_TIMED_OUT; 0 or less (or 1e9 and more)
    /// waits forever.
    double timeout;
    /// Non-zero: open a decoder for each audio, video and subtitle stream to tell whether it can
    /// be decoded here. Zero: only look the decoder up.
    int32_t open_decoders;
} ReelProbeOptions;

/// The container.
typedef struct ReelProbeContainer {
    /// FFmpeg's demuxer name, such as "mov,mp4,m4a,3gp,3g2,mj2", and its description.
    char name[64];
    char long_name[160];
    /// Seconds; negative when unknown (live streams, some raw formats).
    double duration;
    /// Seconds; valid when has_start_time is non-zero.
    double start_time;
    int32_t has_start_time;
    /// Bits per second over the whole container; 0 when unknown.
    int64_t bit_rate;
    int32_t stream_count;
    int32_t chapter_count;
    int32_t program_count;
} ReelProbeContainer;

/// One stream. Sizes, rates and names are 0 or empty when unknown or not applicable.
typedef struct ReelProbeStream {
    /// The stream's index in the container, and the container's own identifier for it.
    int32_t index;
    int32_t id;
    ReelProbeKind kind;
    /// FFmpeg's codec name ("h264", "mpegh_3d_audio", "none" when unknown) and description.
    char codec[32];
    char codec_long_name[160];
    /// The codec profile's name, such as "High" or "LC".
    char profile[64];
    /// The container's four-character code for the codec, when it has one ("avc1").
    char codec_tag[16];
    /// REEL_PROBE_DISPOSITION_* bits.
    uint32_t disposition;
    /// Bits per second.
    int64_t bit_rate;
    /// Seconds; negative when unknown.
    double duration;
    double start_time;
    int32_t has_start_time;
    /// The number of frames the container declares.
    int64_t frame_count;
    /// Video: the coded size, the size on screen (width stretched by the sample aspect ratio),
    /// the sample aspect ratio, and the rotation from the display matrix in clockwise degrees
    /// [0, 360) (valid when has_rotation is non-zero).
    int32_t width;
    int32_t height;
    int32_t display_width;
    int32_t display_height;
    int32_t sample_aspect_num;
    int32_t sample_aspect_den;
    double rotation;
    int32_t has_rotation;
    /// Video: frames per second, FFmpeg's guess and the average.
    double frame_rate;
    double average_frame_rate;
    char pixel_format[32];
    /// Audio.
    int32_t sample_rate;
    int32_t channels;
    char channel_layout[64];
    char sample_format[16];
    /// Whether a decoder for the stream exists here (and, with open_decoders, opens); the
    /// decoder's name, or why not.
    int32_t decodable;
    char decoder[32];
    char undecodable_reason[192];
} ReelProbeStream;

/// An opened container.
typedef struct ReelProbe ReelProbe;

/// A new probe; NULL when memory is short.
ReelProbe *reel_probe_create(void);

/// Frees a probe; NULL is allowed. Not while another thread opens with it.
void reel_probe_free(ReelProbe *probe);

/// Asks an open running on another thread to stop; it returns REEL_PROBE_CANCELLED soon after.
/// Safe from any thread.
void reel_probe_cancel(ReelProbe *probe);

/// Opens `url` (a path or a URL libavformat understands) and reads its streams' parameters,
/// honouring `options`. On failure `message` (when not NULL) holds FFmpeg's explanation. Once.
int32_t reel_probe_open(ReelProbe *probe, const char *url, const ReelProbeOptions *options, char *message,
    size_t message_size);

/// After a failed open: FFmpeg's own error code (a negative AVERROR), or 0.
int32_t reel_probe_ffmpeg_error(const ReelProbe *probe);

/// After REEL_PROBE_HTTP_ERROR: the status when FFmpeg names it (400, 401, 403, 404), or 4 / 5
/// when it only says "another 4xx" / "a 5xx" status.
int32_t reel_probe_http_status(const ReelProbe *probe);

/// After a successful open: the container.
void reel_probe_container(const ReelProbe *probe, ReelProbeContainer *container);

/// After a successful open: stream `index` (0 ..< stream_count). 0, or REEL_PROBE_INVALID_ARGUMENT.
int32_t reel_probe_stream(const ReelProbe *probe, int32_t index, ReelProbeStream *stream);

/// After a successful open: chapter `index`'s start and end in seconds.
int32_t reel_probe_chapter(const ReelProbe *probe, int32_t index, double *start, double *end);

/// After a successful open: program `index` (an HLS variant, an MPEG-TS program): its identifier
/// and the indexes of its streams (up to `capacity` written; `*count` is the total).
int32_t reel_probe_program(
    const ReelProbe *probe, int32_t index, int32_t *identifier, int32_t *streams, int32_t capacity, int32_t *count);

/// Iterates the metadata tags of the container, or of stream, chapter or program `index`: pass
/// NULL first, then what the previous call returned; NULL at the end. `*key` and `*value` stay
/// valid until the probe is freed.
const void *reel_probe_next_tag(
    const ReelProbe *probe, ReelProbeScope scope, int32_t index, const void *previous, const char **key,
    const char **value);

#ifdef __cplusplus
}
#endif

#endif
