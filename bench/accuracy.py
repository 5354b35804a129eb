#!/usr/bin/env python3
"""Recognition accuracy: what `wordbook ingest` proposes, beside plain `tesseract` and the RapidOCR anchor, on labelled folders.

Usage: python3 bench/accuracy.py FOLDER... [--kind crops|photos] [--limit N] [--binary PATH]
                                           [--workers N] [--skip-baseline] [--skip-anchor]
                                           [--save FILE] [--verbose]

A FOLDER holds the images and labels.tsv (`file<TAB>word[<TAB>...]`, an optional header line starting
with `file`; a header naming a `language` column passes `--language` per image), or, as scenes-dev
and realscenes-dev, one such folder per language (`en/`, `de/`, ...: the folder's name is the
language, the third column of labels.tsv the kind of photo when it is a word: scenes-dev's `sign`,
`page`, `small`, realscenes-dev's `real`; labels compare exactly, case and diacritics included). The
pipeline runs as `wordbook ingest --json` on a scratch database and configuration; plain tesseract
reads the same images: `--psm 7`, whole output, for crops; for photos, put upright by their EXIF
orientation first (Tesseract reads none), the default mode's TSV, the word whose box is nearest the
photo's centre. `--kind` defaults by image size: a folder most of whose images have a long edge under
1000 px is of crops, except a per-language folder, whose images are all photos.

One line per system: top-1 (proposal equals the label, ignoring surrounding punctuation and, unless
the set is exact, case), top-3 (label among the proposal and the first two candidates), mean
character error rate (Levenshtein distance / label length), any (label among all candidates), wall
seconds per image (with the worker count used) and CPU seconds per image; per language and kind
where the set has them; then the pipeline's reliability table: its proposals in confidence bins,
how many and how many right. With several folders, a last table joins every set's bins.

On a folder of photos (per-language, or whose labels.tsv has no header line, as photos-dev), a third
system, the anchor: ../shared/tools/rapidocr_anchor.py (RapidOCR: PP-OCR on ONNX Runtime, the
recognised word nearest the centre), run by bench/anchor.sh in its own environment, .build/anchor-env
(pinned in bench/anchor-requirements.txt, made on first use). It scores itself, exactly even where
the set is not exact, a few punctuation marks stripped, and tells top-1 only: its line has top-1, per
language, and the wall and CPU seconds per image measured here (one process, ONNX Runtime's own
threads). Its result is kept in .build/anchor-cache/, keyed by the set's labels.tsv files, the
anchor script and the pinned rapidocr version, so it runs once per set; where its environment
cannot be installed, a line says so. `--skip-anchor` leaves it out, as does `--limit`.

`--save FILE` writes the pipeline's answer for every image as TSV (file, label, proposal,
confidence, candidates joined by ` | `, right: 1 when top-1 is right), to study the misses, then
the evidence the pipeline gave for the proposal (route ... height, from $WORDBOOK_EVIDENCE, which it
sets), from which bench/calibrate.py fits the confidence rule.
Standard library, and Pillow (Debian's python3-pil) to put photos upright for plain tesseract.
"""
import argparse, concurrent.futures, csv, hashlib, io, json, os, re, resource, shutil, struct, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESSERACT_LANGUAGES = {"en": "eng", "de": "deu", "fr": "fra", "es": "spa"}
BINS = [(0, 49), (50, 69), (70, 89), (90, 100)]
ANCHOR = os.path.join(ROOT, "bench/anchor.sh")
ANCHOR_SCRIPT = os.environ.get("ANCHOR_SCRIPT", os.path.join(os.path.dirname(ROOT), "shared/tools/rapidocr_anchor.py"))
ANCHOR_CACHE = os.path.join(ROOT, ".build/anchor-cache")
# What the pipeline says about each proposal ($WORDBOOK_EVIDENCE; Evidence.fieldNames in Evidence.swift).
EVIDENCE = ["route", "reading", "recogniser", "tesseract", "attempts", "dictionary", "aim", "offset", "shape", "height", "letters"]


class Row:
    def __init__(self, file, word, language=None, kind=None):
        self.file, self.word, self.language, self.kind = file, word, language, kind


