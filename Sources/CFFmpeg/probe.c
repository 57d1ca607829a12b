// Reading a container's streams, chapters, programs and tags with libavformat, and telling
// whether this FFmpeg can decode each stream; nothing is played.
//
// Bounded: probesize and analyzeduration cap what avformat_find_stream_info reads, and an
// interrupt callback with a deadline (and a cancel flag) stops a demuxer or a server that stalls:
// FFmpeg polls it in its read loops and while it waits on a socket. Name resolution
// (getaddrinfo) is the one wait it cannot interrupt.
#include "CFFmpegProbe.h"

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avstring.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>
#include <libavutil/samplefmt.h>
#include <libavutil/time.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Added to the level of every message of the decoders a probe opens: anything from AV_LOG_FATAL
/// on lands past AV_LOG_TRACE, which neither FFmpeg's default callback nor libmpv's prints.
enum { REEL_PROBE_QUIET_OFFSET = 64 };

struct ReelProbe {
    AVFormatContext *format;
    /// Monotonic microseconds (av_gettime_relative) after which the callback interrupts; 0: never.
    int64_t deadline;
    atomic_int cancelled;
    atomic_int timed_out;
    int opened;
    int open_decoders;
    int32_t ffmpeg_error;
    int32_t http_status;
};

static int interrupt_probe(void *opaque) {
    ReelProbe *probe = opaque;
    if (atomic_load(&probe->cancelled)) return 1;
    if (probe->deadline > 0 && av_gettime_relative() >= probe->deadline) {
        atomic_store(&probe->timed_out, 1);
        return 1;
    }
    return 0;
}

ReelProbe *reel_probe_create(void) { return calloc(1, sizeof(ReelProbe)); }

void reel_probe_free(ReelProbe *probe) {
    if (!probe) return;
    avformat_close_input(&probe->format);
    free(probe);
}

void reel_probe_cancel(ReelProbe *probe) {
    if (probe) atomic_store(&probe->cancelled, 1);
}

int32_t reel_probe_ffmpeg_error(const ReelProbe *probe) { return probe ? probe->ffmpeg_error : 0; }

int32_t reel_probe_http_status(const ReelProbe *probe) { return probe ? probe->http_status : 0; }

static void copy(char *destination, size_t size, const char *text) { av_strlcpy(destination, text ? text : "", size); }

static int is_network_address(const char *url) { return av_strstart(url, "http:", NULL) || av_strstart(url, "https:", NULL); }

static int32_t status_for(ReelProbe *probe, const char *url, int error) {
    probe->ffmpeg_error = error;
    if (atomic_load(&probe->cancelled)) return REEL_PROBE_CANCELLED;
    if (atomic_load(&probe->timed_out) || error == AVERROR_EXIT) return REEL_PROBE_TIMED_OUT;
    if (error == AVERROR(ENOENT) || error == AVERROR(ENOTDIR)) return REEL_PROBE_NOT_FOUND;
    if (error == AVERROR(EACCES) || error == AVERROR(EPERM)) return REEL_PROBE_PERMISSION_DENIED;
    if (error == AVERROR(ENOMEM)) return REEL_PROBE_OUT_OF_MEMORY;
    static const struct {
        int error;
        int32_t status;
    } http[] = {
        {AVERROR_HTTP_BAD_REQUEST, 400}, {AVERROR_HTTP_UNAUTHORIZED, 401}, {AVERROR_HTTP_FORBIDDEN, 403},
        {AVERROR_HTTP_NOT_FOUND, 404},   {AVERROR_HTTP_OTHER_4XX, 4},      {AVERROR_HTTP_SERVER_ERROR, 5},
    };
    for (size_t index = 0; index < sizeof http / sizeof http[0]; index++) {
        if (error == http[index].error) {
            probe->http_status = http[index].status;
            return REEL_PROBE_HTTP_ERROR;
        }
    }
    if (error == AVERROR_INVALIDDATA || error == AVERROR_DEMUXER_NOT_FOUND || error == AVERROR_EOF
        || error == AVERROR_PATCHWELCOME || error == AVERROR(EISDIR)) {
        return REEL_PROBE_INVALID_DATA;
    }
    if (is_network_address(url)
        && (error == AVERROR(ECONNREFUSED) || error == AVERROR(ECONNRESET) || error == AVERROR(ETIMEDOUT)
            || error == AVERROR(EHOSTUNREACH) || error == AVERROR(ENETUNREACH) || error == AVERROR(EIO)
            || error == AVERROR(EADDRNOTAVAIL) || error == AVERROR(EPIPE))) {
        return REEL_PROBE_NETWORK;
    }
    return REEL_PROBE_FAILED;
}

