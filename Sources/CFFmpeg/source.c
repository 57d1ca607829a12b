// Opening a media file and grabbing one picture: keyframe seek, decode, scale.
//
// The approach measured in the spike (shared/research/spike.md section 6): seek backward to the
// keyframe, flush the decoder, let it skip every non-key frame, and drain right after the key
// packet, so that H.264's reorder delay never makes the decoder wait for later packets. One
// thread per decoder: the parallelism lives in the caller, one source per worker.
#include "CFFmpeg.h"
#include "internal.h"

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/mathematics.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/// Packets read after a seek before giving up on finding a decodable picture.
enum { REEL_MAX_PACKETS = 4096, REEL_MAX_KEY_ATTEMPTS = 8 };

struct ReelAVSource {
    AVFormatContext *format;
    AVCodecContext *codec;
    AVStream *stream;
    int stream_index;
    AVPacket *packet;
    AVFrame *frame;
    AVFrame *previous;
    struct SwsContext *scaler;
    ReelAVInfo info;
    int64_t decoded_packets;
    /// The media's time zero in seconds: the container's start time, as players count.
    double origin;
};

static int32_t status_for_open_error(int error) {
    if (error == AVERROR(ENOENT) || error == AVERROR(EACCES) || error == AVERROR(ENOTDIR)
        || error == AVERROR(EPERM)) {
        return REEL_AV_NOT_FOUND;
    }
    if (error == AVERROR(ENOMEM)) return REEL_AV_OUT_OF_MEMORY;
    return REEL_AV_INVALID_DATA;
}

static void describe(int error, char *message, size_t message_size) {
    if (message && message_size > 0) {
        if (av_strerror(error, message, message_size) < 0) snprintf(message, message_size, "error %d", error);
    }
}

static void note(const char *text, char *message, size_t message_size) {
    if (message && message_size > 0) snprintf(message, message_size, "%s", text);
}

/// The main video stream: FFmpeg's best pick unless that is cover art, else the largest picture.
static int find_video_stream(AVFormatContext *format) {
    int best = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    if (best >= 0 && !(format->streams[best]->disposition & AV_DISPOSITION_ATTACHED_PIC)) return best;
    best = -1;
    int64_t best_area = -1;
    for (unsigned index = 0; index < format->nb_streams; index++) {
        AVStream *stream = format->streams[index];
        if (stream->codecpar->codec_type != AVMEDIA_TYPE_VIDEO) continue;
        if (stream->disposition & AV_DISPOSITION_ATTACHED_PIC) continue;
        int64_t area = (int64_t)stream->codecpar->width * stream->codecpar->height;
        if (area > best_area) {
            best_area = area;
            best = (int)index;
        }
    }
    return best;
}

/// Whether the container's header leaves something to probe. MP4/MOV and Matroska/WebM headers
/// name the codec, the picture size and the duration; probing them anyway decodes a frame (6-11 ms
/// for 1080p H.264), which is most of the cost of opening. Other containers (MPEG-TS, raw
/// streams, AVI, ...) are probed.
static int needs_stream_info(AVFormatContext *format) {
    const char *name = format->iformat ? format->iformat->name : "";
    int described = strstr(name, "mp4") || strstr(name, "mov") || strstr(name, "matroska") || strstr(name, "webm");
    if (!described || format->duration == AV_NOPTS_VALUE || format->duration <= 0) return 1;
    int index = find_video_stream(format);
    if (index < 0) return 1;
    AVCodecParameters *parameters = format->streams[index]->codecpar;
    return parameters->codec_id == AV_CODEC_ID_NONE || parameters->width <= 0 || parameters->height <= 0
        || !parameters->extradata_size;
}

/// The container's start time in seconds (what players such as mpv count from): FFmpeg's when
/// it probed one, else the earliest stream start the demuxer knows, else 0.
static double media_origin(const AVFormatContext *format) {
    if (format->start_time != AV_NOPTS_VALUE) return (double)format->start_time / AV_TIME_BASE;
    double origin = INFINITY;
    for (unsigned index = 0; index < format->nb_streams; index++) {
        const AVStream *stream = format->streams[index];
        if (stream->start_time == AV_NOPTS_VALUE || stream->discard == AVDISCARD_ALL) continue;
        double start = (double)stream->start_time * av_q2d(stream->time_base);
        if (start < origin) origin = start;
    }
    return isfinite(origin) ? origin : 0;
}

