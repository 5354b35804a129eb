// PP-OCR's DB text detector and CRNN recogniser on OpenCV's DNN module, with RapidOCR's pre- and
// post-processing (resize to multiples of 32, (x/255 - 0.5) / 0.5 in BGR, the DB map's boxes grown
// by area x ratio / perimeter; a perspective crop 48 pixels high, padded to the model's width).
#include "SceneText.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/core/utils/logger.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/dnn/all_layers.hpp>
#include <opencv2/imgproc.hpp>

#include <type_traits>

// Each function is what its pointer type in the header says: the worker binds it as that type.
static_assert(std::is_same_v<decltype(&st_detector_open), st_detector_open_fn>);
static_assert(std::is_same_v<decltype(&st_detector_close), st_detector_close_fn>);
static_assert(std::is_same_v<decltype(&st_detector_detect), st_detector_detect_fn>);
static_assert(std::is_same_v<decltype(&st_recognizer_open), st_recognizer_open_fn>);
static_assert(std::is_same_v<decltype(&st_recognizer_close), st_recognizer_close_fn>);
static_assert(std::is_same_v<decltype(&st_recognizer_classes), st_recognizer_classes_fn>);
static_assert(std::is_same_v<decltype(&st_recognizer_read), st_recognizer_read_fn>);

struct st_detector {
    cv::dnn::Net net;
};

struct st_recognizer {
    cv::dnn::Net net;
    int width;
    int classes;
};

namespace {

// DB's backbone halves its map five times: the detector's input sides are multiples of 32.
constexpr int kDetectorStride = 32;
// PaddleOCR's DB post-processing: at most 1000 regions a picture; a region whose core is thinner
// than 3 map pixels is noise, and one thinner than 5 once grown back holds no letter (its min_size,
// and min_size + 2). A box of 3 pixels or less on either side in the picture is dropped, as
// PaddleOCR's detector drops it.
constexpr size_t kMaxRegions = 1000;
constexpr float kMinCoreSide = 3, kMinGrownSide = 5, kMinBoxSide = 3;

void report(char *error, size_t size, const std::string &message) {
    if (error && size > 0) std::snprintf(error, size, "%s", message.c_str());
}

// The caller's pixels as a 4-channel matrix, without a copy.
cv::Mat wrap(const st_image *image) {
    return cv::Mat(image->height, image->width, CV_8UC4, const_cast<uint8_t *>(image->pixels), image->bytes_per_row);
}

// Fills `blob` (1x3xHxW) from the first `width` columns of a 4-channel picture, as the models were
// trained: BGR, scaled to -1...1.
void fill(float *blob, const cv::Mat &picture, int width, int blobWidth, const st_image *image) {
    const int height = picture.rows;
    const size_t plane = size_t(height) * blobWidth;
    const int offsets[3] = {image->blue, image->green, image->red};
    for (int y = 0; y < height; y++) {
        const uint8_t *row = picture.ptr<uint8_t>(y);
        for (int c = 0; c < 3; c++) {
            float *out = blob + c * plane + size_t(y) * blobWidth;
            const int offset = offsets[c];
            for (int x = 0; x < width; x++) out[x] = row[4 * x + offset] * (2.0f / 255.0f) - 1.0f;
        }
    }
}

void ordered(const cv::RotatedRect &rect, cv::Point2f corners[4]) {
    cv::Point2f points[4];
    rect.points(points);
    std::sort(points, points + 4, [](const cv::Point2f &a, const cv::Point2f &b) { return a.x < b.x; });
    // Of the two leftmost, the upper is the top-left; of the two rightmost, the upper is the top-right.
    const bool firstUpper = points[0].y <= points[1].y, thirdUpper = points[2].y <= points[3].y;
    corners[0] = firstUpper ? points[0] : points[1];
    corners[3] = firstUpper ? points[1] : points[0];
    corners[1] = thirdUpper ? points[2] : points[3];
    corners[2] = thirdUpper ? points[3] : points[2];
}

// The map's mean inside the polygon (RapidOCR's "fast" score).
float meanInside(const cv::Mat &map, const cv::Point2f corners[4]) {
    float left = map.cols, right = 0, top = map.rows, bottom = 0;
    for (int i = 0; i < 4; i++) {
        left = std::min(left, corners[i].x), right = std::max(right, corners[i].x);
        top = std::min(top, corners[i].y), bottom = std::max(bottom, corners[i].y);
    }
    const int x0 = std::clamp(int(std::floor(left)), 0, map.cols - 1), x1 = std::clamp(int(std::ceil(right)), 0, map.cols - 1);
    const int y0 = std::clamp(int(std::floor(top)), 0, map.rows - 1), y1 = std::clamp(int(std::ceil(bottom)), 0, map.rows - 1);
    cv::Mat mask = cv::Mat::zeros(y1 - y0 + 1, x1 - x0 + 1, CV_8U);
    std::vector<cv::Point> polygon;
    for (int i = 0; i < 4; i++) polygon.emplace_back(int(corners[i].x - x0), int(corners[i].y - y0));
    cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{polygon}, cv::Scalar(1));
    return float(cv::mean(map(cv::Rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1)), mask)[0]);
}

