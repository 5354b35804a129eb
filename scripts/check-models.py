#!/usr/bin/python3
"""Compares the rewritten models on OpenCV's DNN (Debian's python3-opencv, 4.6) with the original
models on ONNX Runtime, on real photos and word crops, and times OpenCV with one thread (rewrite 7's
GELU computed here in Python, so far slower than the scene-text plugin's).

    check-models.py --ort-python VENV/bin/python [--models .build/models]
                    [--originals .build/model-cache/rapidocr-3.10.0]

VENV is any Python environment with onnxruntime and numpy (not needed by the build); this script
runs itself there to compute the references. Inputs are prepared as RapidOCR 3.10 prepares them
(BGR, (x/255 - 0.5)/0.5, channels first; word crops resized to height 48, right-padded with 0).
The recogniser is checked at both its widths (ppocr-rec.onnx at 320, ppocr-rec-160.onnx at 160,
against the original given the same 160-column input). Its output is compared over the classes rewrite 6 keeps, the original's renormalised
over them. Prints one line per input and exits non-zero when a difference is over the tolerance or NaN.
"""
import argparse
import glob
import math
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "datasets")
PHOTOS = ["svttrain_00_14_w01.jpg", "svttrain_04_04_w01.jpg", "svttrain_08_02_w00.jpg", "svttrain_12_19_w01.jpg"]
CROPS = ["1017_1.png", "1021_1.png", "1023_1.png", "1023_11.png"]
TOLERANCE = 2e-3


def reference(originals, inputs_path, outputs_path):
    """Runs under the ONNX Runtime environment: the original models on the saved inputs."""
    import onnxruntime as ort
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    sessions = {kind: ort.InferenceSession(os.path.join(originals, f"PP-OCRv6_{kind}_small.onnx"), opts,
                                           providers=["CPUExecutionProvider"]) for kind in ("det", "rec")}
    inputs = np.load(inputs_path)
    outputs = {}
    for key in inputs.files:
        # the narrow recogniser's inputs go to the same original, which takes any width
        session = sessions[key.split(":")[0].replace("rec160", "rec")]
        outputs[key] = session.run(None, {session.get_inputs()[0].name: inputs[key]})[0]
    # the original's alphabet, to compare the rewritten recogniser's classes with the same ones
    outputs["keys"] = np.array(sessions["rec"].get_modelmeta().custom_metadata_map["character"].split("\n"))
    np.savez(outputs_path, **outputs)


def det_input(img, width, height):
    import cv2
    img = cv2.resize(img, (width, height))
    x = (img.astype(np.float32) / 255.0 - 0.5) / 0.5
    return x.transpose(2, 0, 1)[np.newaxis].astype(np.float32)


def rapidocr_det_size(h, w, limit_side_len=736):
    # DetPreProcess.resize with limit_type "min"
    ratio = limit_side_len / min(h, w) if min(h, w) < limit_side_len else 1.0
    return int(round(int(w * ratio) / 32) * 32), int(round(int(h * ratio) / 32) * 32)


def rec_input(img, height=48, width=320):
    import cv2
    h, w = img.shape[:2]
    resized_w = min(width, int(math.ceil(height * w / h)))
    x = cv2.resize(img, (resized_w, height)).astype(np.float32).transpose(2, 0, 1) / 255
    x = (x - 0.5) / 0.5
    out = np.zeros((3, height, width), np.float32)
    out[:, :, :resized_w] = x
    return out[np.newaxis]


def compare(a, b):
    bad = ~(np.isfinite(a) & np.isfinite(b))
    diff = np.abs(np.where(bad, 0, a) - np.where(bad, 0, b))
    return float(diff.max()), int(bad.sum())


