#!/usr/bin/python3
"""JPEG decode time at each DCT scale, through libjpeg-turbo's TurboJPEG API (the library WordBook uses).

Usage: bench/jpeg-scales.py [FOLDER] [--repeat N]

For every JPEG in FOLDER (default ../shared/datasets/photos-dev), `tjDecompress2` to 32-bit pixels at
1/8, 1/4, 3/8, 1/2 and full size into a buffer allocated once, best of --repeat (default 5) per photo;
prints the mean over the photos. 1/8 is the floor of any decode of the whole photo: every coefficient
is still Huffman-decoded, and only the DC term is transformed. Standard library only (ctypes).
"""
import argparse
import ctypes
import ctypes.util
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCALES = [(1, 8), (1, 4), (3, 8), (1, 2), (1, 1)]
TJPF_XBGR = 5  # turbojpeg.h: enum TJPF, TJPF_RGB = 0 ... TJPF_XBGR = 5


def load_turbojpeg():
    name = ctypes.util.find_library("turbojpeg") or "libturbojpeg.so.0"
    try:
        library = ctypes.CDLL(name)
    except OSError:
        sys.exit("libturbojpeg is not installed (Debian package: libturbojpeg0)")
    library.tjInitDecompress.restype = ctypes.c_void_p
    library.tjDecompressHeader3.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_ulong] + [ctypes.POINTER(ctypes.c_int)] * 4
    library.tjDecompress2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_void_p,
                                      ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
    library.tjGetErrorStr2.argtypes = [ctypes.c_void_p]
    library.tjGetErrorStr2.restype = ctypes.c_char_p
    return library


def scaled(dimension, num, denom):
    """TJSCALED."""
    return (dimension * num + denom - 1) // denom


def measure(folder, repeat):
    """{(num, denom): mean ms over the photos}, the photo count and the size of the first."""
    library = load_turbojpeg()
    handle = library.tjInitDecompress()
    photos = sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.lower().endswith((".jpg", ".jpeg")))
    if not photos:
        sys.exit(f"{folder} holds no JPEG")
    times = {scale: [] for scale in SCALES}
    buffer, size = None, 0
    first = None
    for path in photos:
        with open(path, "rb") as f:
            data = f.read()
        width, height, subsampling, colourspace = (ctypes.c_int() for _ in range(4))
        if library.tjDecompressHeader3(handle, data, len(data), width, height, subsampling, colourspace) != 0:
            sys.exit(f"{path}: {library.tjGetErrorStr2(handle).decode()}")
        first = first or (width.value, height.value)
        if width.value * height.value * 4 > size:
            size = width.value * height.value * 4
            buffer = ctypes.create_string_buffer(size)
        for num, denom in SCALES:
            out_width, out_height = scaled(width.value, num, denom), scaled(height.value, num, denom)
            best = float("inf")
            for _ in range(repeat):
                start = time.perf_counter()
                status = library.tjDecompress2(handle, data, len(data), buffer, out_width, 0, out_height, TJPF_XBGR, 0)
                best = min(best, time.perf_counter() - start)
                if status != 0:
                    sys.exit(f"{path} at {num}/{denom}: {library.tjGetErrorStr2(handle).decode()}")
            times[(num, denom)].append(best * 1000)
    return {scale: statistics.mean(values) for scale, values in times.items()}, len(photos), first


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default=os.path.join(ROOT, "..", "shared", "datasets", "photos-dev"))
    parser.add_argument("--repeat", type=int, default=5, help="decodes per photo and scale; the fastest counts")
    args = parser.parse_args()
    means, count, (width, height) = measure(args.folder, args.repeat)
    print(f"JPEG decode by DCT scale, {count} photos ({width} x {height}), best of {args.repeat}, mean ms")
    for (num, denom), value in means.items():
        print(f"    {num}/{denom:<3} {scaled(max(width, height), num, denom):>5} px  {value:7.1f}")


if __name__ == "__main__":
    main()