// erf, the error function, as a rational function of x (odd over even polynomials in x squared) on
// [-4, 4], where float's erf reaches ±1: Eigen's and XLA's single-precision erf. Within 4.5e-7 of the
// exact value (measured over [-6, 6] in steps of 6e-6), against 3e-8 for libm's erff. Every GELU of
// both networks calls erf (13 layers in each): OpenCV 4.6 calls libm's erff once a value, which took
// 18 % of the detector's time and 23 % of the recogniser's; a loop of multiplies, adds and one
// divide is what the compiler turns into vector instructions, for any target.
inline float rationalErf(float value) {
    const float x = std::min(4.0f, std::max(-4.0f, value));
    const float x2 = x * x;
    float p = -2.72614225801306e-10f;
    p = p * x2 + 2.77068142495902e-08f;
    p = p * x2 - 2.10102402082508e-06f;
    p = p * x2 - 5.69250639462346e-05f;
    p = p * x2 - 7.34990630326855e-04f;
    p = p * x2 - 2.95459980854025e-03f;
    p = p * x2 - 1.60960333262415e-02f;
    float q = -1.45660718464996e-05f;
    q = q * x2 - 2.13374055278905e-04f;
    q = q * x2 - 1.68282697438203e-03f;
    q = q * x2 - 7.37332916720468e-03f;
    q = q * x2 - 1.42647390514189e-02f;
    return x * p / q;
}

// GELU as one layer: y = (x * (erf(x / sqrt(2)) + 1)) * 0.5, the five nodes PaddleOCR's export
// writes for it, which scripts/rewrite-models.py fuses into one node of the op com.wordbook.Gelu
// (its rewrite 7). OpenCV ran them as five passes over the tensor (a Power layer for each constant,
// Erf, an element-wise product): 13 GELUs in each network. Here one pass computes the same
// operations in the same order as OpenCV did with this erf, so the networks' outputs are the same
// floats as with it.
class GeluLayer : public cv::dnn::Layer {
public:
    explicit GeluLayer(const cv::dnn::LayerParams &params) : Layer(params) {}

    static cv::Ptr<cv::dnn::Layer> create(cv::dnn::LayerParams &params) { return cv::makePtr<GeluLayer>(params); }

    bool getMemoryShapes(const std::vector<cv::dnn::MatShape> &inputs, int, std::vector<cv::dnn::MatShape> &outputs,
                         std::vector<cv::dnn::MatShape> &) const override {
        outputs.assign(1, inputs[0]);
        return true;  // the output may take the input's memory
    }

