// Conversion of decoded pictures to RGBA with libswscale.
#include "internal.h"

#include "CFFmpeg.h"

#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

/// The full-range "J" formats are deprecated in libswscale, which warns when it is given one:
/// convert them to their limited-range twin and say "full range" explicitly.
static enum AVPixelFormat plain_format(enum AVPixelFormat format, int *full_range) {
    switch (format) {
    case AV_PIX_FMT_YUVJ420P: *full_range = 1; return AV_PIX_FMT_YUV420P;
    case AV_PIX_FMT_YUVJ422P: *full_range = 1; return AV_PIX_FMT_YUV422P;
    case AV_PIX_FMT_YUVJ444P: *full_range = 1; return AV_PIX_FMT_YUV444P;
    case AV_PIX_FMT_YUVJ440P: *full_range = 1; return AV_PIX_FMT_YUV440P;
    case AV_PIX_FMT_YUVJ411P: *full_range = 1; return AV_PIX_FMT_YUV411P;
    default: return format;
    }
}

int32_t reel_scale_to_rgba(
    struct SwsContext **scaler, const AVFrame *frame, int32_t width, int32_t height, uint8_t *rgba,
    size_t stride) {
    if (frame->width <= 0 || frame->height <= 0 || frame->format < 0) return REEL_AV_NO_FRAME;
    int full_range = frame->color_range == AVCOL_RANGE_JPEG;
    enum AVPixelFormat format = plain_format((enum AVPixelFormat)frame->format, &full_range);
    *scaler = sws_getCachedContext(
        *scaler, frame->width, frame->height, format, width, height, AV_PIX_FMT_RGBA, SWS_BICUBIC, NULL, NULL,
        NULL);
    if (!*scaler) return REEL_AV_INVALID_ARGUMENT;
    // An unspecified matrix means BT.601, as in FFmpeg's scale filter; the table index of
    // sws_getCoefficients follows AVColorSpace.
    int matrix = frame->colorspace == AVCOL_SPC_UNSPECIFIED ? SWS_CS_DEFAULT : (int)frame->colorspace;
    const AVPixFmtDescriptor *descriptor = av_pix_fmt_desc_get(format);
    if (descriptor && !(descriptor->flags & AV_PIX_FMT_FLAG_RGB) && descriptor->nb_components >= 3) {
        sws_setColorspaceDetails(
            *scaler, sws_getCoefficients(matrix), full_range, sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16,
            1 << 16);
    }
    uint8_t *planes[4] = {rgba, NULL, NULL, NULL};
    int strides[4] = {(int)stride, 0, 0, 0};
    int rows = sws_scale(
        *scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes, strides);
    return rows > 0 ? REEL_AV_OK : REEL_AV_INVALID_ARGUMENT;
}

void reel_free_scaler(struct SwsContext *scaler) { sws_freeContext(scaler); }