def read_labels(folder):
    """[Row] in file order: from FOLDER/labels.tsv, or from each FOLDER/LANGUAGE/labels.tsv."""
    if not os.path.exists(os.path.join(folder, "labels.tsv")):
        rows = []
        for language in sorted(os.listdir(folder)):
            if os.path.exists(os.path.join(folder, language, "labels.tsv")):
                for row in read_labels(os.path.join(folder, language)):
                    rows.append(Row(os.path.join(language, row.file), row.word, language, row.kind))
        return rows
    rows, language_column = [], None
    with open(os.path.join(folder, "labels.tsv"), encoding="utf-8") as f:
        for number, line in enumerate(f):
            fields = line.rstrip("\n").split("\t")
            if not fields or not fields[0]:
                continue
            if number == 0 and fields[0] == "file":
                language_column = fields.index("language") if "language" in fields else None
                continue
            language = fields[language_column] if language_column is not None and len(fields) > language_column else None
            kind = fields[2] if language_column is None and len(fields) > 2 and fields[2].isalpha() else None
            rows.append(Row(fields[0], fields[1] if len(fields) > 1 else "", language or None, kind))
    return rows


def has_header(folder):
    """Whether FOLDER/labels.tsv starts with a header line (which the anchor would take for a photo)."""
    with open(os.path.join(folder, "labels.tsv"), encoding="utf-8") as f:
        return f.readline().split("\t")[0] == "file"


def normalise(text, exact=False):
    """Without punctuation around the word; case-folded unless `exact`."""
    text = (text or "").strip()
    start, end = 0, len(text)
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return text[start:end] if exact else text[start:end].casefold()


def levenshtein(a, b):
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def image_size(path):
    """(width, height) of a PNG or JPEG from its header, or None."""
    with open(path, "rb") as f:
        head = f.read(32)
        if head.startswith(b"\x89PNG"):
            return struct.unpack(">II", head[16:24])
        if not head.startswith(b"\xff\xd8"):
            return None
        f.seek(2)
        while True:
            marker = f.read(2)
            if len(marker) < 2 or marker[0] != 0xFF:
                return None
            if marker[1] in (0xD8, 0x01) or 0xD0 <= marker[1] <= 0xD7:
                continue
            length = struct.unpack(">H", f.read(2))[0]
            if marker[1] in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
                height, width = struct.unpack(">xHH", f.read(5))
                return width, height
            f.seek(length - 2, 1)


def judge(rows, results, exact):
    """{file: (top1, top3, any, cer, inner)} for one system."""
    verdicts = {}
    for row in rows:
        proposal, candidates, _ = results.get(row.file, ("", [], 0))
        want = normalise(row.word, exact)
        got = normalise(proposal, exact)
        readings = [got] + [normalise(c, exact) for c in candidates]
        inner = got != want and "".join(filter(str.isalnum, got)) == "".join(filter(str.isalnum, want))
        verdicts[row.file] = (got == want, want in readings[:3], want in readings, levenshtein(got, want) / max(len(want), 1), inner)
    return verdicts


def score(name, results, rows, elapsed, cpu, workers, verbose, exact):
    """Prints one line for a system, and one per language and kind; `results` maps file to (proposal, candidates, confidence)."""
    verdicts = judge(rows, results, exact)
    n = max(len(rows), 1)
    top1 = sum(v[0] for v in verdicts.values())
    top3 = sum(v[1] for v in verdicts.values())
    anywhere = sum(v[2] for v in verdicts.values())
    cer = sum(v[3] for v in verdicts.values())
    inner = sum(v[4] for v in verdicts.values())
    print(f"{name:<22} top-1 {top1 / n:.3f} ({top1})  top-3 {top3 / n:.3f} ({top3})  CER {cer / n:.3f}  any {anywhere / n:.3f}  "
          f"{elapsed / n:.3f} s/image wall ({workers} workers), {cpu / n:.3f} s/image CPU  (n={len(rows)}; "
          f"{inner} top-1 misses differ only in inner punctuation)")
    for label, key in (("language", lambda r: r.language), ("kind", lambda r: r.kind)):
        groups = sorted({key(r) for r in rows if key(r)})
        if len(groups) < 2 or not all(key(r) for r in rows):
            continue
        parts = []
        for group in groups:
            members = [r for r in rows if key(r) == group]
            t1 = sum(verdicts[r.file][0] for r in members)
            t3 = sum(verdicts[r.file][1] for r in members)
            parts.append(f"{group} {t1 / len(members):.3f}/{t3 / len(members):.3f} ({t1}/{t3} of {len(members)})")
        print(f"{'':<22} by {label} (top-1/top-3): " + "  ".join(parts))
    if verbose:
        for row in rows:
            if not verdicts[row.file][0]:
                proposal, candidates, confidence = results.get(row.file, ("", [], 0))
                print(f"    miss {row.file}: want {row.word!r}, got {proposal!r} ({confidence}), candidates {candidates[:4]}")
    sys.stdout.flush()
    return verdicts