    void forward(cv::InputArrayOfArrays inputsArray, cv::OutputArrayOfArrays outputsArray, cv::OutputArrayOfArrays) override {
        std::vector<cv::Mat> inputs, outputs;
        inputsArray.getMatVector(inputs);
        outputsArray.getMatVector(outputs);
        const float *in = inputs[0].ptr<float>();
        float *out = outputs[0].ptr<float>();
        const size_t count = inputs[0].total();
        // OpenCV divided by the model's float sqrt(2) as a multiplication by its float reciprocal.
        const float scale = 1.0f / float(M_SQRT2);
        // In place, through one pointer: with two that may overlap, the compiler's vector loop checks
        // them at run time and falls back to one value at a time.
        if (in == out) {
            for (size_t i = 0; i < count; i++) out[i] = (out[i] * (rationalErf(out[i] * scale) + 1.0f)) * 0.5f;
        } else {
            for (size_t i = 0; i < count; i++) out[i] = (in[i] * (rationalErf(in[i] * scale) + 1.0f)) * 0.5f;
        }
    }
};

// A depthwise convolution with a square kernel of 5 or more, stride 1, no dilation, padded to keep
// its size: each channel convolved with its own kernel, plus its bias. OpenCV 4.6 computes such a
// layer one value at a time (its vector code covers 3 x 3 kernels): the detector's four 7 x 7
// layers took 25 ms of a 120 ms pass at 512 x 384, the one at a quarter of the input alone 19.8 ms
// (Net::getPerfProfile). Here each output row is computed 16 values at a time, the kernel's taps
// summed in registers in row order, a loop the compiler turns into vector instructions; the
// detector's output differs from OpenCV's by at most 1.2e-8, from the order of the sums.
class LargeDepthwiseConvolution : public cv::dnn::Layer {
public:
    explicit LargeDepthwiseConvolution(const cv::dnn::LayerParams &params) : Layer(params) {
        type = "LargeDepthwiseConvolution";  // not OpenCV's "Convolution": its fusions assume its own class
        kernel = blobs[0].size[2];
        pad = kernel / 2;
    }

    // Whether OpenCV's convolution with these parameters is one this class computes.
    static bool computes(const cv::dnn::LayerParams &params) {
        if (params.blobs.empty() || params.blobs.size() > 2 || params.blobs[0].dims != 4 || params.blobs[0].type() != CV_32F) return false;
        const cv::Mat &weights = params.blobs[0];
        const int kernel = weights.size[2];
        auto all = [&](const char *name, int value, int fallback) {
            if (!params.has(name)) return value == fallback;
            const cv::dnn::DictValue &values = params.get(name);
            for (int i = 0; i < values.size(); i++) if (values.get<int>(i) != value) return false;
            return true;
        };
        return weights.size[1] == 1 && params.get<int>("group", 1) == weights.size[0] && weights.size[3] == kernel
            && kernel >= 5 && kernel % 2 == 1 && all("stride", 1, 1) && all("dilation", 1, 1) && all("pad", kernel / 2, 0)
            && (params.blobs.size() == 1 || int(params.blobs[1].total()) == weights.size[0]);
    }

    // OpenCV's own layer for every other convolution.
    static cv::Ptr<cv::dnn::Layer> create(cv::dnn::LayerParams &params) {
        if (computes(params)) return cv::makePtr<LargeDepthwiseConvolution>(params);
        return cv::dnn::ConvolutionLayer::create(params);
    }

    bool getMemoryShapes(const std::vector<cv::dnn::MatShape> &inputs, int, std::vector<cv::dnn::MatShape> &outputs,
                         std::vector<cv::dnn::MatShape> &) const override {
        outputs.assign(1, inputs[0]);
        return false;
    }

