#!/usr/bin/env python3
"""A small, soft copy of a per-language photo set, as a head-worn camera or a messaging app gives it:
every photo resized to WIDTH px wide (Lanczos), blurred by a Gaussian of RADIUS px and saved as JPEG
quality 85, with the set's labels.tsv. For `bench/accuracy.py`, which reads it like the original.

Usage: python3 bench/shrink-set.py SOURCE TARGET [--width 320] [--blur 0.7]
  e.g. python3 bench/shrink-set.py ../shared/datasets/realscenes-dev /tmp/realscenes-320
       python3 bench/accuracy.py /tmp/realscenes-320
Pillow (Debian's python3-pil).
"""
import argparse, os
from PIL import Image, ImageFilter, ImageOps


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source")
    parser.add_argument("target")
    parser.add_argument("--width", type=int, default=320)
    parser.add_argument("--blur", type=float, default=0.7)
    args = parser.parse_args()
    count = 0
    for language in sorted(os.listdir(args.source)):
        folder = os.path.join(args.source, language)
        labels = os.path.join(folder, "labels.tsv")
        if not os.path.exists(labels):
            continue
        out = os.path.join(args.target, language)
        os.makedirs(out, exist_ok=True)
        rows = [line for line in open(labels, encoding="utf-8").read().splitlines() if line.strip()]
        for row in rows:
            name = row.split("\t")[0]
            if name == "file":
                continue
            image = ImageOps.exif_transpose(Image.open(os.path.join(folder, name))).convert("RGB")
            height = round(image.height * args.width / image.width)
            image = image.resize((args.width, height), Image.LANCZOS).filter(ImageFilter.GaussianBlur(args.blur))
            image.save(os.path.join(out, name), quality=85)
            count += 1
        with open(os.path.join(out, "labels.tsv"), "w", encoding="utf-8") as f:
            f.write("\n".join(rows) + "\n")
    print(f"{count} photos into {args.target}")


if __name__ == "__main__":
    main()
