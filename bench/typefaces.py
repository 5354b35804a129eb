#!/usr/bin/python3
"""Sign-like photos set in typefaces that WordBook's own test images never use.

What the set is for: the project's test images (scripts/make-test-images.py) are drawn only in
DejaVu, Liberation and Nimbus Sans Narrow, so a reader tuned on them may do well on those faces alone.
This set asks how well WordBook reads the word a learner aims at on a sign set in other typefaces,
all from Debian's fonts-urw-base35 (and two monospaced faces):

    kind         typeface (styles cycled)
    urwgothic    URW Gothic Book, Demi (a geometric sans, like ITC Avant Garde Gothic)
    century      C059 Roman, Bold (like New Century Schoolbook)
    palatino     P052 Roman, Bold (like Palatino)
    bookman      URW Bookman Light, Demi
    nimbusroman  Nimbus Roman Regular, Bold (like Times)
    nimbussans   Nimbus Sans Regular, Bold (like Helvetica)
    mono         Nimbus Mono PS Regular, Bold, DejaVu Sans Mono Bold, Liberation Mono Regular
    chancery     Z003 Medium Italic (a script face, like ITC Zapf Chancery)

(kind names are letters only: bench/accuracy.py reads the third column as a kind only when it is.)

How it is made: for each language (en, de, fr, es) words are sampled with a fixed seed from Debian's
hunspell dictionaries (/usr/share/hunspell/LL_CC.dic, the `/FLAGS` part stripped, the encoding from
the .aff's SET line): entries of 4-12 letters, letters only (Latin script, accents allowed), a fifth
of the aimed words capitalised entries (names; German nouns), the rest lowercase entries. A sign
writes them the way signs do: ALL CAPS, Capitalised or lowercase (names never lowercase; the script
face never ALL CAPS), and the label is the word exactly as drawn (German ß in capitals is SS). Each
photo, 1280 x 960 (about one in seven 960 x 1280), shows a sign panel (solid or slightly shaded,
dark-on-light or light-on-dark) with a line of 1-3 words, sometimes a second, smaller line above or
below (the aimed word's neighbours are entries of 4-8 letters, no word twice on a sign), in front of
a photo-like background (blurred texture or gradient, from scripts/make-test-images.py). The aimed
word's ink centre is placed within 1.5 % of the frame's centre on each axis (and checked within 2 %
after the perspective); its x-height is 2.7-5.8 % of the image height; every word lies at least 3 %
inside the frame. The camera (after make-test-images.py's): rotation within +-6 degrees, mild
perspective, uneven light and vignette, a colour cast, Gaussian blur 0.8-1.5 px, luminance and
chroma noise, JPEG quality 80-92. Everything comes from random.Random(seed) per image (and per
language for the words), so the output is the same on every run with the same Pillow, libjpeg,
FreeType and Debian files.

Usage (Debian's Python, python3-pil):

    /usr/bin/python3 bench/typefaces.py OUT_FOLDER [--per-language N]     # N defaults to 60

writes OUT_FOLDER/{en,de,fr,es}/*.jpg and labels.tsv (`file<TAB>word<TAB>kind`, no header), and prints a
line per photo (label, font file, x-height, rotation, JPEG quality, the sign's lines). Score it:

    /usr/bin/python3 bench/accuracy.py OUT_FOLDER --save /tmp/typefaces-answers.tsv
"""
import argparse
import importlib
import math
import os
import random
import sys
import zlib

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
mti = importlib.import_module("make-test-images")  # backgrounds, panels, perspective and noise helpers

