// Still images: JPEG and PNG out (libavcodec's mjpeg and png encoders), common formats in.
#include "CFFmpeg.h"
#include "internal.h"

#include <libavcodec/avcodec.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libswscale/swscale.h>
#include <stdlib.h>
#include <string.h>

void reel_av_free(void *pointer) { free(pointer); }

void reel_av_set_quiet(int32_t quiet) { av_log_set_level(quiet ? AV_LOG_QUIET : AV_LOG_ERROR); }

/// Sends one frame (or none) and the end of the stream, then copies the single packet out.
static int32_t encode_frame(AVCodecContext *codec, AVFrame *frame, uint8_t **bytes, size_t *size) {
    AVPacket *packet = av_packet_alloc();
    if (!packet) return REEL_AV_OUT_OF_MEMORY;
    int32_t status = REEL_AV_NO_CODEC;
    if (avcodec_send_frame(codec, frame) >= 0 && avcodec_send_frame(codec, NULL) >= 0
        && avcodec_receive_packet(codec, packet) >= 0) {
        *bytes = malloc((size_t)packet->size);
        if (*bytes) {
            memcpy(*bytes, packet->data, (size_t)packet->size);
            *size = (size_t)packet->size;
            status = REEL_AV_OK;
        } else {
            status = REEL_AV_OUT_OF_MEMORY;
        }
    }
    av_packet_free(&packet);
    return status;
}

/// RGBA to full-range BT.601 YUV 4:2:0, the JPEG convention.
static int32_t fill_jpeg_frame(AVFrame *frame, const uint8_t *rgba, int32_t width, int32_t height, size_t stride) {
    struct SwsContext *scaler = sws_getContext(
        width, height, AV_PIX_FMT_RGBA, width, height, AV_PIX_FMT_YUV420P, SWS_BICUBIC, NULL, NULL, NULL);
    if (!scaler) return REEL_AV_OUT_OF_MEMORY;
    const int *matrix = sws_getCoefficients(SWS_CS_ITU601);
    sws_setColorspaceDetails(scaler, matrix, 1, matrix, 1, 0, 1 << 16, 1 << 16);
    const uint8_t *planes[4] = {rgba, NULL, NULL, NULL};
    int strides[4] = {(int)stride, 0, 0, 0};
    int rows = sws_scale(scaler, planes, strides, 0, height, frame->data, frame->linesize);
    sws_freeContext(scaler);
    return rows > 0 ? REEL_AV_OK : REEL_AV_INVALID_ARGUMENT;
}

static void fill_rgb_frame(AVFrame *frame, const uint8_t *rgba, int32_t width, int32_t height, size_t stride) {
    for (int32_t y = 0; y < height; y++) {
        const uint8_t *from = rgba + (size_t)y * stride;
        uint8_t *to = frame->data[0] + (size_t)y * (size_t)frame->linesize[0];
        for (int32_t x = 0; x < width; x++) {
            to[3 * x] = from[4 * x];
            to[3 * x + 1] = from[4 * x + 1];
            to[3 * x + 2] = from[4 * x + 2];
        }
    }
}