def reliability(title, pairs):
    """Prints the proposals in confidence bins; `pairs` is [(confidence, right)]."""
    cells = []
    for low, high in BINS:
        inside = [right for confidence, right in pairs if low <= confidence <= high]
        share = f"{sum(inside) / len(inside):.0%}" if inside else "-"
        cells.append(f"{low}-{high}: {sum(inside)}/{len(inside)} right ({share})")
    print(f"{title:<22} confidence " + "  ".join(cells))
    sys.stdout.flush()


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_pipeline(binary, folder, rows, workers, inspect=None):
    """Files the rows' images with `wordbook ingest --json` into a scratch word book. `inspect`, when
    given, is called with the word book's path and each file's JSON line before the scratch goes."""
    scratch = tempfile.mkdtemp(prefix="wordbook-accuracy-")
    try:
        config = os.path.join(scratch, "config.toml")
        with open(config, "w") as f:
            f.write(f'[paths]\ndata = "{os.path.join(scratch, "data")}"\n')
        database = os.path.join(scratch, "accuracy.sqlite")
        evidence_path = os.path.join(scratch, "evidence.tsv")
        env = dict(os.environ, OMP_THREAD_LIMIT="1", WORDBOOK_EVIDENCE=evidence_path)
        groups = {}
        for row in rows:
            groups.setdefault(row.language, []).append(os.path.join(folder, row.file))
        results, entries = {}, {}
        start, cpu_start = time.time(), children_cpu()
        for language, paths in groups.items():
            command = [binary, "ingest", "--json", "--workers", str(workers), "--db", database, "--config", config]
            if language:
                command += ["--language", language]
            done = subprocess.run(command + paths, capture_output=True, text=True, env=env)
            for line in done.stdout.splitlines():
                if not line.startswith("{"):
                    continue
                entry = json.loads(line)
                key = os.path.relpath(entry["file"], folder)
                entries[key] = entry
                if entry.get("status") == "failed":
                    print(f"    failed {key}: {entry.get('error')}", file=sys.stderr)
                results[key] = (entry.get("word") or "", entry.get("candidates") or [], entry.get("confidence") or 0)
            if done.returncode not in (0, 1):
                sys.exit(f"{' '.join(command[:8])} ... failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
        elapsed, cpu = time.time() - start, children_cpu() - cpu_start
        evidence = {}
        if os.path.exists(evidence_path):
            with open(evidence_path, encoding="utf-8") as f:
                for line in f:
                    fields = line.rstrip("\n").split("\t")
                    evidence[os.path.relpath(fields[0], folder)] = fields[1:]
        if inspect:
            inspect(database, entries)
        return results, evidence, elapsed, cpu
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def plain_tesseract(path, kind, language):
    command = ["tesseract", path, "stdout", "-l", TESSERACT_LANGUAGES.get(language or "en", "eng")]
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    if kind == "crops":
        text = subprocess.run(command + ["--psm", "7"], capture_output=True, text=True, env=env).stdout
        return " ".join(text.split()), [], 0
    with tempfile.TemporaryDirectory() as scratch:
        size, upright = put_upright(path, scratch)
        command[1] = upright
        tsv = subprocess.run(command + ["tsv"], capture_output=True, text=True, env=env).stdout
    words = []
    for entry in csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE):
        text = (entry.get("text") or "").strip()
        if entry.get("level") != "5" or not any(c.isalpha() for c in text):
            continue
        x = int(entry["left"]) + int(entry["width"]) / 2
        y = int(entry["top"]) + int(entry["height"]) / 2
        words.append(((x - size[0] / 2) ** 2 + (y - size[1] / 2) ** 2 if size else 0, text, float(entry["conf"])))
    words.sort(key=lambda w: w[0])  # stable: ties keep reading order
    return (words[0][1], [w[1] for w in words[1:]], int(words[0][2])) if words else ("", [], 0)