URW = "/usr/share/fonts/opentype/urw-base35/"
TYPEFACES = [  # (kind, font files), from `fc-list`; images cycle through the kinds, then the styles
    ("urwgothic", [URW + "URWGothic-Book.otf", URW + "URWGothic-Demi.otf"]),
    ("century", [URW + "C059-Roman.otf", URW + "C059-Bold.otf"]),
    ("palatino", [URW + "P052-Roman.otf", URW + "P052-Bold.otf"]),
    ("bookman", [URW + "URWBookman-Light.otf", URW + "URWBookman-Demi.otf"]),
    ("nimbusroman", [URW + "NimbusRoman-Regular.otf", URW + "NimbusRoman-Bold.otf"]),
    ("nimbussans", [URW + "NimbusSans-Regular.otf", URW + "NimbusSans-Bold.otf"]),
    ("mono", [URW + "NimbusMonoPS-Regular.otf", URW + "NimbusMonoPS-Bold.otf",
              "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
              "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf"]),
    ("chancery", [URW + "Z003-MediumItalic.otf"]),
]
LANGUAGES = [("en", "en_US"), ("de", "de_DE"), ("fr", "fr_FR"), ("es", "es_ES")]
LETTERS = set("abcdefghijklmnopqrstuvwxyzàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿœß")

# (panel, ink): dark on light, then light on dark.
DARK_ON_LIGHT = [((244, 244, 238), (20, 24, 30)), ((250, 246, 230), (120, 20, 24)), ((246, 208, 40), (20, 20, 20)),
                 ((236, 240, 244), (16, 50, 120)), ((242, 236, 220), (40, 70, 40)), ((214, 222, 228), (20, 30, 50))]
LIGHT_ON_DARK = [((18, 100, 58), (245, 245, 240)), ((22, 56, 130), (246, 246, 246)), ((30, 30, 34), (240, 240, 235)),
                 ((150, 28, 32), (250, 244, 236)), ((80, 50, 34), (240, 228, 200)), ((40, 60, 70), (250, 220, 80))]
BACKGROUNDS = [((150, 140, 130), (120, 110, 100)), ((140, 72, 52), (108, 56, 42)), ((212, 202, 182), (186, 176, 156)),
               ((52, 54, 60), (34, 36, 40)), ((72, 96, 62), (50, 70, 46)), ((200, 210, 222), (168, 184, 200)),
               ((226, 226, 220), (200, 200, 196))]
MARGIN = 0.03  # every word's ink lies this far inside the frame
# hunspell's lists hold every word of the language, vulgar ones too, which no sign of the set should show:
# an entry holding one of these is left out.
VULGAR = ("fuck", "shit", "cunt", "cock", "dick", "porn", "sex", "onan", "nigg", "fick", "scheiß", "scheiss",
          "arsch", "fotze", "nutte", "merde", "putain", "pute", "salop", "connard", "couill", "bite", "puta", "mierda",
          "coño", "polla", "cabr", "joder", "culo")


def dictionary(code):
    """(names, common): sorted capitalised and lowercase entries of 4-12 Latin letters."""
    base = "/usr/share/hunspell/" + code
    encoding = "utf-8"
    with open(base + ".aff", "rb") as f:
        for line in f:
            if line.startswith(b"SET "):
                encoding = {"ISO8859-1": "iso-8859-1", "ISO8859-15": "iso-8859-15"}.get(line.split()[1].decode(), "utf-8")
                break
    words = set()
    with open(base + ".dic", encoding=encoding, errors="replace") as f:
        next(f)  # the count
        for line in f:
            if not line.strip() or line[0].isspace():  # de_DE's indented comment lines
                continue
            word = line.split()[0].split("/")[0]
            if 4 <= len(word) <= 12 and all(c in LETTERS for c in word.lower()) and not any(v in word.lower() for v in VULGAR):
                words.add(word)
    names = sorted(w for w in words if w[0].isupper() and w[1:].islower())
    common = sorted(w for w in words if w.islower())
    return names, common


def covered(text, paths):
    """Whether every font has a glyph for every character of text (not the .notdef box)."""
    for path in paths:
        font = ImageFont.truetype(path, 40)
        missing = bytes(font.getmask("\u4e00"))
        if any(bytes(font.getmask(c)) == missing for c in set(text)):
            return False
    return True


def styled(word, style):
    if style == "upper":
        return word.upper()
    if style == "title":
        return word[0].upper() + word[1:]
    return word  # lowercase style: common words as they are, names keep their capital


def apply(coeffs, x, y):
    a, b, c, d, e, f, g, h = coeffs
    den = g * x + h * y + 1
    return (a * x + b * y + c) / den, (d * x + e * y + f) / den