static void describe(int error, char *message, size_t message_size) {
    if (message && message_size > 0 && av_strerror(error, message, message_size) < 0) {
        snprintf(message, message_size, "FFmpeg error %d", error);
    }
}

/// avformat_find_stream_info with its decoders quiet (see REEL_PROBE_QUIET_OFFSET).
static int find_stream_info(AVFormatContext *format) {
    unsigned count = format->nb_streams;
    AVDictionary **options = count ? av_calloc(count, sizeof *options) : NULL;
    if (count && !options) return AVERROR(ENOMEM);
    for (unsigned index = 0; index < count; index++) {
        av_dict_set_int(&options[index], "log_level_offset", REEL_PROBE_QUIET_OFFSET, 0);
    }
    int error = avformat_find_stream_info(format, options);
    for (unsigned index = 0; index < count; index++) av_dict_free(&options[index]);
    av_free(options);
    return error;
}

int32_t reel_probe_open(
    ReelProbe *probe, const char *url, const ReelProbeOptions *options, char *message, size_t message_size) {
    if (message && message_size > 0) message[0] = 0;
    if (!probe || !url || !*url || !options || !options->protocol_whitelist || probe->format || probe->opened) {
        return REEL_PROBE_INVALID_ARGUMENT;
    }
    probe->open_decoders = options->open_decoders;
    AVFormatContext *format = avformat_alloc_context();
    if (!format) return REEL_PROBE_OUT_OF_MEMORY;
    format->interrupt_callback.callback = interrupt_probe;
    format->interrupt_callback.opaque = probe;
    // Beyond ~31 years there is no deadline worth keeping (and the product would overflow).
    if (options->timeout > 0 && options->timeout < 1e9) {
        probe->deadline = av_gettime_relative() + (int64_t)(options->timeout * 1e6);
    }

    AVDictionary *dictionary = NULL;
    // Whatever the address refers to (playlist entries, segments, keys) is held to the same list.
    av_dict_set(&dictionary, "protocol_whitelist", options->protocol_whitelist, 0);
    if (options->probe_size > 0) av_dict_set_int(&dictionary, "probesize", options->probe_size, 0);
    if (options->analyze_duration > 0) av_dict_set_int(&dictionary, "analyzeduration", options->analyze_duration, 0);
    int error = avformat_open_input(&format, url, NULL, &dictionary);
    av_dict_free(&dictionary);
    if (error < 0) {
        // avformat_open_input freed the context.
        describe(error, message, message_size);
        return status_for(probe, url, error);
    }
    probe->format = format;
    error = find_stream_info(format);
    if (error < 0 && (atomic_load(&probe->cancelled) || atomic_load(&probe->timed_out))) {
        describe(error, message, message_size);
        int32_t status = status_for(probe, url, error);
        avformat_close_input(&probe->format);
        return status;
    }
    // Any other failure of find_stream_info leaves what the header told: still worth reporting.
    probe->opened = 1;
    return REEL_PROBE_OK;
}

void reel_probe_container(const ReelProbe *probe, ReelProbeContainer *container) {
    if (!container) return;
    memset(container, 0, sizeof *container);
    container->duration = -1;
    if (!probe || !probe->format) return;
    const AVFormatContext *format = probe->format;
    if (format->iformat) {
        copy(container->name, sizeof container->name, format->iformat->name);
        copy(container->long_name, sizeof container->long_name, format->iformat->long_name);
    }
    if (format->duration != AV_NOPTS_VALUE && format->duration > 0) {
        container->duration = (double)format->duration / AV_TIME_BASE;
    }
    if (format->start_time != AV_NOPTS_VALUE) {
        container->start_time = (double)format->start_time / AV_TIME_BASE;
        container->has_start_time = 1;
    }
    container->bit_rate = format->bit_rate > 0 ? format->bit_rate : 0;
    container->stream_count = (int32_t)format->nb_streams;
    container->chapter_count = (int32_t)format->nb_chapters;
    container->program_count = (int32_t)format->nb_programs;
}