def put_upright(path, scratch):
    """(width, height) of the photo as shown, and a file Tesseract reads upright: the photo itself,
    or a PNG turned by its EXIF orientation."""
    from PIL import Image, ImageOps
    with Image.open(path) as image:
        if image.getexif().get(0x0112, 1) in (0, 1):
            return image.size, path
        shown = ImageOps.exif_transpose(image)
        upright = os.path.join(scratch, "upright.png")
        shown.save(upright)
        return shown.size, upright


def run_baseline(folder, rows, kinds, workers):
    start, cpu_start = time.time(), children_cpu()
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        futures = {row.file: pool.submit(plain_tesseract, os.path.join(folder, row.file), kinds[row.file], row.language)
                   for row in rows}
        results = {file: future.result() for file, future in futures.items()}
    return results, time.time() - start, children_cpu() - cpu_start


def anchor_version():
    """The pinned rapidocr version, from bench/anchor-requirements.txt."""
    with open(os.path.join(ROOT, "bench/anchor-requirements.txt"), encoding="utf-8") as f:
        for line in f:
            if line.lower().startswith("rapidocr=="):
                return line.split("==", 1)[1].strip()
    return "unpinned"


def run_anchor(folder, rows, per_language):
    """Prints the anchor's line for a photo folder: from the cache, or by running bench/anchor.sh. The anchor
    reads ROOT/LANGUAGE/labels.tsv for each language; a folder of its own is one such LANGUAGE."""
    name = f"rapidocr {anchor_version()} anchor"
    if per_language:
        root, languages = folder, sorted({row.language for row in rows})
    else:
        root, languages = os.path.dirname(folder), [os.path.basename(folder)]
    key = hashlib.sha256(anchor_version().encode())
    for path in [os.path.join(root, language, "labels.tsv") for language in languages] + [ANCHOR_SCRIPT]:
        if not os.path.exists(path):
            print(f"{name:<22} not run: {path} is missing")
            return
        with open(path, "rb") as f:
            key.update(hashlib.sha256(f.read()).digest())
    cache = os.path.join(ANCHOR_CACHE, f"{os.path.basename(folder)}-{key.hexdigest()[:16]}.json")
    if os.path.exists(cache):
        with open(cache, encoding="utf-8") as f:
            found = json.load(f)
        note = "cached"
    else:
        setup = subprocess.run(["bash", ANCHOR, "--setup"], capture_output=True, text=True)
        if setup.returncode != 0:
            lines = setup.stderr.strip().splitlines() or ["no message"]
            last = next((line for line in reversed(lines) if line.startswith("ERROR")), lines[-1])
            print(f"{name:<22} not run: its environment could not be installed ({last})")
            return
        start, cpu_start = time.time(), children_cpu()
        done = subprocess.run(["bash", ANCHOR, root, ",".join(languages)], capture_output=True, text=True)
        elapsed, cpu = time.time() - start, children_cpu() - cpu_start
        found = {"languages": {}, "elapsed": elapsed, "cpu": cpu}
        for line in done.stdout.splitlines():
            match = re.match(r"(\S+): (\d+)/(\d+) top-1 ", line)
            if match and match.group(1) in languages:
                found["languages"][match.group(1)] = [int(match.group(2)), int(match.group(3))]
            elif line.startswith("rapidocr: "):
                found["last"] = line
        if done.returncode != 0 or "last" not in found or set(found["languages"]) != set(languages):
            print(f"{name:<22} failed ({done.returncode}): {(done.stderr.strip() or done.stdout.strip())[-500:]}")
            return
        os.makedirs(ANCHOR_CACHE, exist_ok=True)
        with open(cache, "w", encoding="utf-8") as f:
            json.dump(found, f, indent=1)
        note = "just run"
    top1 = sum(right for right, _ in found["languages"].values())
    n = max(sum(count for _, count in found["languages"].values()), 1)
    print(f"{name:<22} top-1 {top1 / n:.3f} ({top1})  top-3 -  CER -  any -  "
          f"{found['elapsed'] / n:.3f} s/image wall (1 process), {found['cpu'] / n:.3f} s/image CPU  (n={n}; "
          f"its own exact scoring, top-1 only; {note}: {found['last']})")
    if len(languages) > 1:
        parts = [f"{language} {right / count:.3f} ({right} of {count})" for language, (right, count) in sorted(found["languages"].items())]
        print(f"{'':<22} by language (top-1): " + "  ".join(parts))
    sys.stdout.flush()


