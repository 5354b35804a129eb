#!/usr/bin/env python3
"""Writes Tests/Fixtures/scene-text-reference.json (a generated file: do not edit it by hand).

The reference outputs that SceneTextTests compares the project's text detector and recogniser
(the rewritten models on OpenCV 4.6, Sources/CSceneText) with: the ORIGINAL PP-OCRv6 small models
from the rapidocr 3.10.0 wheel, run by ONNX Runtime, with RapidOCR's own pre- and post-processing
configured as the project's TextDetector and TextLineReader are:

- detector: longer side brought down to 512 (limit_type "max", no upscaling), each side rounded to
  a multiple of 32; thresh 0.3, box_thresh 0.5, unclip_ratio 1.6, 2x2 dilation, "fast" score;
- recogniser: RapidOCR's perspective crop (get_rotate_crop_image), resized to 48 px high and
  min(320, ceil(48 w / h)) wide, right-padded with zeros to 320 (one crop per batch, so a long
  crop is squeezed into 320 as the project does, not widened as RapidOCR's batching would);
  CTC decoding by RapidOCR's CTCLabelDecode with the model's own alphabet.

For each input: the quads found (corners top-left, top-right, bottom-right, bottom-left, and the
detector's score), and for the 3 quads nearest the picture's centre the text read, RapidOCR's mean
character probability, and the words split at spaces with their own mean probability (what the
project's TextLineReader reports per word).

The inputs are JPEGs with EXIF orientation 1 (or none) whose long edge is at most 1600 px, so the
project's PhotoDecoder (libjpeg-turbo, DCT scale 1/1, then fitting(longEdge: 1600)) hands the test
the JPEG's pixels unchanged. They are decoded here by Pillow (the venv's libjpeg-turbo gave the same
pixels as Debian's on these files; another build may differ by 1 per channel). The crop and resizes
are made by the venv's OpenCV (opencv-python 5.0), which differs from Debian's 4.6 by up to 2 levels
on a few per cent of a crop's pixels: a letter the recogniser hesitates on moves by about 0.01 in
probability. The test allows 3 px per corner and 0.02 per word for such differences.

Run again (from the repository root) after a deliberate change to the inputs or the settings:

    bash bench/anchor.sh --setup            # only if .build/anchor-env is missing
    .build/anchor-env/bin/python scripts/scene-text-reference.py
"""
import json
import math
import os
import re
import sys

import numpy as np
import onnxruntime as ort
import rapidocr
from PIL import Image
from rapidocr.ch_ppocr_det.main import TextDetector
from rapidocr.ch_ppocr_det.utils import DBPostProcess, DetPreProcess
from rapidocr.ch_ppocr_rec.main import TextRecognizer
from rapidocr.ch_ppocr_rec.utils import CTCLabelDecode
from rapidocr.utils.process_img import get_rotate_crop_image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Tests", "Fixtures", "scene-text-reference.json")
# Paths relative to the repository root.
INPUTS = [
    "TestImages/cafe.jpg",
    "../shared/datasets/realscenes-dev/en/svttrain_00_00_w01.jpg",
    "../shared/datasets/realscenes-dev/en/svttrain_04_15_w01.jpg",
]
READ_NEAREST = 3
MAX_SIDE = 512
REC_SHAPE = [3, 48, 320]


class _RecShape:
    """Stands in for a TextRecognizer: resize_norm_img reads only rec_image_shape."""
    rec_image_shape = REC_SHAPE


def session(name):
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    path = os.path.join(os.path.dirname(rapidocr.__file__), "models", name)
    return ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])


def load(path):
    """The picture as the project sees it, in BGR (as RapidOCR's loader gives it)."""
    image = Image.open(path)
    orientation = image.getexif().get(0x0112, 1)
    if orientation != 1 or max(image.size) > 1600:
        sys.exit(f"{path}: orientation {orientation}, size {image.size}: the test would see other pixels")
    rgb = np.asarray(image.convert("RGB"))
    return np.ascontiguousarray(rgb[:, :, ::-1])