static void fill_info(ReelAVSource *source) {
    AVStream *stream = source->stream;
    AVCodecParameters *parameters = stream->codecpar;
    ReelAVInfo *info = &source->info;
    info->duration = -1;
    if (source->format->duration != AV_NOPTS_VALUE && source->format->duration > 0) {
        info->duration = (double)source->format->duration / AV_TIME_BASE;
    } else if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0) {
        info->duration = (double)stream->duration * av_q2d(stream->time_base);
    }
    info->width = parameters->width;
    info->height = parameters->height;
    AVRational aspect = av_guess_sample_aspect_ratio(source->format, stream, NULL);
    info->display_width = parameters->width;
    info->display_height = parameters->height;
    if (aspect.num > 0 && aspect.den > 0 && aspect.num != aspect.den) {
        info->display_width = (int32_t)lround((double)parameters->width * aspect.num / aspect.den);
    }
    AVRational rate = av_guess_frame_rate(source->format, stream, NULL);
    info->frame_rate = rate.num > 0 && rate.den > 0 ? av_q2d(rate) : 0;
    snprintf(info->codec, sizeof info->codec, "%s", avcodec_get_name(parameters->codec_id));
}

int32_t reel_av_open(const char *path, ReelAVSource **result, char *message, size_t message_size) {
    if (!result) return REEL_AV_INVALID_ARGUMENT;
    *result = NULL;
    if (!path || !*path) return REEL_AV_INVALID_ARGUMENT;
    ReelAVSource *source = calloc(1, sizeof *source);
    if (!source) return REEL_AV_OUT_OF_MEMORY;
    source->stream_index = -1;

    // Local files only, and nothing a local file refers to (playlists, concat lists) may reach
    // the network or other protocols.
    AVDictionary *options = NULL;
    av_dict_set(&options, "protocol_whitelist", "file", 0);
    int error = avformat_open_input(&source->format, path, NULL, &options);
    av_dict_free(&options);
    if (error < 0) {
        describe(error, message, message_size);
        reel_av_close(source);
        return status_for_open_error(error);
    }
    error = needs_stream_info(source->format) ? avformat_find_stream_info(source->format, NULL) : 0;
    if (error < 0) {
        describe(error, message, message_size);
        reel_av_close(source);
        return status_for_open_error(error);
    }
    source->stream_index = find_video_stream(source->format);
    if (source->stream_index < 0) {
        note("The media has no video stream.", message, message_size);
        reel_av_close(source);
        return REEL_AV_NO_VIDEO;
    }
    source->stream = source->format->streams[source->stream_index];
    for (unsigned index = 0; index < source->format->nb_streams; index++) {
        if ((int)index != source->stream_index) source->format->streams[index]->discard = AVDISCARD_ALL;
    }

    const AVCodec *decoder = avcodec_find_decoder(source->stream->codecpar->codec_id);
    if (!decoder) {
        note("No decoder is available for the video codec.", message, message_size);
        reel_av_close(source);
        return REEL_AV_NO_CODEC;
    }
    source->codec = avcodec_alloc_context3(decoder);
    source->packet = av_packet_alloc();
    source->frame = av_frame_alloc();
    source->previous = av_frame_alloc();
    if (!source->codec || !source->packet || !source->frame || !source->previous) {
        reel_av_close(source);
        return REEL_AV_OUT_OF_MEMORY;
    }
    error = avcodec_parameters_to_context(source->codec, source->stream->codecpar);
    if (error >= 0) {
        // One thread: frame threading adds a delay of one frame per thread, and the caller runs
        // several sources in parallel instead.
        source->codec->thread_count = 1;
        source->codec->pkt_timebase = source->stream->time_base;
        error = avcodec_open2(source->codec, decoder, NULL);
    }
    if (error < 0) {
        describe(error, message, message_size);
        reel_av_close(source);
        return REEL_AV_NO_CODEC;
    }
    if (source->stream->codecpar->width <= 0 || source->stream->codecpar->height <= 0) {
        note("The video stream has no picture size.", message, message_size);
        reel_av_close(source);
        return REEL_AV_INVALID_DATA;
    }
    fill_info(source);
    source->origin = media_origin(source->format);
    *result = source;
    return REEL_AV_OK;
}