int32_t reel_av_encode_image(
    const uint8_t *rgba, int32_t width, int32_t height, size_t stride, ReelAVImageFormat format,
    int32_t quality, uint8_t **bytes, size_t *size) {
    if (!rgba || !bytes || !size || width <= 0 || height <= 0 || width > 65535 || height > 65535) {
        return REEL_AV_INVALID_ARGUMENT;
    }
    if (stride < (size_t)width * 4) return REEL_AV_INVALID_ARGUMENT;
    *bytes = NULL;
    *size = 0;
    int jpeg = format == REEL_AV_IMAGE_JPEG;
    const AVCodec *encoder = avcodec_find_encoder(jpeg ? AV_CODEC_ID_MJPEG : AV_CODEC_ID_PNG);
    if (!encoder) return REEL_AV_NO_CODEC;
    AVCodecContext *codec = avcodec_alloc_context3(encoder);
    AVFrame *frame = av_frame_alloc();
    int32_t status = codec && frame ? REEL_AV_OK : REEL_AV_OUT_OF_MEMORY;
    if (status == REEL_AV_OK) {
        codec->width = width;
        codec->height = height;
        codec->time_base = (AVRational){1, 25};
        if (jpeg) {
            // The encoder wants the "J" format to mean full range; the frame is filled as plain
            // YUV 4:2:0 with full range, which has the same layout.
            codec->pix_fmt = AV_PIX_FMT_YUVJ420P;
            codec->color_range = AVCOL_RANGE_JPEG;
            int clamped = quality < 1 ? 1 : quality > 100 ? 100 : quality;
            // Quality 100 -> qscale 2 (best), 1 -> 31 (worst).
            int qscale = 31 - (clamped - 1) * 29 / 99;
            codec->flags |= AV_CODEC_FLAG_QSCALE;
            codec->global_quality = qscale * FF_QP2LAMBDA;
        } else {
            codec->pix_fmt = AV_PIX_FMT_RGB24;
        }
        frame->format = codec->pix_fmt;
        frame->width = width;
        frame->height = height;
        if (avcodec_open2(codec, encoder, NULL) < 0) {
            status = REEL_AV_NO_CODEC;
        } else if (av_frame_get_buffer(frame, 0) < 0) {
            status = REEL_AV_OUT_OF_MEMORY;
        }
    }
    if (status == REEL_AV_OK) {
        if (jpeg) {
            status = fill_jpeg_frame(frame, rgba, width, height, stride);
            frame->quality = codec->global_quality;
        } else {
            fill_rgb_frame(frame, rgba, width, height, stride);
        }
    }
    if (status == REEL_AV_OK) status = encode_frame(codec, frame, bytes, size);
    av_frame_free(&frame);
    avcodec_free_context(&codec);
    return status;
}

/// The codec of an image file, from its first bytes.
static enum AVCodecID image_codec(const uint8_t *bytes, size_t size) {
    if (size >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) return AV_CODEC_ID_MJPEG;
    if (size >= 8 && memcmp(bytes, "\x89PNG\r\n\x1a\n", 8) == 0) return AV_CODEC_ID_PNG;
    if (size >= 12 && memcmp(bytes, "RIFF", 4) == 0 && memcmp(bytes + 8, "WEBP", 4) == 0) return AV_CODEC_ID_WEBP;
    if (size >= 6 && (memcmp(bytes, "GIF87a", 6) == 0 || memcmp(bytes, "GIF89a", 6) == 0)) return AV_CODEC_ID_GIF;
    if (size >= 2 && bytes[0] == 'B' && bytes[1] == 'M') return AV_CODEC_ID_BMP;
    return AV_CODEC_ID_NONE;
}

static int32_t decode_packet(AVCodecContext *codec, const uint8_t *bytes, size_t size, AVFrame *frame) {
    AVPacket *packet = av_packet_alloc();
    if (!packet || av_new_packet(packet, (int)size) < 0) {
        av_packet_free(&packet);
        return REEL_AV_OUT_OF_MEMORY;
    }
    memcpy(packet->data, bytes, size);
    packet->flags |= AV_PKT_FLAG_KEY;
    int error = avcodec_send_packet(codec, packet);
    av_packet_free(&packet);
    if (error >= 0) {
        avcodec_send_packet(codec, NULL);
        error = avcodec_receive_frame(codec, frame);
    }
    return error < 0 ? REEL_AV_INVALID_DATA : REEL_AV_OK;
}

static uint32_t big16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t big32(const uint8_t *p) { return big16(p) << 16 | big16(p + 2); }
static uint32_t little16(const uint8_t *p) { return (uint32_t)p[1] << 8 | p[0]; }
static uint32_t little24(const uint8_t *p) { return (uint32_t)p[2] << 16 | little16(p); }