static ReelProbeKind kind_of(enum AVMediaType type) {
    switch (type) {
    case AVMEDIA_TYPE_VIDEO: return REEL_PROBE_KIND_VIDEO;
    case AVMEDIA_TYPE_AUDIO: return REEL_PROBE_KIND_AUDIO;
    case AVMEDIA_TYPE_SUBTITLE: return REEL_PROBE_KIND_SUBTITLE;
    case AVMEDIA_TYPE_DATA: return REEL_PROBE_KIND_DATA;
    case AVMEDIA_TYPE_ATTACHMENT: return REEL_PROBE_KIND_ATTACHMENT;
    default: return REEL_PROBE_KIND_UNKNOWN;
    }
}

static uint32_t disposition_of(int disposition) {
    static const struct {
        int ffmpeg;
        uint32_t reel;
    } flags[] = {
        {AV_DISPOSITION_DEFAULT, REEL_PROBE_DISPOSITION_DEFAULT},
        {AV_DISPOSITION_DUB, REEL_PROBE_DISPOSITION_DUB},
        {AV_DISPOSITION_ORIGINAL, REEL_PROBE_DISPOSITION_ORIGINAL},
        {AV_DISPOSITION_COMMENT, REEL_PROBE_DISPOSITION_COMMENT},
        {AV_DISPOSITION_LYRICS, REEL_PROBE_DISPOSITION_LYRICS},
        {AV_DISPOSITION_KARAOKE, REEL_PROBE_DISPOSITION_KARAOKE},
        {AV_DISPOSITION_FORCED, REEL_PROBE_DISPOSITION_FORCED},
        {AV_DISPOSITION_HEARING_IMPAIRED, REEL_PROBE_DISPOSITION_HEARING_IMPAIRED},
        {AV_DISPOSITION_VISUAL_IMPAIRED, REEL_PROBE_DISPOSITION_VISUAL_IMPAIRED},
        {AV_DISPOSITION_CLEAN_EFFECTS, REEL_PROBE_DISPOSITION_CLEAN_EFFECTS},
        {AV_DISPOSITION_ATTACHED_PIC, REEL_PROBE_DISPOSITION_ATTACHED_PICTURE},
        {AV_DISPOSITION_TIMED_THUMBNAILS, REEL_PROBE_DISPOSITION_TIMED_THUMBNAILS},
        {AV_DISPOSITION_NON_DIEGETIC, REEL_PROBE_DISPOSITION_NON_DIEGETIC},
        {AV_DISPOSITION_CAPTIONS, REEL_PROBE_DISPOSITION_CAPTIONS},
        {AV_DISPOSITION_DESCRIPTIONS, REEL_PROBE_DISPOSITION_DESCRIPTIONS},
        {AV_DISPOSITION_METADATA, REEL_PROBE_DISPOSITION_METADATA},
        {AV_DISPOSITION_DEPENDENT, REEL_PROBE_DISPOSITION_DEPENDENT},
        {AV_DISPOSITION_STILL_IMAGE, REEL_PROBE_DISPOSITION_STILL_IMAGE},
    };
    uint32_t result = 0;
    for (size_t index = 0; index < sizeof flags / sizeof flags[0]; index++) {
        if (disposition & flags[index].ffmpeg) result |= flags[index].reel;
    }
    return result;
}

static double rate_of(AVRational rate) { return rate.num > 0 && rate.den > 0 ? av_q2d(rate) : 0; }

static void fill_video(AVFormatContext *format, AVStream *stream, ReelProbeStream *out) {
    const AVCodecParameters *parameters = stream->codecpar;
    out->width = parameters->width;
    out->height = parameters->height;
    out->display_width = parameters->width;
    out->display_height = parameters->height;
    AVRational aspect = av_guess_sample_aspect_ratio(format, stream, NULL);
    if (aspect.num > 0 && aspect.den > 0) {
        out->sample_aspect_num = aspect.num;
        out->sample_aspect_den = aspect.den;
        if (aspect.num != aspect.den) {
            out->display_width = (int32_t)lround((double)parameters->width * aspect.num / aspect.den);
        }
    }
    size_t size = 0;
    const uint8_t *matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (matrix && size >= 9 * sizeof(int32_t)) {
        // av_display_rotation_get counts counterclockwise; players (and the rotate tag) clockwise.
        double rotation = -av_display_rotation_get((const int32_t *)matrix);
        if (isfinite(rotation)) {
            rotation = fmod(rotation, 360);
            if (rotation < 0) rotation += 360;
            if (rotation >= 359.9995) rotation = 0;
            out->rotation = rotation;
            out->has_rotation = 1;
        }
    }
    out->frame_rate = rate_of(av_guess_frame_rate(format, stream, NULL));
    out->average_frame_rate = rate_of(stream->avg_frame_rate);
    copy(out->pixel_format, sizeof out->pixel_format, av_get_pix_fmt_name(parameters->format));
}

