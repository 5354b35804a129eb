#ifndef WORDBOOK_PNG_ROWS_H
#define WORDBOOK_PNG_ROWS_H

#include <stddef.h>

/// The size a PNG's header gives, and whether it is interlaced (Adam7), without decoding it.
/// Returns 0, or -1 with libpng's message in `message` (NUL-terminated, cut to `message_size`).
int wordbook_png_header(const unsigned char *png, size_t size, int *width, int *height, int *interlaced,
                        char *message, size_t message_size);

/// Decodes a PNG that is not interlaced, one row at a time, into `out_width` × `out_height` pixels of
/// R, G, B, A bytes (`out` holds `out_height` rows of `out_stride` bytes), each the mean of the
/// pixels of the image that fall into it: so no more than a row of the full width is held, whatever
/// the image's size. Palettes, grey, 16-bit samples and transparency come out as 8-bit RGBA; an image
/// without alpha is opaque. The output is no larger than the image.
///
/// Returns 0, or -1 with the reason in `message`; `*truncated` is 1 when the file ended before the
/// image did. Warnings (a damaged ancillary chunk) do not stop it.
int wordbook_png_decode_reduced(const unsigned char *png, size_t size, int out_width, int out_height,
                                unsigned char *out, size_t out_stride, int *truncated,
                                char *message, size_t message_size);

#endif