class Gelu:
    """GELU, y = x * (erf(x / sqrt(2)) + 1) / 2, as a layer of OpenCV's DNN (rewrite 7's com.wordbook.Gelu)."""
    erf = np.vectorize(math.erf, otypes=[np.float64])

    def __init__(self, params, blobs):
        pass

    def getMemoryShapes(self, inputs):
        return [inputs[0]]

    def forward(self, inputs):
        x = inputs[0].astype(np.float64)
        return [(x * (self.erf(x / math.sqrt(2)) + 1) * 0.5).astype(np.float32)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ort-python", required=True)
    parser.add_argument("--models", default=os.path.join(ROOT, ".build", "models"))
    parser.add_argument("--originals", default=os.path.join(ROOT, ".build", "model-cache", "rapidocr-3.10.0"))
    parser.add_argument("--reference", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.reference:
        return reference(args.originals, *args.reference)

    import cv2
    cv2.setNumThreads(1)
    inputs = {}
    for name in PHOTOS:
        img = cv2.imread(os.path.join(DATA, "realscenes-dev", "en", name))
        h, w = img.shape[:2]
        sizes = {(round(w / 32) * 32, round(h / 32) * 32), (640, 640), rapidocr_det_size(h, w)}
        for (sw, sh) in sorted(sizes):
            inputs[f"det:{name}:{sw}x{sh}"] = det_input(img, sw, sh)
    for name in CROPS:
        img = cv2.imread(os.path.join(DATA, "iiit5k-train", name))
        inputs[f"rec:{name}"] = rec_input(img)
        inputs[f"rec160:{name}"] = rec_input(img, width=160)

    with tempfile.TemporaryDirectory() as tmp:
        np.savez(os.path.join(tmp, "in.npz"), **inputs)
        subprocess.run([args.ort_python, os.path.abspath(__file__), "--ort-python", args.ort_python,
                        "--originals", args.originals, "--reference",
                        os.path.join(tmp, "in.npz"), os.path.join(tmp, "out.npz")], check=True)
        expected = dict(np.load(os.path.join(tmp, "out.npz")))
    original_keys = list(expected.pop("keys"))

    # rewrite 7's op, which the scene-text plugin computes in C++: here with the exact erf, in NumPy
    cv2.dnn_registerLayer("com.wordbook.Gelu", Gelu)
    nets = {kind: cv2.dnn.readNetFromONNX(os.path.join(args.models, f"ppocr-{kind}.onnx")) for kind in ("det", "rec", "rec-160")}
    nets["rec160"] = nets.pop("rec-160")
    keys = open(os.path.join(args.models, "ppocr-rec-keys.txt"), encoding="utf-8").read().split("\n")[:-1]
    classes = ["<blank>"] + keys + [" "]
    # rewrite 6 keeps some of the original's classes: its softmax is the original's over those, renormalised
    index = {key: i + 1 for i, key in enumerate(original_keys)}
    kept = [0] + [index[key] for key in keys] + [len(original_keys) + 1]
    failed = False
    for key, x in inputs.items():
        kind = key.split(":")[0]
        nets[kind].setInput(x)
        got = nets[kind].forward()
        want = expected[key]
        if kind.startswith("rec"):
            want = want[:, :, kept] / want[:, :, kept].sum(axis=2, keepdims=True)
        if got.shape != want.shape:
            print(f"{key}: shape {got.shape} against {want.shape}")
            failed = True
            continue
        worst, nonfinite = compare(got, want)
        line = f"{key}: max |difference| {worst:.2e}, non-finite {nonfinite}"
        if kind == "det":
            line += f", pixels on the other side of 0.3: {int(((got > 0.3) != (want > 0.3)).sum())} of {got[0, 0].size}"
        else:
            a, b = got.argmax(axis=2)[0], want.argmax(axis=2)[0]
            text = "".join(classes[i] for j, i in enumerate(b) if i != 0 and (j == 0 or b[j - 1] != i))
            line += f", argmax agrees at {int((a == b).sum())} of {a.size} steps, reads {text!r}"
            failed |= bool((a != b).any())
        failed |= worst > TOLERANCE or nonfinite > 0
        print(line)

    for kind, shape in [("det", (1, 3, 480, 640)), ("det", (1, 3, 640, 640)), ("det", (1, 3, 736, 992)),
                        ("rec", (1, 3, 48, 320)), ("rec160", (1, 3, 48, 160))]:
        x = np.random.default_rng(0).uniform(-1, 1, shape).astype(np.float32)
        nets[kind].setInput(x)
        nets[kind].forward()
        times = []
        for _ in range(10 if kind == "det" else 30):
            start = time.perf_counter()
            nets[kind].setInput(x)
            nets[kind].forward()
            times.append(time.perf_counter() - start)
        print(f"time {kind} {shape[3]}x{shape[2]}, 1 thread: median {np.median(times) * 1000:.1f} ms, "
              f"min {min(times) * 1000:.1f} ms")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