    void forward(cv::InputArrayOfArrays inputsArray, cv::OutputArrayOfArrays outputsArray, cv::OutputArrayOfArrays) override {
        std::vector<cv::Mat> inputs, outputs;
        inputsArray.getMatVector(inputs);
        outputsArray.getMatVector(outputs);
        const cv::Mat &input = inputs[0];
        const int channels = input.size[1], height = input.size[2], width = input.size[3];
        // One channel at a time, copied into a plane with `pad` zeros around it, its rows rounded up
        // to whole blocks: the inner loop then needs no test for the edges.
        const int stride = (width + kBlock - 1) / kBlock * kBlock + 2 * pad;
        std::vector<float> plane(size_t(height + 2 * pad) * stride, 0.0f);
        const float *weights = blobs[0].ptr<float>();
        for (int c = 0; c < channels; c++) {
            const float *in = input.ptr<float>(0, c);
            for (int y = 0; y < height; y++) {
                std::copy(in + size_t(y) * width, in + size_t(y + 1) * width, plane.data() + size_t(y + pad) * stride + pad);
            }
            const float bias = blobs.size() > 1 ? blobs[1].ptr<float>()[c] : 0.0f;
            convolve(plane.data(), stride, weights + size_t(c) * kernel * kernel, bias, outputs[0].ptr<float>(0, c), width, height);
        }
    }

private:
    static constexpr int kBlock = 16;
    int kernel = 0, pad = 0;

    void convolve(const float *plane, int stride, const float *weights, float bias, float *out, int width, int height) const {
        for (int y = 0; y < height; y++) {
            for (int x0 = 0; x0 < width; x0 += kBlock) {
                float sums[kBlock];
                for (int j = 0; j < kBlock; j++) sums[j] = bias;
                for (int ky = 0; ky < kernel; ky++) {
                    const float *source = plane + size_t(y + ky) * stride + x0;
                    for (int kx = 0; kx < kernel; kx++) {
                        const float weight = weights[ky * kernel + kx];
                        for (int j = 0; j < kBlock; j++) sums[j] += weight * source[kx + j];
                    }
                }
                const int count = std::min(kBlock, width - x0);
                std::copy(sums, sums + count, out + size_t(y) * width + x0);
            }
        }
    }
};

// The network in `path`, or an empty one with the reason in `error`.
cv::dnn::Net load(const char *path, char *error, size_t size) {
    try {
        cv::setNumThreads(1);
        // Registered last for its type name, a layer class replaces OpenCV's own for every network read after.
        static const bool layersRegistered = [] {
            cv::dnn::LayerFactory::registerLayer("Convolution", LargeDepthwiseConvolution::create);
            cv::dnn::LayerFactory::registerLayer("com.wordbook.Gelu", GeluLayer::create);
            return true;
        }();
        (void)layersRegistered;
        // OpenCV 4.6 warns once a node for an op of a domain it has no table of its own for
        // ("missing dispatch map for domain='com.wordbook'"), though the layer registered above
        // computes it: 13 lines a network in the worker's log. Its warnings are left out while a
        // model is read, one thread at a time.
        static std::mutex reading;
        std::lock_guard<std::mutex> lock(reading);
        struct QuietLog {
            const cv::utils::logging::LogLevel level = cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_ERROR);
            ~QuietLog() { cv::utils::logging::setLogLevel(level); }
        } quiet;
        cv::dnn::Net net = cv::dnn::readNetFromONNX(path);
        // OpenCV 4.6 fuses a convolution with the Add after it by keeping a copy of the convolution's
        // output, 14 MB at the detector's 512-pixel map, made again whenever the input's shape
        // changes. Without fusion each layer writes its own output: the same answers in the same time,
        // and a worker's peak 14 MB lower with 1 filer thread, 22 with 2 (docs/performance.md).
        net.enableFusion(false);
        if (net.empty()) report(error, size, std::string("OpenCV read no network from ") + path);
        return net;
    } catch (const std::exception &e) {
        report(error, size, std::string("OpenCV could not load ") + path + ": " + e.what());
        return cv::dnn::Net();
    }
}

}  // namespace