void reel_av_close(ReelAVSource *source) {
    if (!source) return;
    reel_free_scaler(source->scaler);
    av_frame_free(&source->frame);
    av_frame_free(&source->previous);
    av_packet_free(&source->packet);
    avcodec_free_context(&source->codec);
    avformat_close_input(&source->format);
    free(source);
}

void reel_av_info(const ReelAVSource *source, ReelAVInfo *info) {
    if (source && info) *info = source->info;
}

int64_t reel_av_decoded_packets(const ReelAVSource *source) { return source ? source->decoded_packets : 0; }

/// Seconds from the start of the media to a timestamp of the stream.
static double seconds_of(const ReelAVSource *source, int64_t timestamp) {
    return (double)timestamp * av_q2d(source->stream->time_base) - source->origin;
}

static int64_t timestamp_of(const ReelAVSource *source, double seconds) {
    AVRational base = source->stream->time_base;
    return (int64_t)llround((seconds + source->origin) * base.den / base.num);
}

static int64_t frame_timestamp(const AVFrame *frame) {
    if (frame->best_effort_timestamp != AV_NOPTS_VALUE) return frame->best_effort_timestamp;
    return frame->pts;
}

/// Seeks to the keyframe at or before `seconds` and empties the decoder.
static int32_t seek(ReelAVSource *source, double seconds) {
    int64_t target = timestamp_of(source, seconds);
    int error = av_seek_frame(source->format, source->stream_index, target, AVSEEK_FLAG_BACKWARD);
    if (error < 0) {
        // Before the first keyframe's timestamp (a B-frame start, an edit list): the start.
        error = av_seek_frame(source->format, source->stream_index, INT64_MIN, AVSEEK_FLAG_BACKWARD);
    }
    avcodec_flush_buffers(source->codec);
    return error < 0 ? REEL_AV_IO : REEL_AV_OK;
}

/// Reads the next packet of the video stream into `source->packet`; 0, AVERROR_EOF or an error.
static int read_video_packet(ReelAVSource *source, int key_only, int *budget) {
    for (;;) {
        if ((*budget)-- <= 0) return AVERROR_EOF;
        int error = av_read_frame(source->format, source->packet);
        if (error < 0) return error;
        if (source->packet->stream_index == source->stream_index
            && (!key_only || (source->packet->flags & AV_PKT_FLAG_KEY))) {
            return 0;
        }
        av_packet_unref(source->packet);
    }
}

/// The keyframe at or after the seek point: each key packet is sent alone and drained at once.
static int32_t decode_keyframe(ReelAVSource *source) {
    source->codec->skip_frame = AVDISCARD_NONKEY;
    int budget = REEL_MAX_PACKETS;
    for (int attempt = 0; attempt < REEL_MAX_KEY_ATTEMPTS; attempt++) {
        int error = read_video_packet(source, 1, &budget);
        if (error < 0) return error == AVERROR_EOF ? REEL_AV_NO_FRAME : REEL_AV_IO;
        error = avcodec_send_packet(source->codec, source->packet);
        av_packet_unref(source->packet);
        source->decoded_packets++;
        if (error >= 0) {
            avcodec_send_packet(source->codec, NULL);
            error = avcodec_receive_frame(source->codec, source->frame);
        }
        // Leaves draining mode, so the decoder takes packets again.
        avcodec_flush_buffers(source->codec);
        if (error >= 0) return REEL_AV_OK;
    }
    return REEL_AV_NO_FRAME;
}

