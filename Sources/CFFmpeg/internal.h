// Helpers shared by the .c files of CFFmpeg; not part of its public header.
#ifndef REEL_CFFMPEG_INTERNAL_H
#define REEL_CFFMPEG_INTERNAL_H

#include <libavutil/frame.h>
#include <stddef.h>
#include <stdint.h>

struct SwsContext;

/// Scales and converts `frame` into RGBA (`width` x `height`, rows `stride` bytes apart),
/// reusing `*scaler` when its parameters still fit. Honours the frame's colour matrix and range.
int32_t reel_scale_to_rgba(
    struct SwsContext **scaler, const AVFrame *frame, int32_t width, int32_t height, uint8_t *rgba,
    size_t stride);

/// Frees a scaler made by reel_scale_to_rgba; NULL is allowed.
void reel_free_scaler(struct SwsContext *scaler);

#endif