/// The size the image's header declares, read without decoding; 0 x 0 when it cannot be told.
static void declared_size(enum AVCodecID id, const uint8_t *bytes, size_t size, int64_t *width, int64_t *height) {
    *width = 0;
    *height = 0;
    switch (id) {
    case AV_CODEC_ID_PNG:
        // The IHDR chunk comes first: its width and height follow the signature and chunk head.
        if (size >= 24) {
            *width = big32(bytes + 16);
            *height = big32(bytes + 20);
        }
        break;
    case AV_CODEC_ID_GIF:
        if (size >= 10) {
            *width = little16(bytes + 6);
            *height = little16(bytes + 8);
        }
        break;
    case AV_CODEC_ID_BMP:
        if (size >= 26) {
            int32_t h = (int32_t)(little16(bytes + 22) | little16(bytes + 24) << 16);
            *width = little16(bytes + 18) | (int64_t)little16(bytes + 20) << 16;
            *height = h < 0 ? -(int64_t)h : h;
        }
        break;
    case AV_CODEC_ID_WEBP:
        if (size >= 30 && memcmp(bytes + 12, "VP8X", 4) == 0) {
            *width = (int64_t)little24(bytes + 24) + 1;
            *height = (int64_t)little24(bytes + 27) + 1;
        } else if (size >= 30 && memcmp(bytes + 12, "VP8 ", 4) == 0) {
            *width = little16(bytes + 26) & 0x3FFF;
            *height = little16(bytes + 28) & 0x3FFF;
        } else if (size >= 25 && memcmp(bytes + 12, "VP8L", 4) == 0) {
            uint32_t bits = (uint32_t)bytes[21] | (uint32_t)bytes[22] << 8 | (uint32_t)bytes[23] << 16
                | (uint32_t)bytes[24] << 24;
            *width = (bits & 0x3FFF) + 1;
            *height = (bits >> 14 & 0x3FFF) + 1;
        }
        break;
    case AV_CODEC_ID_MJPEG:
        // Walk the segments after SOI to the first start of frame (SOF0-SOF15 but DHT, JPG, DAC).
        for (size_t at = 2; at + 9 <= size;) {
            if (bytes[at] != 0xFF) return;
            uint8_t marker = bytes[at + 1];
            if (marker == 0xFF) {
                at++;
                continue;
            }
            if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
                *height = big16(bytes + at + 5);
                *width = big16(bytes + at + 7);
                return;
            }
            if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) {
                at += 2;
                continue;
            }
            at += 2 + big16(bytes + at + 2);
        }
        break;
    default:
        break;
    }
}

int32_t reel_av_decode_image(
    const uint8_t *bytes, size_t size, uint8_t **rgba, int32_t *width, int32_t *height) {
    return reel_av_decode_image_fitting(bytes, size, 0, 0, 0, rgba, width, height, NULL, NULL);
}

/// The largest size inside `max_width` x `max_height` with the aspect of `width` x `height`,
/// never larger than it (0 in a bound: none).
static void fitted_size(int32_t width, int32_t height, int32_t max_width, int32_t max_height, int32_t *out_width,
                        int32_t *out_height) {
    double scale = 1;
    if (max_width > 0 && width > max_width) scale = (double)max_width / width;
    if (max_height > 0 && height * scale > max_height) scale = (double)max_height / height;
    int32_t fitted_width = (int32_t)(width * scale + 0.5);
    int32_t fitted_height = (int32_t)(height * scale + 0.5);
    *out_width = fitted_width < 1 ? 1 : fitted_width;
    *out_height = fitted_height < 1 ? 1 : fitted_height;
}