/// Handles one decoded frame in exact mode: true when the answer is known (in `source->frame`).
///
/// REEL_AV_GRAB_AT_OR_AFTER answers with the first frame at or after `target`;
/// REEL_AV_GRAB_AT_OR_BEFORE with the last frame at or before it (what a player shows at
/// `target`), which is the previous frame once one lies past it (or this one, when none came
/// before).
static int take_exact(ReelAVSource *source, int32_t mode, int64_t target, int64_t tolerance) {
    int64_t timestamp = frame_timestamp(source->frame);
    if (timestamp == AV_NOPTS_VALUE) return 1;
    if (mode == REEL_AV_GRAB_AT_OR_BEFORE) {
        if (timestamp > target + tolerance) {
            if (source->previous->buf[0]) {
                av_frame_unref(source->frame);
                av_frame_move_ref(source->frame, source->previous);
            }
            return 1;
        }
        if (timestamp >= target - tolerance) return 1;
    } else if (timestamp >= target - tolerance) {
        return 1;
    }
    av_frame_unref(source->previous);
    av_frame_move_ref(source->previous, source->frame);
    return 0;
}

/// From the keyframe on, every frame, up to the one `mode` asks for; at the end of the stream,
/// the last frame decoded.
static int32_t decode_exact(ReelAVSource *source, int32_t mode, double seconds) {
    source->codec->skip_frame = AVDISCARD_DEFAULT;
    av_frame_unref(source->previous);
    int64_t target = timestamp_of(source, seconds);
    // 1 ms of tolerance, so a frame stamped a rounding step early still counts (ffmpeg's -ss
    // keeps the frames from the requested time on, too).
    int64_t tolerance = (int64_t)(0.001 / av_q2d(source->stream->time_base));
    int budget = REEL_MAX_PACKETS;
    int draining = 0;
    for (;;) {
        int error;
        if (!draining) {
            error = read_video_packet(source, 0, &budget);
            if (error < 0) {
                draining = 1;
                avcodec_send_packet(source->codec, NULL);
            } else {
                error = avcodec_send_packet(source->codec, source->packet);
                av_packet_unref(source->packet);
                source->decoded_packets++;
                if (error < 0 && error != AVERROR(EAGAIN)) continue;  // a damaged packet: go on
            }
        }
        for (;;) {
            error = avcodec_receive_frame(source->codec, source->frame);
            if (error < 0) break;
            if (take_exact(source, mode, target, tolerance)) {
                av_frame_unref(source->previous);
                avcodec_flush_buffers(source->codec);
                return REEL_AV_OK;
            }
        }
        if (draining && error != AVERROR(EAGAIN)) break;
    }
    avcodec_flush_buffers(source->codec);
    if (!source->previous->buf[0]) return REEL_AV_NO_FRAME;
    av_frame_unref(source->frame);
    av_frame_move_ref(source->frame, source->previous);
    return REEL_AV_OK;
}

int32_t reel_av_grab(
    ReelAVSource *source, double seconds, int32_t mode, int32_t width, int32_t height, uint8_t *rgba,
    size_t stride, double *frame_time) {
    if (!source || !rgba || width <= 0 || height <= 0 || width > 16384 || height > 16384) {
        return REEL_AV_INVALID_ARGUMENT;
    }
    if (mode != REEL_AV_GRAB_KEYFRAME && mode != REEL_AV_GRAB_AT_OR_AFTER && mode != REEL_AV_GRAB_AT_OR_BEFORE) {
        return REEL_AV_INVALID_ARGUMENT;
    }
    if (stride < (size_t)width * 4 || !isfinite(seconds)) return REEL_AV_INVALID_ARGUMENT;
    if (seconds < 0) seconds = 0;
    int32_t status = seek(source, seconds);
    if (status != REEL_AV_OK) return status;
    status = mode == REEL_AV_GRAB_KEYFRAME ? decode_keyframe(source) : decode_exact(source, mode, seconds);
    if (status != REEL_AV_OK) return status;
    int64_t timestamp = frame_timestamp(source->frame);
    double time = timestamp == AV_NOPTS_VALUE ? seconds : seconds_of(source, timestamp);
    if (frame_time) *frame_time = time < 0 ? 0 : time;
    status = reel_scale_to_rgba(&source->scaler, source->frame, width, height, rgba, stride);
    av_frame_unref(source->frame);
    return status;
}
