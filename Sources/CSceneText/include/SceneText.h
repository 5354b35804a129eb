// PaddleOCR's PP-OCR text detector and recogniser, run by OpenCV's DNN module: a small C API for
// Swift. Pixels are 4 bytes each (Leptonica's 32 bpp layout); the caller names where red, green and
// blue lie. Every call is for one thread at a time per handle. Errors come back as a sentence.
//
// The API lives in the plugin libwordbook-scenetext.so, which alone links OpenCV: the worker opens it
// with dlopen and binds each function by its name with dlsym, as the `st_*_fn` pointer types below
// (SceneText.cpp checks that each function has its pointer type), so it starts without OpenCV.
#ifndef WORDBOOK_SCENE_TEXT_H
#define WORDBOOK_SCENE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A four-cornered text box in the picture's pixels: top-left, top-right, bottom-right, bottom-left
/// as the text reads; `score` is the detector's mean text probability inside it.
typedef struct st_quad {
    float x[4];
    float y[4];
    float score;
} st_quad;

/// The pixels handed to the detector or the recogniser.
typedef struct st_image {
    const uint8_t *pixels;
    int width;
    int height;
    size_t bytes_per_row;
    int red, green, blue;  // byte offsets of the channels within a pixel
} st_image;

/// How the detector reads its map: RapidOCR's defaults are 0.3, 0.5, 1.6.
typedef struct st_detector_settings {
    int side;            // the picture is scaled so that its shorter side is this (only up), then to multiples of 32
    int max_side;        // ... and its longer side at most this
    float threshold;     // text probability that counts as text
    float box_threshold; // mean probability a box must reach
    float unclip_ratio;  // how far a box grows past the text core (area x ratio / perimeter)
} st_detector_settings;

typedef struct st_detector st_detector;
typedef struct st_recognizer st_recognizer;

st_detector *st_detector_open(const char *model_path, char *error, size_t error_size);
void st_detector_close(st_detector *detector);
/// Text boxes, up to `capacity`, in reading order (top to bottom, left to right); the count, or -1.
int st_detector_detect(st_detector *detector, const st_image *image, const st_detector_settings *settings,
                       st_quad *boxes, int capacity, char *error, size_t error_size);

/// The recogniser's input is 48 pixels high and `input_width` wide (fixed in the model file).
st_recognizer *st_recognizer_open(const char *model_path, int input_width, char *error, size_t error_size);
void st_recognizer_close(st_recognizer *recognizer);
/// The number of classes per step the model puts out (its alphabet, a blank and a space).
int st_recognizer_classes(st_recognizer *recognizer);
/// Reads the text in `quad`: for each of the model's time steps, the two likeliest classes and their
/// probabilities. `used_width` is how many of the input's columns hold the crop (the rest is padding);
/// each step covers input_width / steps columns. Returns the number of steps, or -1.
int st_recognizer_read(st_recognizer *recognizer, const st_image *image, const st_quad *quad,
                       int32_t *best, float *best_probability, int32_t *second, float *second_probability,
                       int capacity, int *used_width, char *error, size_t error_size);

/// The functions above as the worker binds them, each by its own name.
typedef st_detector *(*st_detector_open_fn)(const char *model_path, char *error, size_t error_size);
typedef void (*st_detector_close_fn)(st_detector *detector);
typedef int (*st_detector_detect_fn)(st_detector *detector, const st_image *image, const st_detector_settings *settings,
                                     st_quad *boxes, int capacity, char *error, size_t error_size);
typedef st_recognizer *(*st_recognizer_open_fn)(const char *model_path, int input_width, char *error, size_t error_size);
typedef void (*st_recognizer_close_fn)(st_recognizer *recognizer);
typedef int (*st_recognizer_classes_fn)(st_recognizer *recognizer);
typedef int (*st_recognizer_read_fn)(st_recognizer *recognizer, const st_image *image, const st_quad *quad,
                                     int32_t *best, float *best_probability, int32_t *second, float *second_probability,
                                     int capacity, int *used_width, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
