#ifndef WORDBOOK_JPEG_REGION_H
#define WORDBOOK_JPEG_REGION_H

#include <stddef.h>

/// Decodes only a region of a JPEG, as RGB, at the DCT scale `scale_num`/8: libjpeg's partial
/// decompression (jpeg_crop_scanline, jpeg_skip_scanlines), so that no more than the region's rows
/// and one band of blocks is ever held. `left`, `top`, `width` and `height` are in the scaled
/// image's pixels and must lie inside it.
///
/// libjpeg moves the left edge to a block's boundary: the rows written to `out` start at
/// `*out_left` (at most `left`) and are `*out_width` pixels wide (at least `width`), `height` rows of
/// `*out_width` * 3 bytes. `out` must hold `height` * (`width` + 64) * 3 bytes, the most a block's
/// width can add.
///
/// Returns 0, or -1 with libjpeg's message in `message` (NUL-terminated, cut to `message_size`).
/// Warnings about corrupt data do not stop it: a stored photo cut short still shows what it holds.
int wordbook_jpeg_decode_region(const unsigned char *jpeg, size_t size, int scale_num,
                                int left, int top, int width, int height,
                                unsigned char *out, int *out_left, int *out_width,
                                char *message, size_t message_size);

#endif