static void fill_audio(const AVStream *stream, ReelProbeStream *out) {
    const AVCodecParameters *parameters = stream->codecpar;
    out->sample_rate = parameters->sample_rate;
    out->channels = parameters->ch_layout.nb_channels;
    // As ffprobe: a layout only when the container or codec names one.
    if (parameters->ch_layout.order != AV_CHANNEL_ORDER_UNSPEC
        && av_channel_layout_describe(&parameters->ch_layout, out->channel_layout, sizeof out->channel_layout) < 0) {
        out->channel_layout[0] = 0;
    }
    copy(out->sample_format, sizeof out->sample_format, av_get_sample_fmt_name(parameters->format));
}

static void version_text(char *text, size_t size) {
    unsigned version = avcodec_version();
    snprintf(text, size, "%u.%u.%u", version >> 16, (version >> 8) & 0xff, version & 0xff);
}

/// Whether this FFmpeg decodes the stream: a decoder exists and, when asked, opens with the
/// stream's parameters (as a player would open it: one thread, experimental decoders refused).
static void check_decoding(const ReelProbe *probe, const AVStream *stream, ReelProbeStream *out) {
    const AVCodecParameters *parameters = stream->codecpar;
    char *reason = out->undecodable_reason;
    size_t size = sizeof out->undecodable_reason;
    char version[32];
    version_text(version, sizeof version);
    switch (out->kind) {
    case REEL_PROBE_KIND_DATA: snprintf(reason, size, "a data stream: nothing for a player to decode"); return;
    case REEL_PROBE_KIND_ATTACHMENT: snprintf(reason, size, "an attached file (such as a font), not a stream"); return;
    case REEL_PROBE_KIND_UNKNOWN: snprintf(reason, size, "FFmpeg cannot tell what the stream carries"); return;
    default: break;
    }
    if (parameters->codec_id == AV_CODEC_ID_NONE) {
        snprintf(reason, size, "the codec%s%s is unknown to this FFmpeg (libavcodec %s)", out->codec_tag[0] ? " " : "",
            out->codec_tag, version);
        return;
    }
    const AVCodec *decoder = avcodec_find_decoder(parameters->codec_id);
    if (!decoder) {
        snprintf(reason, size, "no decoder for %s in this FFmpeg (libavcodec %s)", out->codec, version);
        return;
    }
    copy(out->decoder, sizeof out->decoder, decoder->name);
    if (decoder->capabilities & AV_CODEC_CAP_EXPERIMENTAL) {
        snprintf(reason, size, "the %s decoder is experimental, and FFmpeg uses it only when asked to", decoder->name);
        return;
    }
    int past_deadline = probe->deadline > 0 && av_gettime_relative() >= probe->deadline;
    if (!probe->open_decoders || past_deadline) {
        out->decodable = 1;
        return;
    }
    AVCodecContext *context = avcodec_alloc_context3(decoder);
    if (!context) {
        snprintf(reason, size, "out of memory while opening the %s decoder", decoder->name);
        return;
    }
    context->log_level_offset = REEL_PROBE_QUIET_OFFSET;
    int error = avcodec_parameters_to_context(context, parameters);
    if (error >= 0) {
        context->thread_count = 1;
        context->pkt_timebase = stream->time_base;
        error = avcodec_open2(context, decoder, NULL);
    }
    avcodec_free_context(&context);
    if (error < 0) {
        char words[AV_ERROR_MAX_STRING_SIZE];
        describe(error, words, sizeof words);
        snprintf(reason, size, "the %s decoder does not open for this stream: %s", decoder->name, words);
        return;
    }
    out->decodable = 1;
}

