#!/usr/bin/env python3
"""Recognition accuracy: what `wordbook ingest` proposes, beside plain `tesseract`, on a labelled folder.

Usage: python3 bench/accuracy.py FOLDER [--kind crops|photos] [--limit N] [--binary PATH]
                                        [--workers N] [--skip-baseline] [--verbose]

FOLDER holds the images and labels.tsv (`file<TAB>word[<TAB>...]`, an optional header line starting
with `file`; a header naming a `language` column passes `--language` per image). The pipeline runs
as `wordbook ingest --json` on a scratch database and configuration; plain tesseract reads the same
images: `--psm 7`, whole output, for crops; default mode, longest alphabetic token, for photos.
`--kind` defaults by image size (long edge under 1000 px: crops).

One line per system: top-1 (proposal equals the label, ignoring case and surrounding punctuation),
top-3 (label among the proposal and the first two candidates), mean character error rate
(Levenshtein distance / label length, case-insensitive), any (label among all candidates), wall seconds per image (with the worker
count used) and CPU seconds per image. Standard library only.
"""
import argparse, concurrent.futures, json, os, re, resource, shutil, struct, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESSERACT_LANGUAGES = {"en": "eng", "de": "deu", "fr": "fra", "es": "spa"}


def read_labels(folder):
    """[(file, word, language or None)] in file order."""
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
            rows.append((fields[0], fields[1] if len(fields) > 1 else "", language or None))
    return rows


def normalise(text):
    """Case-folded, without punctuation around the word."""
    text = (text or "").strip()
    start, end = 0, len(text)
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return text[start:end].casefold()


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


def score(name, results, rows, elapsed, cpu, workers, verbose):
    """Prints one line for a system; `results` maps file to (proposal, candidates)."""
    top1 = top3 = anywhere = inner = 0
    cer_total = 0.0
    misses = []
    for file, label, _ in rows:
        proposal, candidates = results.get(file, ("", []))
        want = normalise(label)
        got = normalise(proposal)
        readings = [got] + [normalise(c) for c in candidates[:2]]
        top1 += got == want
        top3 += want in readings
        anywhere += want in [got] + [normalise(c) for c in candidates]
        cer_total += levenshtein(got, want) / max(len(want), 1)
        if got != want and "".join(filter(str.isalnum, got)) == "".join(filter(str.isalnum, want)):
            inner += 1
        if got != want:
            misses.append((file, label, proposal, candidates[:4]))
    n = max(len(rows), 1)
    print(f"{name:<22} top-1 {top1 / n:.3f} ({top1})  top-3 {top3 / n:.3f} ({top3})  CER {cer_total / n:.3f}  any {anywhere / n:.3f}  "
          f"{elapsed / n:.3f} s/image wall ({workers} workers), {cpu / n:.3f} s/image CPU  (n={len(rows)}; "
          f"{inner} top-1 misses differ only in inner punctuation)")
    if verbose:
        for file, label, proposal, candidates in misses:
            print(f"    miss {file}: want {label!r}, got {proposal!r}, candidates {candidates}")
    sys.stdout.flush()


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_pipeline(binary, folder, rows, workers):
    scratch = tempfile.mkdtemp(prefix="wordbook-accuracy-")
    try:
        config = os.path.join(scratch, "config.toml")
        with open(config, "w") as f:
            f.write(f'[paths]\ndata = "{os.path.join(scratch, "data")}"\n')
        database = os.path.join(scratch, "accuracy.sqlite")
        env = dict(os.environ, OMP_THREAD_LIMIT="1")
        groups = {}
        for file, _, language in rows:
            groups.setdefault(language, []).append(os.path.join(folder, file))
        results = {}
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
                if entry.get("status") == "failed":
                    print(f"    failed {key}: {entry.get('error')}", file=sys.stderr)
                results[key] = (entry.get("word") or "", entry.get("candidates") or [])
            if done.returncode not in (0, 1):
                sys.exit(f"{' '.join(command[:8])} ... failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
        return results, time.time() - start, children_cpu() - cpu_start
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def plain_tesseract(path, kind, language):
    command = ["tesseract", path, "stdout", "-l", TESSERACT_LANGUAGES.get(language or "en", "eng")]
    if kind == "crops":
        command += ["--psm", "7"]
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    text = subprocess.run(command, capture_output=True, text=True, env=env).stdout
    if kind == "crops":
        return " ".join(text.split()), []
    tokens = [t for t in text.split() if normalise(t).isalpha()]
    tokens.sort(key=lambda t: -len(normalise(t)))  # stable: ties keep reading order
    return (tokens[0], tokens[1:]) if tokens else ("", [])


def run_baseline(folder, rows, kinds, workers):
    start, cpu_start = time.time(), children_cpu()
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        futures = {file: pool.submit(plain_tesseract, os.path.join(folder, file), kinds[file], language)
                   for file, _, language in rows}
        results = {file: future.result() for file, future in futures.items()}
    return results, time.time() - start, children_cpu() - cpu_start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", help="a folder with images and labels.tsv")
    parser.add_argument("--kind", choices=["crops", "photos"], help="how plain tesseract reads them (default: by image size)")
    parser.add_argument("--limit", type=int, help="only the first N labelled images")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/wordbook"), help="the wordbook binary")
    parser.add_argument("--workers", type=int, default=2, help="worker threads for both systems (default 2)")
    parser.add_argument("--skip-baseline", action="store_true", help="don't run plain tesseract")
    parser.add_argument("--verbose", action="store_true", help="list every miss")
    args = parser.parse_args()

    folder = os.path.abspath(args.folder)
    rows = read_labels(folder)
    if args.limit:
        rows = rows[:args.limit]
    if not rows:
        sys.exit(f"no labelled images in {folder}/labels.tsv")
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"{args.binary} is not an executable; build it first (swift build -c release)")

    kinds = {}
    for file, _, _ in rows:
        size = args.kind or image_size(os.path.join(folder, file))
        kinds[file] = args.kind or ("crops" if size and max(size) < 1000 else "photos")
    described = ", ".join(f"{sum(k == kind for k in kinds.values())} {kind}" for kind in sorted(set(kinds.values())))
    print(f"{folder}: {len(rows)} images ({described})")

    results, elapsed, cpu = run_pipeline(args.binary, folder, rows, args.workers)
    score("wordbook ingest", results, rows, elapsed, cpu, args.workers, args.verbose)
    if not args.skip_baseline:
        modes = " / ".join(sorted({"--psm 7" if k == "crops" else "default, longest word" for k in kinds.values()}))
        results, elapsed, cpu = run_baseline(folder, rows, kinds, args.workers)
        score(f"tesseract ({modes})", results, rows, elapsed, cpu, args.workers, args.verbose)


if __name__ == "__main__":
    main()
