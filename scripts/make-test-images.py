#!/usr/bin/python3
"""Generate WordBook's OCR test images (deterministic, seeded).

Run from the repository root with Debian's Python (python3-pil):

    /usr/bin/python3 scripts/make-test-images.py           # (re)generate TestImages/
    /usr/bin/python3 scripts/make-test-images.py --check   # verify the files with tesseract

Every image shows ONE aimed-at word, large, near the image centre, on a
photo-like background (gradient / blurred texture, sometimes a sign-like panel),
with mild perspective, slight rotation, ~1 px Gaussian blur, Gaussian noise and
uneven lighting. Some images have smaller distractor words near the edges.

JPEGs carry EXIF written with PIL: IFD0 Orientation (0x0112) and, in the Exif
IFD (0x8769), DateTimeOriginal (0x9003) and OffsetTimeOriginal (0x9011). The
upright scene is rendered first, then the pixels are stored so that a viewer
applying the EXIF orientation shows it upright:

    orientation 1: stored = upright
    orientation 3: stored = upright rotated 180 degrees
    orientation 6: stored = upright rotated 90 degrees counter-clockwise
                   (a viewer turns it a quarter turn clockwise)
    orientation 8: stored = upright rotated 90 degrees clockwise

TestImages/labels.tsv lists: file, word, language, orientation, captured
(DateTimeOriginal + OffsetTimeOriginal as YYYY-MM-DDTHH:MM:SS+HH:MM, empty for PNG).

Output is byte-for-byte reproducible: all randomness comes from per-image
random.Random(seed) instances; nothing depends on time or the environment
(other than the installed Pillow/libjpeg/FreeType and the Debian fonts).

--check (needs tesseract with eng/deu/fra/spa data) prints one line per image:
  * the stored pixels, put upright with PIL.ImageOps.exif_transpose, must match
    a fresh upright render (and match it better than any other orientation);
  * `tesseract CROP stdout -l LANG --psm 7` on the central region must read
    exactly the word;
  * `tesseract UPRIGHT.png stdout -l LANG --psm 11` on the whole upright image
    must contain the word as a token.
"""

import io
import math
import os
import random
import subprocess
import sys
import tempfile
from statistics import NormalDist

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont, ImageOps, ImageStat

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "TestImages")

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
LIBERATION = "/usr/share/fonts/truetype/liberation2/"
FONTS = {
    "sans": DEJAVU + "DejaVuSans.ttf",
    "sans-bold": DEJAVU + "DejaVuSans-Bold.ttf",
    "sans-cond": DEJAVU + "DejaVuSansCondensed.ttf",
    "sans-cond-bold": DEJAVU + "DejaVuSansCondensed-Bold.ttf",
    "serif": DEJAVU + "DejaVuSerif.ttf",
    "serif-bold": DEJAVU + "DejaVuSerif-Bold.ttf",
    "serif-cond": DEJAVU + "DejaVuSerifCondensed.ttf",
    "lib-sans": LIBERATION + "LiberationSans-Regular.ttf",
    "lib-sans-bold": LIBERATION + "LiberationSans-Bold.ttf",
    "lib-serif": LIBERATION + "LiberationSerif-Regular.ttf",
    "lib-serif-bold": LIBERATION + "LiberationSerif-Bold.ttf",
    # A condensed face as street and parking signs use (fonts-urw-base35).
    "narrow": "/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Regular.otf",
}

TESS_LANG = {"en": "eng", "de": "deu", "fr": "fra", "es": "spa"}

# Central region used by the --check crop (fractions of the upright image).
CROP_W = 0.60
CROP_H = 0.40

JPEG_QUALITY = 87