int32_t reel_probe_stream(const ReelProbe *probe, int32_t index, ReelProbeStream *out) {
    if (!probe || !probe->format || !out || index < 0 || (unsigned)index >= probe->format->nb_streams) {
        return REEL_PROBE_INVALID_ARGUMENT;
    }
    memset(out, 0, sizeof *out);
    AVFormatContext *format = probe->format;
    AVStream *stream = format->streams[index];
    const AVCodecParameters *parameters = stream->codecpar;
    out->index = index;
    out->id = stream->id;
    out->kind = kind_of(parameters->codec_type);
    copy(out->codec, sizeof out->codec, avcodec_get_name(parameters->codec_id));
    const AVCodecDescriptor *descriptor = avcodec_descriptor_get(parameters->codec_id);
    if (descriptor) copy(out->codec_long_name, sizeof out->codec_long_name, descriptor->long_name);
    copy(out->profile, sizeof out->profile, avcodec_profile_name(parameters->codec_id, parameters->profile));
    if (parameters->codec_tag) {
        char tag[AV_FOURCC_MAX_STRING_SIZE] = {0};
        av_fourcc_make_string(tag, parameters->codec_tag);
        copy(out->codec_tag, sizeof out->codec_tag, tag);
    }
    out->disposition = disposition_of(stream->disposition);
    out->bit_rate = parameters->bit_rate > 0 ? parameters->bit_rate : 0;
    out->duration = -1;
    if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0) {
        out->duration = (double)stream->duration * av_q2d(stream->time_base);
    }
    if (stream->start_time != AV_NOPTS_VALUE) {
        out->start_time = (double)stream->start_time * av_q2d(stream->time_base);
        out->has_start_time = 1;
    }
    out->frame_count = stream->nb_frames > 0 ? stream->nb_frames : 0;
    if (out->kind == REEL_PROBE_KIND_VIDEO) fill_video(format, stream, out);
    if (out->kind == REEL_PROBE_KIND_AUDIO) fill_audio(stream, out);
    check_decoding(probe, stream, out);
    return REEL_PROBE_OK;
}

int32_t reel_probe_chapter(const ReelProbe *probe, int32_t index, double *start, double *end) {
    if (!probe || !probe->format || index < 0 || (unsigned)index >= probe->format->nb_chapters) {
        return REEL_PROBE_INVALID_ARGUMENT;
    }
    const AVChapter *chapter = probe->format->chapters[index];
    if (start) *start = (double)chapter->start * av_q2d(chapter->time_base);
    if (end) *end = (double)chapter->end * av_q2d(chapter->time_base);
    return REEL_PROBE_OK;
}

int32_t reel_probe_program(
    const ReelProbe *probe, int32_t index, int32_t *identifier, int32_t *streams, int32_t capacity, int32_t *count) {
    if (!probe || !probe->format || index < 0 || (unsigned)index >= probe->format->nb_programs) {
        return REEL_PROBE_INVALID_ARGUMENT;
    }
    const AVProgram *program = probe->format->programs[index];
    if (identifier) *identifier = program->id;
    if (count) *count = (int32_t)program->nb_stream_indexes;
    for (unsigned item = 0; streams && item < program->nb_stream_indexes && (int32_t)item < capacity; item++) {
        streams[item] = (int32_t)program->stream_index[item];
    }
    return REEL_PROBE_OK;
}

static const AVDictionary *tags_of(const ReelProbe *probe, ReelProbeScope scope, int32_t index) {
    if (!probe || !probe->format) return NULL;
    const AVFormatContext *format = probe->format;
    switch (scope) {
    case REEL_PROBE_SCOPE_CONTAINER: return format->metadata;
    case REEL_PROBE_SCOPE_STREAM:
        return index >= 0 && (unsigned)index < format->nb_streams ? format->streams[index]->metadata : NULL;
    case REEL_PROBE_SCOPE_CHAPTER:
        return index >= 0 && (unsigned)index < format->nb_chapters ? format->chapters[index]->metadata : NULL;
    case REEL_PROBE_SCOPE_PROGRAM:
        return index >= 0 && (unsigned)index < format->nb_programs ? format->programs[index]->metadata : NULL;
    }
    return NULL;
}

const void *reel_probe_next_tag(
    const ReelProbe *probe, ReelProbeScope scope, int32_t index, const void *previous, const char **key,
    const char **value) {
    const AVDictionary *tags = tags_of(probe, scope, index);
    if (!tags) return NULL;
    const AVDictionaryEntry *entry = av_dict_get(tags, "", previous, AV_DICT_IGNORE_SUFFIX);
    if (entry) {
        if (key) *key = entry->key;
        if (value) *value = entry->value;
    }
    return entry;
}