def layout(words1, aim, font1, words2, font2, above, target):
    """[(text, font, x, baseline, ink box)] in canvas pixels: line 1 with words1[aim]'s ink centre at target,
    line 2 (maybe empty) centred over or under it."""
    def line(words, font):
        space = font.getlength(" ")
        placed, x = [], 0.0
        for w in words:
            box = font.getbbox(w, anchor="ls")
            placed.append([w, font, x, 0.0, (x + box[0], box[1], x + box[2], box[3])])
            x += font.getlength(w) + space
        return placed

    def shift(placed, dx, dy):
        return [[w, f, x + dx, b + dy, (bx0 + dx, by0 + dy, bx1 + dx, by1 + dy)] for w, f, x, b, (bx0, by0, bx1, by1) in placed]

    first = line(words1, font1)
    bx0, by0, bx1, by1 = first[aim][4]
    first = shift(first, target[0] - (bx0 + bx1) / 2, target[1] - (by0 + by1) / 2)
    if not words2:
        return first
    second = line(words2, font2)
    cap = -font1.getbbox("H", anchor="ls")[1]
    left1, right1 = min(p[4][0] for p in first), max(p[4][2] for p in first)
    top1, bottom1 = min(p[4][1] for p in first), max(p[4][3] for p in first)
    left2, right2 = min(p[4][0] for p in second), max(p[4][2] for p in second)
    top2, bottom2 = min(p[4][1] for p in second), max(p[4][3] for p in second)
    dx = (left1 + right1) / 2 - (left2 + right2) / 2
    dy = top1 - 0.5 * cap - bottom2 if above else bottom1 + 0.5 * cap - top2
    return first + shift(second, dx, dy)