extern "C" {

st_detector *st_detector_open(const char *model_path, char *error, size_t error_size) {
    cv::dnn::Net net = load(model_path, error, error_size);
    return net.empty() ? nullptr : new st_detector{net};
}

void st_detector_close(st_detector *detector) { delete detector; }

int st_detector_detect(st_detector *detector, const st_image *image, const st_detector_settings *settings,
                       st_quad *boxes, int capacity, char *error, size_t error_size) {
    try {
        const int width = image->width, height = image->height;
        double ratio = 1;
        if (std::min(width, height) < settings->side) ratio = double(settings->side) / std::min(width, height);
        if (std::max(width, height) * ratio > settings->max_side) ratio = double(settings->max_side) / std::max(width, height);
        const int mapWidth = std::max(kDetectorStride, int(std::lround(width * ratio / kDetectorStride)) * kDetectorStride);
        const int mapHeight = std::max(kDetectorStride, int(std::lround(height * ratio / kDetectorStride)) * kDetectorStride);
        cv::Mat resized;
        cv::resize(wrap(image), resized, cv::Size(mapWidth, mapHeight), 0, 0, cv::INTER_LINEAR);
        int shape[4] = {1, 3, mapHeight, mapWidth};
        cv::Mat blob(4, shape, CV_32F);
        fill(blob.ptr<float>(), resized, mapWidth, mapWidth, image);
        detector->net.setInput(blob);
        cv::Mat output = detector->net.forward();
        cv::Mat map(mapHeight, mapWidth, CV_32F, output.ptr<float>());

        cv::Mat text = map > settings->threshold;
        cv::dilate(text, text, cv::Mat::ones(2, 2, CV_8U));
        std::vector<std::vector<cv::Point>> contours;
        cv::findContours(text, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);

        std::vector<st_quad> found;
        const float sx = float(width) / mapWidth, sy = float(height) / mapHeight;
        for (size_t i = 0; i < contours.size() && i < kMaxRegions; i++) {
            cv::RotatedRect core = cv::minAreaRect(contours[i]);
            if (std::min(core.size.width, core.size.height) < kMinCoreSide) continue;
            cv::Point2f corners[4];
            ordered(core, corners);
            const float score = meanInside(map, corners);
            if (score < settings->box_threshold) continue;
            // The map marks a shrunk core of each text region: grow it back by the distance DB's
            // training shrank it by.
            const float area = core.size.width * core.size.height;
            const float perimeter = 2 * (core.size.width + core.size.height);
            const float distance = area * settings->unclip_ratio / perimeter;
            cv::RotatedRect grown(core.center, cv::Size2f(core.size.width + 2 * distance, core.size.height + 2 * distance), core.angle);
            if (std::min(grown.size.width, grown.size.height) < kMinGrownSide) continue;
            ordered(grown, corners);
            st_quad quad;
            for (int k = 0; k < 4; k++) {
                quad.x[k] = std::clamp(std::round(corners[k].x * sx), 0.0f, float(width));
                quad.y[k] = std::clamp(std::round(corners[k].y * sy), 0.0f, float(height));
            }
            quad.score = score;
            const float boxWidth = std::hypot(quad.x[1] - quad.x[0], quad.y[1] - quad.y[0]);
            const float boxHeight = std::hypot(quad.x[3] - quad.x[0], quad.y[3] - quad.y[0]);
            if (boxWidth <= kMinBoxSide || boxHeight <= kMinBoxSide) continue;
            found.push_back(quad);
        }
        std::sort(found.begin(), found.end(), [](const st_quad &a, const st_quad &b) {
            return a.y[0] != b.y[0] ? a.y[0] < b.y[0] : a.x[0] < b.x[0];
        });
        const int count = std::min(int(found.size()), capacity);
        std::copy(found.begin(), found.begin() + count, boxes);
        return count;
    } catch (const std::exception &e) {
        report(error, error_size, std::string("text detection failed: ") + e.what());
        return -1;
    }
}

st_recognizer *st_recognizer_open(const char *model_path, int input_width, char *error, size_t error_size) {
    cv::dnn::Net net = load(model_path, error, error_size);
    if (net.empty()) return nullptr;
    try {
        // One empty line through the network tells how many classes it puts out per step.
        int shape[4] = {1, 3, 48, input_width};
        cv::Mat blob(4, shape, CV_32F, cv::Scalar(0));
        net.setInput(blob);
        cv::Mat output = net.forward();
        if (output.dims != 3) {
            report(error, error_size, std::string("the recogniser in ") + model_path + " gives no sequence of classes");
            return nullptr;
        }
        return new st_recognizer{net, input_width, output.size[2]};
    } catch (const std::exception &e) {
        report(error, error_size, std::string("the recogniser in ") + model_path + " does not run: " + e.what());
        return nullptr;
    }
}

void st_recognizer_close(st_recognizer *recognizer) { delete recognizer; }

int st_recognizer_classes(st_recognizer *recognizer) { return recognizer->classes; }

int st_recognizer_read(st_recognizer *recognizer, const st_image *image, const st_quad *quad,
                       int32_t *best, float *best_probability, int32_t *second, float *second_probability,
                       int capacity, int *used_width, char *error, size_t error_size) {
    try {
        cv::Point2f corners[4];
        for (int k = 0; k < 4; k++) corners[k] = cv::Point2f(quad->x[k], quad->y[k]);
        const int cropWidth = std::max(1, int(std::max(cv::norm(corners[0] - corners[1]), cv::norm(corners[2] - corners[3]))));
        const int cropHeight = std::max(1, int(std::max(cv::norm(corners[0] - corners[3]), cv::norm(corners[1] - corners[2]))));
        const cv::Point2f target[4] = {{0, 0}, {float(cropWidth), 0}, {float(cropWidth), float(cropHeight)}, {0, float(cropHeight)}};
        cv::Mat crop;
        cv::warpPerspective(wrap(image), crop, cv::getPerspectiveTransform(corners, target), cv::Size(cropWidth, cropHeight),
                            cv::INTER_CUBIC, cv::BORDER_REPLICATE);
        // A box much taller than wide is a vertical line of letters: read it turned.
        if (crop.rows >= 1.5 * crop.cols) cv::rotate(crop, crop, cv::ROTATE_90_COUNTERCLOCKWISE);
        const int width = std::min(recognizer->width, int(std::ceil(48.0 * crop.cols / crop.rows)));
        cv::Mat resized;
        cv::resize(crop, resized, cv::Size(std::max(1, width), 48), 0, 0, cv::INTER_LINEAR);
        int shape[4] = {1, 3, 48, recognizer->width};
        cv::Mat blob(4, shape, CV_32F, cv::Scalar(0));
        fill(blob.ptr<float>(), resized, resized.cols, recognizer->width, image);
        recognizer->net.setInput(blob);
        cv::Mat output = recognizer->net.forward();
        const int steps = output.size[1], classes = output.size[2];
        const float *scores = output.ptr<float>();
        const int count = std::min(steps, capacity);
        for (int t = 0; t < count; t++) {
            const float *row = scores + size_t(t) * classes;
            int first = 0, runnerUp = -1;
            for (int c = 1; c < classes; c++) {
                if (row[c] > row[first]) {
                    runnerUp = first;
                    first = c;
                } else if (runnerUp < 0 || row[c] > row[runnerUp]) {
                    runnerUp = c;
                }
            }
            best[t] = first;
            best_probability[t] = row[first];
            second[t] = runnerUp;
            second_probability[t] = runnerUp >= 0 ? row[runnerUp] : 0;
        }
        *used_width = resized.cols;
        return count;
    } catch (const std::exception &e) {
        report(error, error_size, std::string("text recognition failed: ") + e.what());
        return -1;
    }
}

}  // extern "C"
