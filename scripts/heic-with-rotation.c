// Re-encodes a HEIC's primary image with its pixels as stored, its Exif block copied, and an
// irot/imir transformation written for the given EXIF orientation (1-8), as a phone camera does.
// Build: cc -O2 -o heic-with-rotation heic-with-rotation.c $(pkg-config --cflags --libs libheif)
// Use:   heic-with-rotation IN.heic ORIENTATION QUALITY OUT.heic
#include <libheif/heif.h>
#include <stdio.h>
#include <stdlib.h>

static int check(struct heif_error error, const char* what) {
  if (error.code == heif_error_Ok) return 0;
  fprintf(stderr, "%s: %s\n", what, error.message);
  exit(1);
}

int main(int argc, char** argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s IN.heic ORIENTATION QUALITY OUT.heic\n", argv[0]);
    return 2;
  }
  int orientation = atoi(argv[2]), quality = atoi(argv[3]);
  if (orientation < 1 || orientation > 8) { fprintf(stderr, "orientation is 1-8\n"); return 2; }

  struct heif_context* input = heif_context_alloc();
  check(heif_context_read_from_file(input, argv[1], NULL), "read");
  struct heif_image_handle* handle;
  check(heif_context_get_primary_image_handle(input, &handle), "primary image");
  struct heif_decoding_options* decoding = heif_decoding_options_alloc();
  decoding->ignore_transformations = 1;  // the pixels as stored
  struct heif_image* image;
  check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, decoding), "decode");
  heif_decoding_options_free(decoding);

  struct heif_context* output = heif_context_alloc();
  struct heif_encoder* encoder;
  check(heif_context_get_encoder_for_format(output, heif_compression_HEVC, &encoder), "encoder");
  check(heif_encoder_set_lossy_quality(encoder, quality), "quality");
  struct heif_encoding_options* encoding = heif_encoding_options_alloc();
  encoding->image_orientation = (enum heif_orientation)orientation;
  struct heif_image_handle* written;
  check(heif_context_encode_image(output, image, encoder, encoding, &written), "encode");
  heif_encoding_options_free(encoding);
  heif_encoder_release(encoder);

  heif_item_id exif;
  if (heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &exif, 1) == 1) {
    size_t size = heif_image_handle_get_metadata_size(handle, exif);
    unsigned char* block = malloc(size);
    check(heif_image_handle_get_metadata(handle, exif, block), "read Exif");
    // libheif's writer adds the 4-byte offset to the TIFF header itself.
    unsigned offset = 4 + ((unsigned)block[0] << 24 | block[1] << 16 | block[2] << 8 | block[3]);
    if (offset < size) check(heif_context_add_exif_metadata(output, written, block + offset, (int)(size - offset)), "write Exif");
    free(block);
  }
  check(heif_context_write_to_file(output, argv[4]), "write");

  heif_image_handle_release(written);
  heif_image_release(image);
  heif_image_handle_release(handle);
  heif_context_free(output);
  heif_context_free(input);
  return 0;
}
