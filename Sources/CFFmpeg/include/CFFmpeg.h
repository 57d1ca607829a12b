// Reel's thin C layer over FFmpeg (libavformat, libavcodec, libswscale, libavutil) for thumbnails.
//
// Swift sees only this header: plain C types, no FFmpeg structure, macro or enum. Everything that
// changes between FFmpeg versions (frame flags, compound-literal macros such as AV_TIME_BASE_Q,
// AVERROR(EAGAIN), fixed-size arrays in AVFrame) stays in the .c files, which are written against
// FFmpeg 5.1 (Debian 12) and avoid the APIs that later versions deprecate.
//
// Threading: a ReelAVSource belongs to one thread at a time (FFmpeg's contexts are not
// thread-safe); distinct sources may be used concurrently. The image functions are reentrant.
#ifndef REEL_CFFMPEG_H
#define REEL_CFFMPEG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcomes of the functions below; 0 is success, every failure is negative.
typedef enum ReelAVStatus {
    REEL_AV_OK = 0,
    /// The file does not exist or cannot be read.
    REEL_AV_NOT_FOUND = -1,
    /// The data is not a container or image FFmpeg can read (empty, truncated, not media).
    REEL_AV_INVALID_DATA = -2,
    /// The media has no video stream (cover art does not count).
    REEL_AV_NO_VIDEO = -3,
    /// No decoder (or encoder) is available for the codec.
    REEL_AV_NO_CODEC = -4,
    /// No picture could be decoded near the requested time.
    REEL_AV_NO_FRAME = -5,
    /// Memory could not be allocated.
    REEL_AV_OUT_OF_MEMORY = -6,
    /// An argument was out of range (a size, a time, a stride).
    REEL_AV_INVALID_ARGUMENT = -7,
    /// Reading or seeking failed part-way.
    REEL_AV_IO = -8,
    /// The picture has more pixels than the caller allows.
    REEL_AV_TOO_LARGE = -9,
} ReelAVStatus;

/// Image formats for reel_av_encode_image.
typedef enum ReelAVImageFormat {
    REEL_AV_IMAGE_JPEG = 0,
    REEL_AV_IMAGE_PNG = 1,
} ReelAVImageFormat;

/// What an opened source holds.
typedef struct ReelAVInfo {
    /// Seconds; negative when unknown.
    double duration;
    /// Coded picture size in pixels.
    int32_t width;
    int32_t height;
    /// The picture size on screen: width stretched by the sample aspect ratio.
    int32_t display_width;
    int32_t display_height;
    /// Frames per second; 0 when unknown.
    double frame_rate;
    /// The codec's short name, such as "h264".
    char codec[32];
} ReelAVInfo;

/// An opened media file with one video decoder.
typedef struct ReelAVSource ReelAVSource;

/// Opens `path` (a local file; only the `file` protocol is allowed, also for anything the file
/// refers to) and prepares a decoder for its main video stream. On failure `*source` is NULL and
/// `message` (when not NULL) holds FFmpeg's explanation.
int32_t reel_av_open(const char *path, ReelAVSource **source, char *message, size_t message_size);

/// Releases a source; NULL is allowed.
void reel_av_close(ReelAVSource *source);

/// Copies what the source holds.
void reel_av_info(const ReelAVSource *source, ReelAVInfo *info);

/// Which picture reel_av_grab takes for a time.
typedef enum ReelAVGrabMode {
    /// The keyframe at or before the time (the last one when the time lies beyond it): one seek
    /// and one decoded packet.
    REEL_AV_GRAB_KEYFRAME = 0,
    /// The first picture at or after the time, decoded on from the keyframe before it.
    REEL_AV_GRAB_AT_OR_AFTER = 1,
    /// The last picture at or before the time (the one a player shows then), decoded on from the
    /// keyframe before it; the first picture for a time before it.
    REEL_AV_GRAB_AT_OR_BEFORE = 2,
} ReelAVGrabMode;

/// Decodes one picture near `seconds`, chosen by `mode` (a ReelAVGrabMode), and scales it into
/// `rgba` (`width` x `height` pixels, rows `stride` bytes apart, 4 bytes per pixel, alpha 255).
/// Past the end of the stream, the last picture decoded. `*frame_time` receives the picture's
/// presentation time in seconds from the start of the media.
int32_t reel_av_grab(
    ReelAVSource *source, double seconds, int32_t mode, int32_t width, int32_t height, uint8_t *rgba,
    size_t stride, double *frame_time);

/// How many packets the source has sent to its decoder so far (a measure of the work done).
int64_t reel_av_decoded_packets(const ReelAVSource *source);

/// Encodes an RGBA picture (alpha ignored) as JPEG (`quality` 1-100) or PNG (`quality` ignored)
/// with libavcodec's mjpeg and png encoders. `*bytes` is allocated with malloc; free it with
/// reel_av_free.
int32_t reel_av_encode_image(
    const uint8_t *rgba, int32_t width, int32_t height, size_t stride, ReelAVImageFormat format,
    int32_t quality, uint8_t **bytes, size_t *size);

/// Decodes a JPEG, PNG, WebP, GIF (first frame) or BMP image into tightly packed RGBA
/// (`*width` x `*height` x 4 bytes, allocated with malloc; free it with reel_av_free).
int32_t reel_av_decode_image(
    const uint8_t *bytes, size_t size, uint8_t **rgba, int32_t *width, int32_t *height);

/// Decodes like reel_av_decode_image, bounded for images from untrusted sources: a picture of
/// more than `max_pixels` pixels (0: no bound) is refused with REEL_AV_TOO_LARGE before its
/// decoder allocates it (the size its header declares, and FFmpeg's own `max_pixels` check while
/// it decodes), and the result is scaled down, keeping its aspect, to fit `max_width` x
/// `max_height` (0: no bound; never scaled up). Straight alpha is kept; `*source_width` and
/// `*source_height` (when not NULL) receive the picture's own size, also when it is too large.
int32_t reel_av_decode_image_fitting(
    const uint8_t *bytes, size_t size, int64_t max_pixels, int32_t max_width, int32_t max_height,
    uint8_t **rgba, int32_t *width, int32_t *height, int32_t *source_width, int32_t *source_height);

/// Scales a tightly packed RGBA picture (`width` x `height`, straight alpha) to `out_width` x
/// `out_height` into `out` (tightly packed), averaging the area each output pixel covers.
int32_t reel_av_scale_image(
    const uint8_t *rgba, int32_t width, int32_t height, uint8_t *out, int32_t out_width, int32_t out_height);

/// Frees memory returned by this library.
void reel_av_free(void *pointer);

/// Sets FFmpeg's process-wide log level: quiet (1) prints nothing, otherwise errors only.
/// FFmpeg's default prints warnings about damaged input to standard error. libmpv installs its own
/// log callback while it runs, which this level does not affect.
void reel_av_set_quiet(int32_t quiet);

#ifdef __cplusplus
}
#endif

// Reading containers without decoding them, for ReelProbe.
#include "CFFmpegProbe.h"

#endif