def detect(det, img):
    pre = DetPreProcess(limit_side_len=MAX_SIDE, limit_type="max", mean=[0.5] * 3, std=[0.5] * 3)
    post = DBPostProcess(thresh=0.3, box_thresh=0.5, max_candidates=1000, unclip_ratio=1.6,
                         score_mode="fast", use_dilation=True)
    x = pre(img)
    preds = det.run(None, {det.get_inputs()[0].name: x})[0]
    boxes, scores = post(preds, img.shape[:2])
    if len(boxes) == 0:
        return [], x.shape
    # Sort as RapidOCR does, keeping each box's score with it.
    order = {tuple(np.asarray(b).ravel()): s for b, s in zip(boxes, scores)}
    boxes = TextDetector.sorted_boxes(boxes)
    return [(b.astype(np.float32), float(order[tuple(np.asarray(b).ravel())])) for b in boxes], x.shape


def read(rec, decoder, img, box):
    crop = get_rotate_crop_image(img, box.astype(np.float32))
    # max_wh_ratio 320/48: width min(320, ceil(48 w / h)), padded to 320.
    x = TextRecognizer.resize_norm_img(_RecShape(), crop, REC_SHAPE[2] / REC_SHAPE[1])[np.newaxis]
    assert x.shape[3] == REC_SHAPE[2]
    preds = rec.run(None, {rec.get_inputs()[0].name: x.astype(np.float32)})[0]
    (text, probability), = decoder(preds)[0]
    # The words as the project's TextLineReader splits them: at spaces, each with its characters' mean.
    index, best = preds[0].argmax(axis=1), preds[0].max(axis=1)
    words, current = [], []
    for t in range(len(index)):
        if index[t] == 0 or (t > 0 and index[t] == index[t - 1]):
            continue
        symbol = decoder.character[index[t]]
        if symbol == " ":
            words.append(current)
            current = []
        else:
            current.append((symbol, float(best[t])))
    words.append(current)
    words = [{"text": "".join(s for s, _ in w), "probability": round(sum(p for _, p in w) / len(w), 5)}
             for w in words if w]
    return text, float(probability), words


def main():
    det = session("PP-OCRv6_det_small.onnx")
    rec = session("PP-OCRv6_rec_small.onnx")
    characters = rec.get_modelmeta().custom_metadata_map["character"].splitlines()
    decoder = CTCLabelDecode(character=characters)
    entries = []
    for relative in INPUTS:
        img = load(os.path.join(ROOT, relative))
        height, width = img.shape[:2]
        found, shape = detect(det, img)
        quads = [{"corners": [[float(x), float(y)] for x, y in box], "score": round(score, 5)} for box, score in found]
        cx, cy = width / 2, height / 2
        nearest = sorted(range(len(found)),
                         key=lambda i: math.hypot(found[i][0][:, 0].mean() - cx, found[i][0][:, 1].mean() - cy))
        readings = []
        for i in nearest[:READ_NEAREST]:
            text, probability, words = read(rec, decoder, img, found[i][0])
            readings.append({"quad": i, "text": text, "probability": probability, "words": words})
        entries.append({"file": relative, "width": width, "height": height,
                        "detectorInput": [int(shape[3]), int(shape[2])], "quads": quads, "readings": readings})
        print(f"{relative}: {width}x{height}, detector {shape[3]}x{shape[2]}, {len(quads)} quads, "
              + ", ".join(f"{r['text']!r} {r['probability']:.3f}" for r in readings))
    document = {
        "generatedBy": "scripts/scene-text-reference.py",
        "models": "rapidocr 3.10.0 PP-OCRv6_det_small.onnx, PP-OCRv6_rec_small.onnx on onnxruntime " + ort.__version__,
        "settings": {"maxSide": MAX_SIDE, "thresh": 0.3, "boxThresh": 0.5, "unclipRatio": 1.6,
                     "dilation": True, "scoreMode": "fast", "recInput": REC_SHAPE},
        "inputs": entries,
    }
    text = json.dumps(document, ensure_ascii=False, indent=1)
    # One quad, corner list or word a line.
    text = re.sub(r"\[\s*([-0-9.]+),\s*([-0-9.]+)\s*\]", r"[\1, \2]", text)
    text = re.sub(r"\[\s*(\[[-0-9., ]+\](?:,\s*\[[-0-9., ]+\])*)\s*\]",
                  lambda m: "[" + re.sub(r"\],\s*\[", "], [", m.group(1)) + "]", text)
    text = re.sub(r"\{\s*(\"(?:corners|text)\": [^{}]*?)\s*\}", lambda m: "{" + re.sub(r",\s*\"", ', "', m.group(1)) + "}", text)
    text = re.sub(r"\[\s*(\d+),\s*(\d+),\s*(\d+)\s*\]", r"[\1, \2, \3]", text)
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main()
