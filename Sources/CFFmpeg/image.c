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

int32_t reel_av_decode_image(
    const uint8_t *bytes, size_t size, uint8_t **rgba, int32_t *width, int32_t *height) {
    if (!bytes || !rgba || !width || !height || size == 0 || size > INT32_MAX / 2) return REEL_AV_INVALID_ARGUMENT;
    *rgba = NULL;
    *width = 0;
    *height = 0;
    enum AVCodecID id = image_codec(bytes, size);
    if (id == AV_CODEC_ID_NONE) return REEL_AV_INVALID_DATA;
    const AVCodec *decoder = avcodec_find_decoder(id);
    if (!decoder) return REEL_AV_NO_CODEC;
    AVCodecContext *codec = avcodec_alloc_context3(decoder);
    AVFrame *frame = av_frame_alloc();
    int32_t status = codec && frame ? REEL_AV_OK : REEL_AV_OUT_OF_MEMORY;
    if (status == REEL_AV_OK) {
        codec->thread_count = 1;
        if (avcodec_open2(codec, decoder, NULL) < 0) status = REEL_AV_NO_CODEC;
    }
    if (status == REEL_AV_OK) status = decode_packet(codec, bytes, size, frame);
    if (status == REEL_AV_OK && (frame->width <= 0 || frame->height <= 0 || frame->width > 32768
                                 || frame->height > 32768)) {
        status = REEL_AV_INVALID_DATA;
    }
    if (status == REEL_AV_OK) {
        size_t stride = (size_t)frame->width * 4;
        *rgba = malloc(stride * (size_t)frame->height);
        if (!*rgba) {
            status = REEL_AV_OUT_OF_MEMORY;
        } else {
            struct SwsContext *scaler = NULL;
            status = reel_scale_to_rgba(&scaler, frame, frame->width, frame->height, *rgba, stride);
            reel_free_scaler(scaler);
            if (status == REEL_AV_OK) {
                *width = frame->width;
                *height = frame->height;
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