int32_t reel_av_decode_image_fitting(
    const uint8_t *bytes, size_t size, int64_t max_pixels, int32_t max_width, int32_t max_height,
    uint8_t **rgba, int32_t *width, int32_t *height, int32_t *source_width, int32_t *source_height) {
    if (!bytes || !rgba || !width || !height || size == 0 || size > INT32_MAX / 2 || max_pixels < 0
        || max_width < 0 || max_height < 0) {
        return REEL_AV_INVALID_ARGUMENT;
    }
    *rgba = NULL;
    *width = 0;
    *height = 0;
    if (source_width) *source_width = 0;
    if (source_height) *source_height = 0;
    enum AVCodecID id = image_codec(bytes, size);
    if (id == AV_CODEC_ID_NONE) return REEL_AV_INVALID_DATA;
    if (max_pixels > 0) {
        int64_t declared_width, declared_height;
        declared_size(id, bytes, size, &declared_width, &declared_height);
        if (declared_width > 0 && declared_height > 0 && declared_width * declared_height > max_pixels) {
            if (source_width) *source_width = declared_width > INT32_MAX ? INT32_MAX : (int32_t)declared_width;
            if (source_height) *source_height = declared_height > INT32_MAX ? INT32_MAX : (int32_t)declared_height;
            return REEL_AV_TOO_LARGE;
        }
    }
    const AVCodec *decoder = avcodec_find_decoder(id);
    if (!decoder) return REEL_AV_NO_CODEC;
    AVCodecContext *codec = avcodec_alloc_context3(decoder);
    AVFrame *frame = av_frame_alloc();
    int32_t status = codec && frame ? REEL_AV_OK : REEL_AV_OUT_OF_MEMORY;
    if (status == REEL_AV_OK) {
        codec->thread_count = 1;
        // What the header sniff cannot see (a later frame header, an unknown chunk) FFmpeg
        // checks before it allocates a picture.
        if (max_pixels > 0) codec->max_pixels = max_pixels;
        if (avcodec_open2(codec, decoder, NULL) < 0) status = REEL_AV_NO_CODEC;
    }
    if (status == REEL_AV_OK) status = decode_packet(codec, bytes, size, frame);
    if (status == REEL_AV_OK && (frame->width <= 0 || frame->height <= 0 || frame->width > 32768
                                 || frame->height > 32768)) {
        status = REEL_AV_INVALID_DATA;
    }
    if (status == REEL_AV_OK) {
        if (source_width) *source_width = frame->width;
        if (source_height) *source_height = frame->height;
        int32_t out_width, out_height;
        fitted_size(frame->width, frame->height, max_width, max_height, &out_width, &out_height);
        size_t stride = (size_t)out_width * 4;
        *rgba = malloc(stride * (size_t)out_height);
        if (!*rgba) {
            status = REEL_AV_OUT_OF_MEMORY;
        } else {
            struct SwsContext *scaler = NULL;
            status = reel_scale_to_rgba(&scaler, frame, out_width, out_height, *rgba, stride);
            reel_free_scaler(scaler);
            if (status == REEL_AV_OK) {
                *width = out_width;
                *height = out_height;
            } else {
                free(*rgba);
                *rgba = NULL;
            }
        }
    }
    av_frame_free(&frame);
    avcodec_free_context(&codec);
    return status;
}

int32_t reel_av_scale_image(
    const uint8_t *rgba, int32_t width, int32_t height, uint8_t *out, int32_t out_width, int32_t out_height) {
    if (!rgba || !out || width <= 0 || height <= 0 || out_width <= 0 || out_height <= 0 || width > 32768
        || height > 32768 || out_width > 32768 || out_height > 32768) {
        return REEL_AV_INVALID_ARGUMENT;
    }
    struct SwsContext *scaler = sws_getContext(
        width, height, AV_PIX_FMT_RGBA, out_width, out_height, AV_PIX_FMT_RGBA, SWS_AREA, NULL, NULL, NULL);
    if (!scaler) return REEL_AV_OUT_OF_MEMORY;
    const uint8_t *planes[4] = {rgba, NULL, NULL, NULL};
    int strides[4] = {width * 4, 0, 0, 0};
    uint8_t *out_planes[4] = {out, NULL, NULL, NULL};
    int out_strides[4] = {out_width * 4, 0, 0, 0};
    int rows = sws_scale(scaler, planes, strides, 0, height, out_planes, out_strides);
    sws_freeContext(scaler);
    return rows > 0 ? REEL_AV_OK : REEL_AV_INVALID_ARGUMENT;
}
