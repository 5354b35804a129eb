#!/usr/bin/env python3
"""A copy of a per-language photo set as another camera gives it: every photo resized to WIDTH px wide
(Lanczos; 0 keeps the size), blurred by a Gaussian of RADIUS px, turned by TILT degrees about its
centre (where the aimed word is), and saved as JPEG quality QUALITY, with the set's labels.tsv. For
`bench/accuracy.py`, which reads it like the original. A head-worn camera or a messaging app gives
small soft photos (the defaults); a phone held at a slant gives turned lines (`--width 0 --blur 0
--tilt 8`: each photo turned 8 degrees one way or the other, by a hash of its name).

Usage: python3 bench/shrink-set.py SOURCE TARGET [--width 320] [--blur 0.7] [--tilt 0] [--quality 85]
  e.g. python3 bench/shrink-set.py ../shared/datasets/realscenes-dev /tmp/realscenes-320
       python3 bench/accuracy.py /tmp/realscenes-320
Pillow (Debian's python3-pil).
"""
import argparse, hashlib, os
from PIL import Image, ImageFilter, ImageOps


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source")
    parser.add_argument("target")
    parser.add_argument("--width", type=int, default=320)
    parser.add_argument("--blur", type=float, default=0.7)
    parser.add_argument("--tilt", type=float, default=0.0)
    parser.add_argument("--quality", type=int, default=85)
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
            if args.width:
                height = round(image.height * args.width / image.width)
                image = image.resize((args.width, height), Image.LANCZOS)
            if args.blur:
                image = image.filter(ImageFilter.GaussianBlur(args.blur))
            if args.tilt:
                sign = 1 if hashlib.sha256(name.encode()).digest()[0] % 2 else -1
                image = image.rotate(sign * args.tilt, resample=Image.BICUBIC, fillcolor=(128, 128, 128))
            image.save(os.path.join(out, name), quality=args.quality)
            count += 1
        with open(os.path.join(out, "labels.tsv"), "w", encoding="utf-8") as f:
            f.write("\n".join(rows) + "\n")
    print(f"{count} photos into {args.target}")


if __name__ == "__main__":
    main()