def scene(language_index, index, kind, path, aimed, style, pick, rng):
    """The photo (RGB) and the label."""
    W, H = (960, 1280) if rng.random() < 0.15 else (1280, 960)
    CW, CH = int(round(W * 1.18)), int(round(H * 1.18))
    cx, cy = CW / 2.0, CH / 2.0
    bg = rng.choice(BACKGROUNDS)
    bg = tuple(tuple(max(0, min(255, v + rng.randint(-12, 12))) for v in c) for c in bg)
    canvas = mti.make_background(rng, {"bg": rng.choice(["texture", "texture", "gradient"]), "bg_colors": bg}, (CW, CH))

    # The view: rotation within +-6 degrees and corners jittered (mild perspective).
    angle = math.radians(rng.uniform(-6.0, 6.0))
    jit = rng.uniform(0.01, 0.03)
    out_pts = [(0, 0), (W, 0), (W, H), (0, H)]
    in_pts = []
    for px, py in out_pts:
        dx, dy = px - W / 2.0, py - H / 2.0
        qx, qy = cx + math.cos(angle) * dx - math.sin(angle) * dy, cy + math.sin(angle) * dx + math.cos(angle) * dy
        in_pts.append((qx + rng.uniform(-jit, jit) * W, qy + rng.uniform(-jit, jit) * H))
    to_canvas = mti.perspective_coeffs(out_pts, in_pts)
    to_photo = mti.perspective_coeffs(in_pts, out_pts)
    aim_out = (W / 2 + rng.uniform(-0.015, 0.015) * W, H / 2 + rng.uniform(-0.015, 0.015) * H)
    target = apply(to_canvas, *aim_out)

    # The sign's words: the aimed one among 0-2 others, maybe a smaller second line.
    label = styled(aimed, style)
    count = rng.choice([1, 2, 2, 3, 3])
    aim = rng.randrange(count)
    words1 = [styled(pick(8), style) for _ in range(count)]  # the aimed word's neighbours: 4-8 letters
    words1[aim] = label
    style2 = rng.choice(["upper", "title", "lower"]) if kind != "chancery" else rng.choice(["title", "lower"])
    words2 = [styled(pick(), style2) for _ in range(rng.choice([1, 2, 3]))] if rng.random() < 0.45 else []
    above = rng.random() < 0.5
    xh = rng.uniform(0.027, 0.058)
    floor = max(0.027, 0.8 * xh)
    scale2 = rng.uniform(0.5, 0.75)

    def fits(placed):
        for *_, (bx0, by0, bx1, by1) in placed:
            for x, y in ((bx0, by0), (bx1, by0), (bx1, by1), (bx0, by1)):
                u, v = apply(to_photo, x, y)
                if not (MARGIN * W <= u <= (1 - MARGIN) * W and MARGIN * H <= v <= (1 - MARGIN) * H):
                    return False
        return True

    while True:
        font1 = mti.font_for_xheight(path, xh * H)
        font2 = mti.font_for_xheight(path, xh * scale2 * H)
        placed = layout(words1, aim, font1, words2, font2, above, target)
        if fits(placed):
            break
        if xh * 0.94 >= floor:
            xh *= 0.94
        elif len(words2) > 1:
            words2.pop()
        elif words2:
            words2 = []
        elif len(words1) > 1:
            drop = 0 if aim == len(words1) - 1 or (aim > 0 and rng.random() < 0.5) else len(words1) - 1
            words1.pop(drop)
            aim -= drop < aim
        elif xh * 0.94 >= 0.027:
            xh *= 0.94
        else:
            raise SystemExit(f"{language_index}/{index}: {label!r} does not fit")

    # The panel: padded around all the ink, solid or slightly shaded.
    dark_on_light = rng.random() < 0.5
    panel, ink = rng.choice(DARK_ON_LIGHT if dark_on_light else LIGHT_ON_DARK)
    panel = tuple(max(0, min(255, v + rng.randint(-8, 8))) for v in panel)
    size = font1.size
    left, right = min(p[4][0] for p in placed), max(p[4][2] for p in placed)
    top, bottom = min(p[4][1] for p in placed), max(p[4][3] for p in placed)
    pad_x, pad_y = size * rng.uniform(0.4, 1.0), size * rng.uniform(0.3, 0.7)
    box = (int(left - pad_x), int(top - pad_y), int(right + pad_x), int(bottom + pad_y))
    mti.draw_panel(canvas, rng, box, panel)
    if rng.random() < 0.5:
        shade = Image.linear_gradient("L").rotate(rng.uniform(0, 360), resample=Image.BICUBIC)
        shade = shade.crop((40, 40, 216, 216)).resize((box[2] - box[0], box[3] - box[1]), Image.BICUBIC)
        depth = rng.uniform(0.06, 0.14)
        shade = shade.point(lambda v: int(255 - depth * v))
        mask = Image.new("L", shade.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, shade.size[0] - 1, shade.size[1] - 1), radius=int(size * 0.3), fill=255)
        canvas.paste(ImageChops.multiply(canvas.crop(box), Image.merge("RGB", [shade] * 3)), box[:2], mask)
    draw = ImageDraw.Draw(canvas)
    for text, font, x, baseline, _ in placed:
        draw.text((x, baseline), text, font=font, fill=ink, anchor="ls")

    # The aimed word's ink centre as photographed.
    bx0, by0, bx1, by1 = placed[aim][4]
    corners = [apply(to_photo, x, y) for x, y in ((bx0, by0), (bx1, by0), (bx1, by1), (bx0, by1))]
    centre = (sum(u for u, _ in corners) / 4, sum(v for _, v in corners) / 4)
    assert abs(centre[0] / W - 0.5) <= 0.02 and abs(centre[1] / H - 0.5) <= 0.02, centre

    # The camera: perspective, uneven light, colour cast, optics and sensor.
    photo = canvas.transform((W, H), Image.PERSPECTIVE, to_canvas, Image.BICUBIC)
    light = mti.smooth_field(rng, (W, H), (4, 3), rng.randint(200, 232), 255)
    vignette = Image.radial_gradient("L").resize((W, H), Image.BICUBIC)
    k = rng.uniform(0.06, 0.12)
    vignette = vignette.point(lambda v: int(255 - k * 255 * min(1.0, (v / 255.0) ** 2 * 1.6)))
    photo = ImageChops.multiply(photo, Image.merge("RGB", [ImageChops.multiply(light, vignette)] * 3))
    photo = ImageChops.multiply(photo, Image.new("RGB", (W, H), tuple(255 - rng.randint(0, 14) for _ in range(3))))
    photo = photo.filter(ImageFilter.GaussianBlur(rng.uniform(0.8, 1.5)))
    noise = mti.noise_layer(rng, (W, H), rng.uniform(3.0, 5.0))
    photo = ImageChops.add(photo, Image.merge("RGB", [noise] * 3), scale=1.0, offset=-128)
    chroma = [mti.noise_layer(rng, (W // 4, H // 4), 2.0).resize((W, H), Image.BILINEAR) for _ in range(3)]
    photo = ImageChops.add(photo, Image.merge("RGB", chroma), scale=1.0, offset=-128)
    sign = " ".join(p[0] for p in placed[:len(words1)]) + (f" / {' '.join(p[0] for p in placed[len(words1):])}" if words2 else "")
    return photo, label, rng.randint(80, 92), xh, math.degrees(angle), sign


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", metavar="OUT_FOLDER")
    parser.add_argument("--per-language", type=int, default=60, metavar="N", help="photos per language (default 60)")
    args = parser.parse_args()
    for kind, paths in TYPEFACES:
        for path in paths:
            if not os.path.exists(path):
                sys.exit(f"{path} is missing (Debian's fonts-urw-base35, fonts-dejavu-core, fonts-liberation2)")
    all_paths = [p for _, paths in TYPEFACES for p in paths]
    n = args.per_language
    tally = {}
    for language_index, (language, code) in enumerate(LANGUAGES):
        names, common = dictionary(code)
        words_rng = random.Random(zlib.crc32(f"typefaces-words-{language}".encode()))
        usable = lambda w: covered(w + w.upper(), all_paths)
        names = [w for w in words_rng.sample(names, min(len(names), 4 * n)) if usable(w)]
        common = [w for w in words_rng.sample(common, min(len(common), 12 * n)) if usable(w)]
        n_names = round(n / 5)
        aimed_names, aimed_common = names[:n_names], common[:n - n_names]
        fillers_names, fillers_common = names[n_names:], common[n - n_names:]
        folder = os.path.join(args.out, language)
        os.makedirs(folder, exist_ok=True)
        rows = []
        for index in range(n):
            number = language_index * n + index  # cycles the typefaces evenly over the whole set
            kind, paths = TYPEFACES[number % len(TYPEFACES)]
            path = paths[(number // len(TYPEFACES)) % len(paths)]
            rng = random.Random(20261200 + 1000 * language_index + index)
            is_name = index % 5 == 2 and aimed_names
            aimed = aimed_names.pop() if is_name else aimed_common.pop()
            if kind == "chancery":
                style = "title" if is_name else rng.choice(["title", "lower"])
            else:
                style = rng.choice(["upper", "title"]) if is_name else rng.choice(["upper", "title", "lower"])

            used = {aimed.casefold()}

            def pick(longest=12):
                """Another word for the sign: a name one time in five, none twice on a sign."""
                pool = fillers_names if rng.random() < 0.2 else fillers_common
                while True:
                    word = rng.choice(pool)
                    if word.casefold() not in used and len(word) <= longest:
                        used.add(word.casefold())
                        return word

            photo, label, quality, xh, angle, sign = scene(language_index, index, kind, path, aimed, style, pick, rng)
            file = f"{language}_{index:03d}_{kind}.jpg"
            photo.save(os.path.join(folder, file), "JPEG", quality=quality)
            rows.append(f"{file}\t{label}\t{kind}\n")
            tally.setdefault(kind, []).append(xh)
            print(f"{language}/{file:26s} {label!r:16s} {os.path.basename(path):27s} x-height {xh:.3f} {angle:+5.1f}° q{quality}  {sign}", flush=True)
        with open(os.path.join(folder, "labels.tsv"), "w", encoding="utf-8", newline="\n") as f:
            f.writelines(rows)
    print("; ".join(f"{kind} {len(v)}" for kind, v in tally.items()))


if __name__ == "__main__":
    main()
