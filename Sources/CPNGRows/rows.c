#include "png_rows.h"

#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libpng's default error handler prints and aborts where no setjmp was made: this one keeps the
// message and jumps back to the call. No Swift frame lies between setjmp and longjmp.
struct png_source {
    const unsigned char *bytes;
    size_t size, offset;
    int truncated;
    char text[256];
};

static void rows_error(png_structp png, png_const_charp message) {
    struct png_source *source = (struct png_source *)png_get_error_ptr(png);
    snprintf(source->text, sizeof source->text, "%s", message);
    png_longjmp(png, 1);
}

static void rows_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void rows_read(png_structp png, png_bytep data, size_t length) {
    struct png_source *source = (struct png_source *)png_get_io_ptr(png);
    if (length > source->size - source->offset) {
        source->truncated = 1;
        png_error(png, "the file ends before its pixels do");
    }
    memcpy(data, source->bytes + source->offset, length);
    source->offset += length;
}

static void copy_message(char *message, size_t message_size, const char *text) {
    if (message && message_size > 0) {
        snprintf(message, message_size, "%s", text);
    }
}

int wordbook_png_header(const unsigned char *bytes, size_t size, int *width, int *height, int *interlaced,
                        char *message, size_t message_size) {
    struct png_source source = {bytes, size, 0, 0, {0}};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, rows_error, rows_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_read_struct(png ? &png : NULL, NULL, NULL);
        copy_message(message, message_size, "libpng could not start");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        copy_message(message, message_size, source.text);
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_set_read_fn(png, &source, rows_read);
    // The size as the header claims it, for the caller to judge: a header edited without its CRC is
    // still read (the image's own rows are checked when it is decoded).
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    *width = (int)png_get_image_width(png, info);
    *height = (int)png_get_image_height(png, info);
    *interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int wordbook_png_decode_reduced(const unsigned char *bytes, size_t size, int out_width, int out_height,
                                unsigned char *out, size_t out_stride, int *truncated,
                                char *message, size_t message_size) {
    struct png_source source = {bytes, size, 0, 0, {0}};
    // volatile: assigned after setjmp, read after longjmp.
    unsigned char *volatile row = NULL;
    uint64_t *volatile sums = NULL;
    uint32_t *volatile counts = NULL;
    *truncated = 0;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, rows_error, rows_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_read_struct(png ? &png : NULL, NULL, NULL);
        copy_message(message, message_size, "libpng could not start");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        copy_message(message, message_size, source.text);
        *truncated = source.truncated;
        png_destroy_read_struct(&png, &info, NULL);
        free(row);
        free(sums);
        free(counts);
        return -1;
    }
    png_set_read_fn(png, &source, rows_read);
    // The pixel limits are checked by the caller, against the header.
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) {
        snprintf(source.text, sizeof source.text, "an interlaced PNG is not read row by row");
        png_longjmp(png, 1);
    }
    if (out_width < 1 || out_height < 1 || (uint32_t)out_width > width || (uint32_t)out_height > height) {
        snprintf(source.text, sizeof source.text, "%d x %d is not a reduction of %u x %u", out_width, out_height, width, height);
        png_longjmp(png, 1);
    }
    // Every kind of PNG as 8-bit R, G, B, A.
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        snprintf(source.text, sizeof source.text, "libpng gave rows of %zu bytes for %u pixels", png_get_rowbytes(png, info), width);
        png_longjmp(png, 1);
    }
    row = malloc((size_t)width * 4);
    sums = calloc((size_t)out_width * 4, sizeof(uint64_t));
    counts = calloc((size_t)out_width, sizeof(uint32_t));
    if (!row || !sums || !counts) {
        snprintf(source.text, sizeof source.text, "there was not enough memory");
        png_longjmp(png, 1);
    }
    // Each pixel adds to the output pixel it falls into, as an area map: column x * out_width / width,
    // row y * out_height / height; a row of sums is written out when the image's rows pass it.
    for (uint32_t y = 0; y < height; y++) {
        png_read_row(png, row, NULL);
        int target = (int)((uint64_t)y * (uint64_t)out_height / height);
        for (uint32_t x = 0; x < width; x++) {
            size_t column = (size_t)((uint64_t)x * (uint64_t)out_width / width);
            for (int channel = 0; channel < 4; channel++) {
                sums[column * 4 + channel] += row[(size_t)x * 4 + channel];
            }
            counts[column]++;
        }
        int last = y + 1 == height || (int)((uint64_t)(y + 1) * (uint64_t)out_height / height) != target;
        if (last) {
            unsigned char *line = out + (size_t)target * out_stride;
            for (int column = 0; column < out_width; column++) {
                uint32_t count = counts[column] ? counts[column] : 1;
                for (int channel = 0; channel < 4; channel++) {
                    line[column * 4 + channel] = (unsigned char)((sums[column * 4 + channel] + count / 2) / count);
                }
            }
            memset(sums, 0, (size_t)out_width * 4 * sizeof(uint64_t));
            memset(counts, 0, (size_t)out_width * sizeof(uint32_t));
        }
    }
    // The image is whole: what follows it (a damaged text chunk, a missing IEND) is not read.
    png_destroy_read_struct(&png, &info, NULL);
    free(row);
    free(sums);
    free(counts);
    return 0;
}
