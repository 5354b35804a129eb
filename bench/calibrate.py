#!/usr/bin/env python3
"""The confidence rule's weights: a logistic regression of "the proposal is right" on its evidence.

Usage: python3 bench/calibrate.py SAVED.tsv... [--swift] [--all]

Each SAVED.tsv is what `bench/accuracy.py --save` writes: one line per image, the proposal, whether it
was right, and the evidence the pipeline gave for it (Sources/WordBookPipeline/Recognition/Evidence.swift).
The images of every set are split in two halves by a hash of the file's name (stable from run to run).
The weights are fitted on half 0 of every set pooled, each set weighing the same, and the reliability
table that follows is measured on half 1 only, per set and pooled: how many proposals fall in each
confidence bin and how many of them are right. `--fit-half 1` fits on the other half and checks on
half 0; `--all` also prints the table on the half fitted.
Last, the same table for the weights the pipeline runs (ConfidenceRule.swift), on the same half and
on every image.
`--swift` prints the fitted weights as the Swift literal of `ConfidenceRule.weights`.

The features are the evidence as the rule in ConfidenceRule.swift reads it; keep the two in step.
Standard library only.
"""
import argparse, csv, hashlib, math, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from accuracy import reliability as table  # the confidence bins, as accuracy.py prints them

FEATURES = [
    "bias", "bothReaders", "recogniserOnly", "tesseractOnly", "tesseractAlone",
    "inDictionary", "notInDictionary", "inPhoto", "runningText", "reading", "attempts", "shape",
    "textHeight", "shortWord", "aimOffset",
]
# Weight decay on every weight but the bias: keeps a feature that one half of a small set happens to
# separate perfectly from growing without bound.
DECAY = 1.0


def features(e):
    """The rule's inputs, from one saved line's evidence columns (as ConfidenceRule.features does)."""
    recogniser, tesseract, dictionary = e["recogniser"], e["tesseract"], e["dictionary"]
    return [
        1.0,
        float(recogniser == "1" and tesseract == "1"),
        float(recogniser == "1" and tesseract == "0"),
        float(recogniser == "0" and tesseract == "1"),
        float(recogniser == "" and tesseract == "1"),
        float(dictionary == "1"),
        float(dictionary == "0"),
        float(e["route"] != "crop"),
        float(e["route"] == "page"),
        float(e["reading"]) / 100,
        float(e["attempts"]),
        math.log(max(float(e["shape"]), 0.05)),
        math.log(min(max(float(e["height"]), 8), 64) / 64),
        float(int(e["letters"]) <= 2),
        math.log1p(min(max(float(e["offset"]), 0), 8)),
    ]


def half(name):
    """0 or 1 by the file's path inside its set: a photo and its shrunk copy in another set share a half."""
    return hashlib.sha256(name.split("/", 1)[-1].encode()).digest()[0] % 2


def fit(rows):
    """Newton's method (iteratively reweighted least squares) with weight decay; `rows` are
    (features, right, weight)."""
    n = len(FEATURES)
    w = [0.0] * n
    for _ in range(50):
        gradient = [0.0] * n
        hessian = [[0.0] * n for _ in range(n)]
        for x, y, weight in rows:
            p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(w, x))))
            for i in range(n):
                gradient[i] += weight * (y - p) * x[i]
                for j in range(n):
                    hessian[i][j] += weight * p * (1 - p) * x[i] * x[j]
        for i in range(1, n):
            gradient[i] -= DECAY * w[i]
            hessian[i][i] += DECAY
        step = solve(hessian, gradient)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def solve(a, b):
    """a x = b by Gaussian elimination with partial pivoting (a small, positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c and m[c][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def shipped_weights():
    """The weights in ConfidenceRule.swift, the rule the pipeline runs."""
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "Sources/WordBookPipeline/Recognition/ConfidenceRule.swift")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    literal = re.search(r"static let weights: \[Double\] = \[([^\]]*)\]", text)
    return [float(v) for v in literal.group(1).replace("\n", " ").split(",") if v.strip()] if literal else None


def confidence(w, x):
    return round(100 / (1 + math.exp(-sum(a * b for a, b in zip(w, x)))))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("saved", nargs="+", help="files written by bench/accuracy.py --save")
    parser.add_argument("--swift", action="store_true", help="print the weights as Swift")
    parser.add_argument("--fit-half", type=int, choices=[0, 1], default=0, help="the half to fit on (default 0; 1 checks the rule the other way round)")
    parser.add_argument("--verbose", action="store_true", help="list the wrong proposals at 90 or more")
    parser.add_argument("--all", action="store_true", help="also print the table on the fitted half")
    args = parser.parse_args()
    sets = {}
    for path in args.saved:
        with open(path, encoding="utf-8") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                if not row.get("route"):
                    continue  # nothing was found: no evidence, confidence 0
                name = row["file"].split("/")[0]
                sets.setdefault(name, []).append((row["file"], features(row), int(row["right"])))
    if not sets:
        sys.exit("no evidence in the files given: save them with a build that writes it")
    # Every set weighs the same in the fit, whatever its size: the rule must hold on each kind of photo,
    # not on the largest set's kind alone.
    fitted = []
    for rows in sets.values():
        chosen = [(x, y) for name, x, y in rows if half(name) == args.fit_half]
        fitted += [(x, y, 100 / len(chosen)) for x, y in chosen]
    w = fit(fitted)
    print(f"fitted on {len(fitted)} proposals (half {args.fit_half} of {', '.join(sorted(sets))})")
    for name, value in zip(FEATURES, w):
        print(f"  {name:<16} {value:+.3f}")
    held_out = 1 - args.fit_half
    for which, label in [(held_out, "held-out half")] + ([(args.fit_half, "fitted half")] if args.all else []):
        print(f"\n{label}:")
        pooled = []
        for set_name in sorted(sets):
            pairs = [(confidence(w, x), y) for name, x, y in sets[set_name] if half(name) == which]
            pooled += pairs
            table(set_name, pairs)
        table("all sets pooled", pooled)
        if args.verbose:
            for set_name in sorted(sets):
                for name, x, y in sets[set_name]:
                    if half(name) == which and confidence(w, x) >= 90 and not y:
                        print(f"    wrong at {confidence(w, x)}: {name} {dict(zip(FEATURES, x))}")
    shipped = shipped_weights()
    if shipped and len(shipped) == len(FEATURES):
        for which, label in [(held_out, f"on half {held_out}"), (None, "on every image")]:
            print(f"\nthe rule as shipped (ConfidenceRule.swift), {label}:")
            pooled = []
            for set_name in sorted(sets):
                pairs = [(confidence(shipped, x), y) for name, x, y in sets[set_name] if which is None or half(name) == which]
                pooled += pairs
                table(set_name, pairs)
            table("all sets pooled", pooled)
    else:
        print("\nConfidenceRule.swift's weights do not match the features above: keep the two in step")
    if args.swift:
        print("\nConfidenceRule.weights:\n        " + ", ".join(f"{v:.3f}" for v in w) + ",")


if __name__ == "__main__":
    main()
