#include "jpeg_region.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>

// libjpeg's default error manager calls exit(): this one jumps back to the call instead, keeping
// libjpeg's message. No Swift frame lies between setjmp and longjmp.
struct region_error {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
    char text[JMSG_LENGTH_MAX];
};

static void region_error_exit(j_common_ptr cinfo) {
    struct region_error *error = (struct region_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->text);
    longjmp(error->escape, 1);
}

static void region_output_message(j_common_ptr cinfo) {
    (void)cinfo;
}

int wordbook_jpeg_decode_region(const unsigned char *jpeg, size_t size, int scale_num,
                                int left, int top, int width, int height,
                                unsigned char *out, int *out_left, int *out_width,
                                char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    struct region_error error;
    memset(&error, 0, sizeof error);
    // Zeroed, so that destroying it after a failure inside jpeg_create_decompress is safe.
    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = region_error_exit;
    error.manager.output_message = region_output_message;
    if (setjmp(error.escape)) {
        if (message && message_size > 0) {
            snprintf(message, message_size, "%s", error.text);
        }
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, jpeg, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_RGB;
    cinfo.scale_num = (unsigned int)scale_num;
    cinfo.scale_denom = 8;
    jpeg_start_decompress(&cinfo);
    if (left < 0 || top < 0 || width <= 0 || height <= 0 ||
        (JDIMENSION)(left + width) > cinfo.output_width || (JDIMENSION)(top + height) > cinfo.output_height) {
        snprintf(error.text, sizeof error.text, "the region %dx%d at (%d, %d) is not inside the %ux%u image",
                 width, height, left, top, cinfo.output_width, cinfo.output_height);
        longjmp(error.escape, 1);
    }
    JDIMENSION xoffset = (JDIMENSION)left, cropped = (JDIMENSION)width;
    jpeg_crop_scanline(&cinfo, &xoffset, &cropped);
    if (cropped > (JDIMENSION)(width + 64)) {
        snprintf(error.text, sizeof error.text, "libjpeg widened the region by more than a block");
        longjmp(error.escape, 1);
    }
    if (top > 0) {
        jpeg_skip_scanlines(&cinfo, (JDIMENSION)top);
    }
    size_t stride = (size_t)cropped * 3;
    while (cinfo.output_scanline < (JDIMENSION)(top + height)) {
        JSAMPROW row = out + (size_t)(cinfo.output_scanline - (JDIMENSION)top) * stride;
        if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) {
            snprintf(error.text, sizeof error.text, "libjpeg read no row at %u", cinfo.output_scanline);
            longjmp(error.escape, 1);
        }
    }
    *out_left = (int)xoffset;
    *out_width = (int)cropped;
    // The rows below the region are not read: abort, not finish, which would want them.
    jpeg_abort_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}