def save(path, saved):
    """Writes the pipeline's answers as TSV: file, label, proposal, confidence, candidates, right, evidence."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, delimiter="\t", lineterminator="\n")
        writer.writerow(["file", "label", "proposal", "confidence", "candidates", "right"] + EVIDENCE)
        writer.writerows(saved)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", metavar="FOLDER", help="a folder with images and labels.tsv, or with one such folder per language")
    parser.add_argument("--kind", choices=["crops", "photos"], help="how plain tesseract reads them (default: by image size)")
    parser.add_argument("--limit", type=int, help="only the first N labelled images of each folder")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/wordbook"), help="the wordbook binary")
    parser.add_argument("--workers", type=int, default=2, help="worker threads for both systems (default 2)")
    parser.add_argument("--skip-baseline", action="store_true", help="don't run plain tesseract")
    parser.add_argument("--skip-anchor", action="store_true", help="don't run (or show) the RapidOCR anchor")
    parser.add_argument("--save", metavar="FILE", help="write the pipeline's answer for every image as TSV")
    parser.add_argument("--verbose", action="store_true", help="list every miss")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"{args.binary} is not an executable; build it first (swift build -c release)")

    joined, saved = [], []
    for folder in args.folders:
        folder = os.path.abspath(folder)
        rows = read_labels(folder)
        if args.limit:
            rows = rows[:args.limit]
        if not rows:
            sys.exit(f"no labelled images in {folder}/labels.tsv")
        per_language = not os.path.exists(os.path.join(folder, "labels.tsv"))
        # A folder is of crops when most of its images are (a crop set holds a few large crops too).
        sizes = [image_size(os.path.join(folder, row.file)) for row in rows]
        small = sum(1 for size in sizes if size and max(size) < 1000)
        kind = args.kind or ("crops" if not per_language and small * 2 > len(rows) else "photos")
        kinds = {row.file: kind for row in rows}
        described = ", ".join(f"{sum(k == kind for k in kinds.values())} {kind}" for kind in sorted(set(kinds.values())))
        print(f"{folder}: {len(rows)} images ({described}){'; exact labels' if per_language else ''}")

        results, evidence, elapsed, cpu = run_pipeline(args.binary, folder, rows, args.workers)
        verdicts = score("wordbook ingest", results, rows, elapsed, cpu, args.workers, args.verbose, per_language)
        pairs = [(results.get(row.file, ("", [], 0))[2], verdicts[row.file][0]) for row in rows]
        reliability("wordbook ingest", pairs)
        joined += pairs
        for row in rows:
            proposal, candidates, confidence = results.get(row.file, ("", [], 0))
            saved.append([os.path.join(os.path.basename(folder), row.file), row.word, proposal, confidence,
                          " | ".join(candidates), int(verdicts[row.file][0])] + evidence.get(row.file, []))
        if not args.skip_baseline:
            modes = " / ".join(sorted({"--psm 7" if k == "crops" else "TSV, word nearest the centre" for k in kinds.values()}))
            results, elapsed, cpu = run_baseline(folder, rows, kinds, args.workers)
            score(f"tesseract ({modes})", results, rows, elapsed, cpu, args.workers, args.verbose, per_language)
        if set(kinds.values()) == {"photos"} and (per_language or not has_header(folder)) and not args.skip_anchor:
            if args.limit:
                print(f"{'rapidocr anchor':<22} not run: it reads the whole set, and --limit is given")
            else:
                run_anchor(folder, rows, per_language)
        print()
    if len(args.folders) > 1 and joined:
        reliability(f"all sets above", joined)
    if args.save:
        save(args.save, saved)
        print(f"wrote {len(saved)} answers of wordbook ingest to {args.save}")


if __name__ == "__main__":
    main()