# ---------------------------------------------------------------------------
# The test set. Sizes are upright (as displayed after applying orientation).
# xh = x-height as a fraction of the image height.
# ---------------------------------------------------------------------------
SPECS = [
    dict(file="exit_sign_12mp.jpg", word="EXIT", lang="en", size=(4032, 3024), orientation=1,
         captured="2026-10-03T14:22:05+02:00", font="lib-sans-bold", xh=0.050,
         bg="texture", bg_colors=((34, 98, 62), (24, 80, 50)),
         panel=(18, 108, 58), ink=(240, 246, 240), distractors=["Level 2", "Stairs"]),
    dict(file="baeckerei_portrait_12mp.jpg", word="Bäckerei", lang="de", size=(3024, 4032), orientation=6,
         captured="2026-10-17T23:50:00+02:00", font="serif-bold", xh=0.036,
         bg="texture", bg_colors=((224, 212, 192), (204, 190, 168)),
         panel=(244, 236, 214), ink=(58, 36, 22), distractors=["Konditorei", "seit 1908"]),
    dict(file="strasse_sign_12mp.jpg", word="Straße", lang="de", size=(4032, 3024), orientation=3,
         captured="2026-11-07T00:10:00+01:00", font="sans-bold", xh=0.045,
         bg="texture", bg_colors=((30, 52, 112), (24, 42, 94)),
         panel=(22, 50, 124), ink=(244, 246, 250), distractors=[]),
    dict(file="harbour_portrait_12mp.jpg", word="Harbour", lang="en", size=(3024, 4032), orientation=8,
         captured="2026-10-21T09:15:42+02:00", font="lib-serif", xh=0.032,
         bg="gradient", bg_colors=((232, 230, 222), (210, 214, 216)),
         panel=None, ink=(30, 34, 44), distractors=["Pier 4", "Ferries", "Tickets"]),
    dict(file="cafe.jpg", word="Café", lang="fr", size=(1600, 1200), orientation=1,
         captured="2026-10-09T08:05:31+02:00", font="serif", xh=0.062,
         bg="texture", bg_colors=((224, 216, 200), (206, 196, 178)),
         panel=None, ink=(40, 28, 24), distractors=["Ouvert", "Terrasse"]),
    dict(file="manana_portrait.jpg", word="Mañana", lang="es", size=(1200, 1600), orientation=6,
         captured="2026-10-12T18:40:10+02:00", font="lib-sans-bold", xh=0.045,
         bg="gradient", bg_colors=((228, 224, 216), (206, 206, 204)),
         panel=(252, 240, 184), ink=(26, 26, 30), distractors=[]),
    dict(file="station.jpg", word="Station", lang="en", size=(2000, 1500), orientation=1,
         captured="2026-10-14T07:58:00+02:00", font="sans", xh=0.052,
         bg="gradient", bg_colors=((222, 226, 230), (200, 204, 210)),
         panel=(240, 242, 244), ink=(20, 40, 90), distractors=["Platform 3", "Way out"]),
    dict(file="museum.png", word="MUSEUM", lang="en", size=(1800, 1200), orientation=1,
         captured="", font="lib-sans", xh=0.058,
         bg="texture", bg_colors=((216, 208, 194), (198, 190, 176)),
         panel=None, ink=(34, 30, 28), distractors=["Open daily"]),
    dict(file="library.jpg", word="library", lang="en", size=(1920, 1440), orientation=1,
         captured="2026-10-25T13:03:27+01:00", font="serif-cond", xh=0.058,
         bg="gradient", bg_colors=((238, 234, 226), (218, 212, 200)),
         panel=None, ink=(28, 28, 34), distractors=["quiet please", "2nd floor"]),
    dict(file="welcome_portrait.jpg", word="Welcome", lang="en", size=(1500, 2000), orientation=1,
         captured="2026-10-30T16:20:00+01:00", font="serif", xh=0.038,
         bg="texture", bg_colors=((228, 220, 208), (212, 204, 190)),
         panel=(240, 236, 228), ink=(24, 54, 40), distractors=["Reception"]),
    dict(file="broetchen.jpg", word="Brötchen", lang="de", size=(1800, 1350), orientation=1,
         captured="2026-11-02T06:45:12+01:00", font="lib-sans-bold", xh=0.054,
         bg="gradient", bg_colors=((244, 236, 220), (226, 214, 192)),
         panel=None, ink=(70, 34, 20), distractors=["frisch", "Brezel", "Kasse"]),
    dict(file="fenetre.jpg", word="Fenêtre", lang="fr", size=(1400, 1050), orientation=8,
         captured="2026-11-05T11:11:11+01:00", font="sans-bold", xh=0.058,
         bg="texture", bg_colors=((206, 214, 220), (188, 198, 206)),
         panel=None, ink=(30, 36, 52), distractors=[]),
    dict(file="bano.jpg", word="Baño", lang="es", size=(1280, 1280), orientation=1,
         captured="2026-11-11T21:34:56+01:00", font="lib-sans-bold", xh=0.055,
         bg="gradient", bg_colors=((64, 66, 72), (44, 46, 52)),
         panel=(36, 38, 44), ink=(236, 236, 230), distractors=["Planta baja"]),
    dict(file="ausgang.jpg", word="Ausgang", lang="de", size=(2000, 1125), orientation=1,
         captured="2026-11-14T17:02:48+01:00", font="sans-cond", xh=0.062,
         bg="gradient", bg_colors=((228, 230, 224), (208, 212, 206)),
         panel=(248, 248, 244), ink=(14, 90, 46), distractors=["Gleis 7"]),
    dict(file="bakery_upside_down.jpg", word="bakery", lang="en", size=(1600, 1200), orientation=3,
         captured="2026-11-20T10:30:00+00:00", font="serif-bold", xh=0.060,
         bg="texture", bg_colors=((234, 224, 206), (214, 200, 178)),
         panel=None, ink=(52, 30, 18), distractors=["fresh bread", "cakes"]),
    dict(file="senal.png", word="Señal", lang="es", size=(1500, 1000), orientation=1,
         captured="", font="sans-bold", xh=0.062,
         bg="gradient", bg_colors=((218, 222, 224), (202, 206, 210)),
         panel=(250, 236, 172), ink=(20, 20, 20), distractors=["Zona 2"]),
    # Words among others: the aimed word stands on a line of a sign or in a page of text ("lines",
    # with "aim" = (line, word) placed at the frame's centre).
    dict(file="louvre_sign_night.jpg", word="PALAIS-ROYAL", lang="fr", size=(2400, 1800), orientation=6,
         captured="2026-11-21T19:12:40+01:00", font="sans-bold", xh=0.040,
         bg="texture", bg_colors=((40, 44, 52), (28, 30, 36)),
         panel=(24, 60, 120), ink=(246, 246, 240), distractors=[],
         lines=[["Musée", "du", "LOUVRE"], ["Sortie", "PALAIS-ROYAL", "3"]], aim=(1, 1)),
    dict(file="novel_page.jpg", word="lighthouse", lang="en", size=(2400, 1800), orientation=1,
         captured="2026-11-22T21:05:00+00:00", font="serif", xh=0.0105,
         bg="texture", bg_colors=((120, 104, 86), (96, 84, 70)),
         panel=(238, 234, 222), ink=(30, 28, 26), distractors=[], page=True,
         lines=[
             "the boat came round the point before the wind turned and the rain began to fall".split(),
             "over the water so that nobody on the quay could see the far shore any longer".split(),
             "she waited by the window of the small house and counted the hours until dawn".split(),
             "when the keeper climbed the stairs of the old lighthouse to light the lamp again".split(),
             "a thin line of smoke rose from the chimney and the gulls cried above the harbour".split(),
             "nobody spoke of the storm at breakfast but everyone listened for the bell".split(),
             "and the children ran down to the beach as soon as the tide went out".split(),
         ], aim=(3, 9)),
    dict(file="panaderia_small.jpg", word="Panadería", lang="es", size=(900, 675), orientation=1,
         captured="2026-11-23T08:30:00+01:00", font="lib-sans-bold", xh=0.036,
         bg="gradient", bg_colors=((200, 186, 160), (176, 160, 134)),
         panel=(140, 30, 36), ink=(250, 240, 220), distractors=[],
         lines=[["Horno", "de", "leña"], ["Panadería", "Santa", "Lucía"]], aim=(1, 0)),
    # A two-line plate in a condensed face, small on a textured wall: Tesseract's sparse-text layout
    # analysis finds no text on it, read as a block it does.
    dict(file="freihalten_narrow_plate.jpg", word="freihalten", lang="de", size=(4032, 3024), orientation=3,
         captured="2026-11-19T13:45:00+01:00", font="narrow", xh=0.022,
         bg="texture", bg_colors=((96, 120, 92), (80, 100, 78)),
         panel=(236, 238, 228), ink=(30, 36, 90), distractors=[],
         lines=[["Einfahrt", "freihalten", "24"], ["Tag", "und", "Nacht"]], aim=(0, 1)),
    # The aimed word first on a condensed plate: read as a block, its detection is rated low beside the
    # word on the line below, and only reading both closely tells which the aim is on.
    dict(file="vilipender_upper_line.jpg", word="vilipender", lang="fr", size=(4032, 3024), orientation=1,
         captured="2026-11-20T10:00:00+01:00", font="narrow", xh=0.024,
         bg="texture", bg_colors=((150, 140, 130), (120, 110, 100)),
         panel=(236, 238, 228), ink=(30, 36, 90), distractors=[],
         lines=[["vilipender", "indémêlable"], ["séranceur", "au"]], aim=(0, 0)),
    # No word at the aim point: a large digit there, four words near the edges (label: no word).
    dict(file="digit_edges_rotated.jpg", word="", lang="en", size=(2400, 1800), orientation=6,
         captured="2026-11-24T08:00:00+01:00", font="sans-bold", xh=0.20,
         bg="gradient", bg_colors=((232, 230, 224), (214, 212, 206)),
         panel=None, ink=(28, 30, 36), distractors=[], digit="7",
         edges={"top": (0.5, 0.09), "left": (0.10, 0.5), "right": (0.90, 0.5), "bottom": (0.5, 0.91)}),
]


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------
def seed_for(spec):
    """Stable per-image seed (does not depend on Python's hash randomisation)."""
    s = 0
    for ch in spec["file"]:
        s = (s * 131 + ord(ch)) % 2_147_483_647
    return 20261017 + s


def solve_linear(a, b):
    """Gaussian elimination with partial pivoting (no numpy needed)."""
    n = len(b)
    m = [list(map(float, row)) + [float(rhs)] for row, rhs in zip(a, b)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] for i in range(n)]


def perspective_coeffs(out_pts, in_pts):
    """Coefficients for Image.transform(PERSPECTIVE): output (x, y) -> input point."""
    a, b = [], []
    for (x, y), (u, v) in zip(out_pts, in_pts):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.append(u)
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y]); b.append(v)
    return solve_linear(a, b)


def noise_layer(rng, size, sigma):
    """Deterministic Gaussian noise image ('L', mean 128) from seeded random bytes."""
    nd = NormalDist(128.0, sigma)
    lut = [max(0, min(255, int(round(nd.inv_cdf((u + 0.5) / 256.0))))) for u in range(256)]
    raw = rng.randbytes(size[0] * size[1])
    return Image.frombytes("L", size, raw).point(lut)


def smooth_field(rng, size, grid, lo, hi):
    """Smooth random 'L' field in [lo, hi] (tiny random grid upscaled bicubically)."""
    gw, gh = grid
    small = Image.new("L", (gw, gh))
    small.putdata([rng.randint(lo, hi) for _ in range(gw * gh)])
    return small.resize(size, Image.BICUBIC).filter(ImageFilter.GaussianBlur(max(size) / 60))


def lerp(c1, c2, t):
    return tuple(int(round(a + (b - a) * t)) for a, b in zip(c1, c2))


def make_background(rng, spec, size):
    c1, c2 = spec["bg_colors"]
    w, h = size
    # Base: linear gradient in a random direction.
    grad = Image.linear_gradient("L").rotate(rng.uniform(0, 360), resample=Image.BICUBIC, expand=False)
    grad = grad.crop((40, 40, 216, 216)).resize(size, Image.BICUBIC)
    base = Image.composite(Image.new("RGB", size, c2), Image.new("RGB", size, c1), grad)
    if spec["bg"] == "texture":
        # Blurred blotchy texture (wall / paper / wood): mostly luminance,
        # with a faint per-channel tint variation and a finer blurred grain.
        grid = (rng.randint(10, 18), rng.randint(8, 14))
        lum = smooth_field(rng, size, grid, 128 - 12, 128 + 12)
        tint = [smooth_field(rng, size, grid, 128 - 4, 128 + 4) for _ in range(3)]
        fine = noise_layer(rng, (max(8, w // 24), max(8, h // 24)), 5).resize(size, Image.BICUBIC)
        fine = fine.filter(ImageFilter.GaussianBlur(3))
        base = ImageChops.add(base, Image.merge("RGB", [lum] * 3), scale=1.0, offset=-128)
        base = ImageChops.add(base, Image.merge("RGB", tint), scale=1.0, offset=-128)
        base = ImageChops.add(base, Image.merge("RGB", [fine] * 3), scale=1.0, offset=-128)
    return base


def draw_panel(layer, rng, box, color):
    x0, y0, x1, y1 = box
    radius = int(min(x1 - x0, y1 - y0) * rng.uniform(0.05, 0.14))
    # Soft drop shadow.
    shadow = Image.new("L", layer.size, 0)
    sd = ImageDraw.Draw(shadow)
    off = int((y1 - y0) * 0.04)
    sd.rounded_rectangle((x0 + off, y0 + off, x1 + off, y1 + off), radius=radius, fill=45)
    shadow = shadow.filter(ImageFilter.GaussianBlur(max(2, (y1 - y0) * 0.03)))
    layer.paste(Image.new("RGB", layer.size, (20, 20, 20)), (0, 0), shadow)
    d = ImageDraw.Draw(layer)
    d.rounded_rectangle(box, radius=radius, fill=color)
    # Faint inner border, a slight shade of the panel colour.
    border = lerp(color, (255, 255, 255) if sum(color) < 300 else (0, 0, 0), 0.08)
    inset = int((y1 - y0) * 0.06)
    d.rounded_rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset),
                        radius=max(1, radius - inset), outline=border,
                        width=max(2, int((y1 - y0) * 0.012)))


def font_for_xheight(path, target_xh_px):
    ref = ImageFont.truetype(path, 200)
    x0, y0, x1, y1 = ref.getbbox("x")
    size = max(8, int(round(200 * target_xh_px / (y1 - y0))))
    return ImageFont.truetype(path, size)


def render_upright(spec):
    """Render the upright scene. Returns an RGB image of spec['size']."""
    rng = random.Random(seed_for(spec))
    W, H = spec["size"]
    margin = 0.09
    CW, CH = int(round(W * (1 + 2 * margin))), int(round(H * (1 + 2 * margin)))
    cx, cy = CW / 2.0, CH / 2.0

    canvas = make_background(rng, spec, (CW, CH))

    # Geometry of the final view: slight rotation + small perspective jitter.
    angle = math.radians(rng.uniform(-3.0, 3.0))
    jit = 0.025

    def out_to_canvas(px, py):
        dx, dy = px - W / 2.0, py - H / 2.0
        ca, sa = math.cos(angle), math.sin(angle)
        return cx + ca * dx - sa * dy, cy + sa * dx + ca * dy

    if "lines" in spec:
        draw_lines(canvas, rng, spec, W, H, cx, cy)
        return camera(canvas, rng, spec, W, H, cx, cy, angle, jit, out_to_canvas)
    if "edges" in spec:
        draw_edges(canvas, spec, W, H, out_to_canvas)
        return camera(canvas, rng, spec, W, H, cx, cy, angle, jit, out_to_canvas)

    # --- aimed word --------------------------------------------------------
    word = spec["word"]
    font_path = FONTS[spec["font"]]
    font = font_for_xheight(font_path, spec["xh"] * H)
    d = ImageDraw.Draw(canvas)
    bx0, by0, bx1, by1 = d.textbbox((0, 0), word, font=font)
    # Keep the word comfortably inside the central crop used by --check.
    max_w = 0.48 * W
    if bx1 - bx0 > max_w:
        font = ImageFont.truetype(font_path, int(font.size * max_w / (bx1 - bx0)))
        bx0, by0, bx1, by1 = d.textbbox((0, 0), word, font=font)
    tw, th = bx1 - bx0, by1 - by0
    # Word centre a little off the exact centre, like a hand-held shot.
    wx = cx + rng.uniform(-0.02, 0.02) * W
    wy = cy + rng.uniform(-0.02, 0.02) * H
    origin = (wx - tw / 2.0 - bx0, wy - th / 2.0 - by0)

    if spec["panel"] is not None:
        fs = font.size
        pad_x, pad_y = fs * rng.uniform(0.45, 0.65), fs * rng.uniform(0.35, 0.5)
        draw_panel(canvas, rng, (int(wx - tw / 2 - pad_x), int(wy - th / 2 - pad_y),
                                 int(wx + tw / 2 + pad_x), int(wy + th / 2 + pad_y)), spec["panel"])
        d = ImageDraw.Draw(canvas)
    d.text(origin, word, font=font, fill=spec["ink"])

    # --- distractor words near the edges ------------------------------------
    slots = [(0.20, 0.10), (0.80, 0.10), (0.50, 0.09), (0.20, 0.90), (0.80, 0.90), (0.50, 0.91)]
    rng.shuffle(slots)
    for text, (fx, fy) in zip(spec["distractors"], slots):
        dfont = ImageFont.truetype(FONTS[rng.choice(["sans", "lib-sans", "serif", "sans-cond"])],
                                   max(10, int(font.size * rng.uniform(0.36, 0.5))))
        px, py = out_to_canvas(fx * W + rng.uniform(-0.03, 0.03) * W, fy * H)
        db = d.textbbox((0, 0), text, font=dfont)
        dw, dh = db[2] - db[0], db[3] - db[1]
        # Keep the distractor fully inside the visible frame.
        lo_x, hi_x = out_to_canvas(0.04 * W, 0)[0], out_to_canvas(0.96 * W, 0)[0]
        px = min(max(px, lo_x + dw / 2), hi_x - dw / 2)
        # Contrast against the surrounding background, not the panel.
        bg_light = sum(spec["bg_colors"][0]) >= 450
        base_ink = spec["ink"] if (sum(spec["ink"]) < 380) == bg_light else \
            ((40, 40, 44) if bg_light else (236, 236, 232))
        dink = lerp(base_ink, spec["bg_colors"][0], rng.uniform(0.1, 0.25))
        d.text((px - dw / 2 - db[0], py - dh / 2 - db[1]), text, font=dfont, fill=dink)

    return camera(canvas, rng, spec, W, H, cx, cy, angle, jit, out_to_canvas)


def draw_lines(canvas, rng, spec, W, H, cx, cy):
    """Lines of words on a panel (a sign, centred) or a sheet (a page, left-aligned), placed so that
    the aimed word's centre lies near the frame's centre."""
    d = ImageDraw.Draw(canvas)
    font_path = FONTS[spec["font"]]
    font = font_for_xheight(font_path, spec["xh"] * H)
    space = d.textlength(" ", font=font)
    ascent, descent = font.getmetrics()
    line_h = (ascent + descent) * (1.35 if spec.get("page") else 1.25)
    widths = [sum(d.textlength(w, font=font) for w in line) + space * (len(line) - 1) for line in spec["lines"]]
    block_w = max(widths)
    layout = []
    for i, line in enumerate(spec["lines"]):
        x = 0 if spec.get("page") else (block_w - widths[i]) / 2
        for j, w in enumerate(line):
            layout.append(((i, j), w, x, i * line_h))
            x += d.textlength(w, font=font) + space
    _, aimed, ax, ay = next(e for e in layout if e[0] == tuple(spec["aim"]))
    assert aimed == spec["word"], (aimed, spec["word"])
    wx = cx + rng.uniform(-0.01, 0.01) * W - (ax + d.textlength(aimed, font=font) / 2)
    wy = cy + rng.uniform(-0.01, 0.01) * H - (ay + line_h / 2)
    block_h = line_h * len(spec["lines"])
    pad_x = font.size * (1.5 if spec.get("page") else 0.6)
    pad_y = font.size * (1.5 if spec.get("page") else 0.45)
    draw_panel(canvas, rng, (int(wx - pad_x), int(wy - pad_y), int(wx + block_w + pad_x), int(wy + block_h + pad_y)),
               spec["panel"])
    d = ImageDraw.Draw(canvas)
    for _, w, x, y in layout:
        d.text((wx + x, wy + y + (line_h - ascent - descent) / 2), w, font=font, fill=spec["ink"])


def draw_edges(canvas, spec, W, H, out_to_canvas):
    """A large digit in the middle of the frame and a word near each edge (EXIF test photos' layout)."""
    d = ImageDraw.Draw(canvas)
    big = font_for_xheight(FONTS[spec["font"]], spec["xh"] * H)
    small = font_for_xheight(FONTS["sans"], 0.035 * H)
    for text, (fx, fy), font in [(spec["digit"], (0.5, 0.5), big)] + [(w, at, small) for w, at in spec["edges"].items()]:
        px, py = out_to_canvas(fx * W, fy * H)
        box = d.textbbox((0, 0), text, font=font)
        d.text((px - (box[2] - box[0]) / 2 - box[0], py - (box[3] - box[1]) / 2 - box[1]), text, font=font, fill=spec["ink"])


def camera(canvas, rng, spec, W, H, cx, cy, angle, jit, out_to_canvas):
    """The photo of the canvas: rotation and perspective, uneven light, blur and sensor noise."""
    # --- camera: rotation + perspective -------------------------------------
    out_pts = [(0, 0), (W, 0), (W, H), (0, H)]
    in_pts = []
    for (px, py) in out_pts:
        qx, qy = out_to_canvas(px, py)
        in_pts.append((qx + rng.uniform(-jit, jit) * W, qy + rng.uniform(-jit, jit) * H))
    coeffs = perspective_coeffs(out_pts, in_pts)
    img = canvas.transform((W, H), Image.PERSPECTIVE, coeffs, Image.BICUBIC)

    # --- uneven lighting ------------------------------------------------------
    light = smooth_field(rng, (W, H), (4, 3), 228, 255)
    vign = Image.radial_gradient("L").resize((W, H), Image.BICUBIC)
    k = rng.uniform(0.06, 0.10)
    vign = vign.point(lambda v: int(255 - k * 255 * min(1.0, (v / 255.0) ** 2 * 1.6)))
    light = ImageChops.multiply(light, vign)
    img = ImageChops.multiply(img, Image.merge("RGB", [light] * 3))
    # Slight warm/cool colour cast.
    cast = tuple(255 - rng.randint(0, 14) for _ in range(3))
    img = ImageChops.multiply(img, Image.new("RGB", (W, H), cast))

    # --- optics + sensor -------------------------------------------------------
    img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.9, 1.15)))
    big = W * H > 6_000_000
    sigma_l = rng.uniform(2.5, 3.0) if big else rng.uniform(3.0, 4.0)
    lum = noise_layer(rng, (W, H), sigma_l)
    img = ImageChops.add(img, Image.merge("RGB", [lum] * 3), scale=1.0, offset=-128)
    chroma = [noise_layer(rng, (W // 4, H // 4), 2.0).resize((W, H), Image.BILINEAR) for _ in range(3)]
    img = ImageChops.add(img, Image.merge("RGB", chroma), scale=1.0, offset=-128)
    return img


ORIENT_TO_STORED = {
    1: None,
    3: Image.ROTATE_180,
    6: Image.ROTATE_90,   # counter-clockwise; viewer turns it clockwise
    8: Image.ROTATE_270,  # clockwise; viewer turns it counter-clockwise
}


def exif_bytes(spec):
    cap = spec["captured"]  # 2026-10-17T23:50:00+02:00
    date, rest = cap.split("T")
    clock, offset = rest[:8], rest[8:]
    exif = Image.Exif()
    exif[0x0112] = spec["orientation"]
    exif[0x8769] = {
        0x9003: date.replace("-", ":") + " " + clock,  # DateTimeOriginal
        0x9011: offset,                                 # OffsetTimeOriginal
    }
    return exif.tobytes()


def encode(spec, upright):
    op = ORIENT_TO_STORED[spec["orientation"]]
    stored = upright if op is None else upright.transpose(op)
    buf = io.BytesIO()
    if spec["file"].endswith(".png"):
        assert spec["orientation"] == 1 and spec["captured"] == ""
        stored.save(buf, "PNG", optimize=False, compress_level=9)
    else:
        stored.save(buf, "JPEG", quality=JPEG_QUALITY, exif=exif_bytes(spec))
    return buf.getvalue()


def mean_diff(a, b):
    if a.size != b.size:
        return 255.0
    s = (256, max(1, round(256 * a.size[1] / a.size[0])))
    diff = ImageChops.difference(a.convert("L").resize(s, Image.BOX), b.convert("L").resize(s, Image.BOX))
    return ImageStat.Stat(diff).mean[0]


def check_orientation(path, upright):
    """exif_transpose(stored) must be ~ upright, and closer than any other orientation."""
    with Image.open(path) as im:
        im.load()
        shown = ImageOps.exif_transpose(im).convert("RGB")
        raw = im.convert("RGB")
    good = mean_diff(shown, upright)
    others = []
    for op in (None, Image.ROTATE_90, Image.ROTATE_180, Image.ROTATE_270):
        alt = raw if op is None else raw.transpose(op)
        others.append(mean_diff(alt, upright))
    ok = good < 3.0 and sorted(others)[1] > good + 5.0
    return ok, good, shown


def labels_text():
    lines = ["file\tword\tlanguage\torientation\tcaptured"]
    for s in SPECS:
        lines.append("\t".join([s["file"], s["word"], s["lang"], str(s["orientation"]), s["captured"]]))
    return "\n".join(lines) + "\n"


def generate():
    os.makedirs(OUT_DIR, exist_ok=True)
    for spec in SPECS:
        upright = render_upright(spec)
        data = encode(spec, upright)
        path = os.path.join(OUT_DIR, spec["file"])
        with open(path, "wb") as f:
            f.write(data)
        ok, diff, _ = check_orientation(path, upright)
        if not ok:
            sys.exit(f"orientation self-check failed for {spec['file']} (diff {diff:.2f})")
        print(f"wrote {spec['file']:32s} {len(data) / 1e6:5.2f} MB  orientation {spec['orientation']}")
    with open(os.path.join(OUT_DIR, "labels.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write(labels_text())
    print("wrote labels.tsv")


def tesseract(path, lang, psm):
    r = subprocess.run(["tesseract", path, "stdout", "-l", lang, "--psm", str(psm)],
                       capture_output=True, text=True, encoding="utf-8")
    return r.stdout


def check():
    labels_path = os.path.join(OUT_DIR, "labels.tsv")
    with open(labels_path, encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f][1:]
    specs = {s["file"]: s for s in SPECS}
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, word, lang, orientation, captured in rows:
            path = os.path.join(OUT_DIR, name)
            spec = specs[name]
            problems = []
            if (word, lang, int(orientation), captured) != (spec["word"], spec["lang"],
                                                             spec["orientation"], spec["captured"]):
                problems.append("labels.tsv differs from script")
            # EXIF
            with Image.open(path) as im:
                ex = im.getexif()
                if name.endswith(".jpg"):
                    sub = ex.get_ifd(0x8769)
                    got = (ex.get(0x0112), sub.get(0x9003), sub.get(0x9011))
                    date, rest = captured.split("T")
                    want = (int(orientation), date.replace("-", ":") + " " + rest[:8], rest[8:])
                    if got != want:
                        problems.append(f"exif {got} != {want}")
                elif len(ex):
                    problems.append("png has exif")
            # Orientation against a fresh upright render
            ok, diff, shown = check_orientation(path, render_upright(spec))
            if not ok:
                problems.append(f"orientation diff {diff:.2f}")
            # Tesseract: central crop, single line
            W, H = shown.size
            up_png = os.path.join(tmp, "upright.png")
            crop_png = os.path.join(tmp, "crop.png")
            shown.save(up_png)
            box = (int(W * (1 - CROP_W) / 2), int(H * (1 - CROP_H) / 2),
                   int(W * (1 + CROP_W) / 2), int(H * (1 + CROP_H) / 2))
            shown.crop(box).save(crop_png)
            tl = TESS_LANG[lang]
            crop_read = tesseract(crop_png, tl, 7).strip()
            # A word among others shares the central crop with them: only the whole-photo read counts;
            # a photo with no word at the aim point has its words at the edges.
            if crop_read != word and "lines" not in spec and "edges" not in spec:
                problems.append("psm7 mismatch")
            full_read = tesseract(up_png, tl, 11)
            tokens = [t.strip(".,;:!?'\"()[]{}|‘’“”-_") for t in full_read.split()]
            if word not in tokens and not all(w in tokens for w in spec.get("edges", {})):
                problems.append("psm11 word not found")
            status = "ok  " if not problems else "FAIL"
            failures += bool(problems)
            print(f"{status} {name:32s} {word!r:12s} psm7={crop_read!r} "
                  f"psm11={' '.join(full_read.split())!r} exif-diff={diff:.2f}"
                  + ("" if not problems else "  <- " + "; ".join(problems)), flush=True)
    print(f"{len(rows) - failures}/{len(rows)} ok")
    return failures == 0


def main(argv):
    if argv[1:] == ["--check"]:
        return 0 if check() else 1
    if argv[1:]:
        print(__doc__)
        return 2
    generate()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
