#!/usr/bin/python3
"""Throughput of the photo pipeline against the loop a user would write by hand, and where its time goes.

Usage: bench/throughput.py [DATASETS] [--binary PATH] [--quick] [--crops N] [--rss-photos N] [--pairs N] [--keep DIR]

DATASETS (default ../shared/datasets) holds photos-dev/ (12-MP phone photos) and iiit5k-train/
(word crops, the first --crops of labels.tsv, default 500). On the same images, one after another:

- `wordbook ingest --workers 1` and `--workers 2` on a scratch database (the whole pipeline: read,
  hash, decode, orient, resize, encode, recognise, commit), each under `/usr/bin/time -v`, with the
  hidden `--timings FILE` that writes each photo's stage times (monotonic clock) as JSON lines;
- the hand loop: for each image `tesseract IMG stdout`, then one `sqlite3 DB "INSERT ..."` of the
  text, in the environment the bench was started with (Tesseract's OpenMP as installed);
- images per second of each and the ratios pipeline / hand loop.

Then, for the 12-MP photos: per-stage wall milliseconds (p50, p95) and the share of the 1-worker
wall time spent inside Tesseract's C API; JPEG decode at full size against the DCT-scaled size the
pipeline uses (`--timings-full-decode`, a separate run); peak RSS of `ingest --workers 2` over
--rss-photos photos (default 200: copies of photos-dev, each with its own JPEG comment so that no
two share a SHA-256), and the same burst with 1 worker, the 2-workers-against-1 ratio of the
targets (on 24 photos, starting the process and the last photo's tail weigh too much): --pairs
runs of each (default 3), alternating, median against median, beside what the machine itself gives
two single-threaded `tesseract` loops at once against one; and `wordbook run` latency from a rename
into the inbox to the committed row, against that photo's own recognition time (from `run --timings`)
plus 100 ms.

Then the floor of the share outside Tesseract: the photos decoded at 1/8 (bench/jpeg-scales.py), the
least any decode of a whole JPEG costs, plus the stages every design has (read, hash, lookup, encode,
store), against the time inside Tesseract. Ends with the table of issue 4's targets. --quick runs
a few images of each kind (a smoke test; its ratios are not the targets' numbers). Standard library
only; scratch folders are removed unless --keep DIR, which keeps the databases, timing files and
logs there.
"""
import argparse
import importlib.util
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_bench(name):
    """Another bench script as a module (their file names are not importable names)."""
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), os.path.join(ROOT, "bench", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


accuracy = load_bench("accuracy")
jpeg_scales = load_bench("jpeg-scales")
inbox_latency = load_bench("inbox-latency")


def percentile(values, p):
    """Nearest-rank percentile of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def load_line():
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} (1 min) {five:.2f} (5 min)"


def time_v_field(report, name):
    """One field of `/usr/bin/time -v` output, as text."""
    for line in report.splitlines():
        if line.strip().startswith(name):
            return line.rsplit(":", 1)[1].strip()
    return None


class Scratch:
    """One folder for the run's databases, configuration, timing files and logs."""

    def __init__(self, keep):
        self.keep = keep
        self.root = os.path.abspath(keep) if keep else tempfile.mkdtemp(prefix="wordbook-throughput-")
        os.makedirs(self.root, exist_ok=True)
        self.config = self.path("config.toml")
        with open(self.config, "w") as f:
            f.write(f'[paths]\ndata = "{self.path("data")}"\n')

    def path(self, name):
        return os.path.join(self.root, name)

    def fresh(self, name):
        """A path in the scratch folder with nothing at it (nor SQLite's side files)."""
        path = self.path(name)
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        return path

    def close(self):
        if not self.keep:
            shutil.rmtree(self.root, ignore_errors=True)


def run_ingest(binary, scratch, label, images, workers, extra=()):
    """`wordbook ingest` over `images` on a fresh database: (wall seconds, peak RSS KiB, timings, outcomes,
    share of a core the process got)."""
    database = scratch.fresh(f"{label}.sqlite")
    timings = scratch.fresh(f"{label}.timings.jsonl")
    rss_report = scratch.fresh(f"{label}.time-v.txt")
    command = ["/usr/bin/time", "-v", "-o", rss_report, binary, "ingest", "--json", "--workers", str(workers),
               "--db", database, "--config", scratch.config, "--timings", timings, *extra, *images]
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    outcomes = {}
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            entry = json.loads(line)
            outcomes[entry["file"]] = entry
    if done.returncode not in (0, 1) or len(outcomes) != len(images):
        sys.exit(f"wordbook ingest ({label}) failed with status {done.returncode}: {done.stderr.strip()[-2000:]}")
    failed = [entry for entry in outcomes.values() if entry["status"] != "filed"]
    for entry in failed[:5]:
        print(f"    not filed: {entry['file']}: {entry['status']} {entry.get('error', '')}")
    with open(rss_report) as f:
        report = f.read()
    rss, cpu = int(time_v_field(report, "Maximum resident set size")), time_v_field(report, "Percent of CPU this job got")
    with open(timings) as f:
        stages = [json.loads(line) for line in f if line.strip()]
    return wall, rss, stages, outcomes, cpu


def run_hand_loop(scratch, label, images):
    """For each image `tesseract IMG stdout`, then one `sqlite3` insert of its text: wall seconds."""
    database = scratch.fresh(f"{label}.sqlite")
    subprocess.run(["sqlite3", database, "CREATE TABLE word (id INTEGER PRIMARY KEY, file TEXT, text TEXT)"], check=True)
    env = {key: value for key, value in os.environ.items()}
    start = time.perf_counter()
    for image in images:
        text = subprocess.run(["tesseract", image, "stdout"], capture_output=True, text=True, env=env).stdout
        quoted = lambda value: "'" + value.replace("'", "''") + "'"
        subprocess.run(["sqlite3", database, f"INSERT INTO word (file, text) VALUES ({quoted(image)}, {quoted(text.strip())})"],
                       check=True, env=env)
    wall = time.perf_counter() - start
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT count(*) FROM word").fetchone()[0]
    if rows != len(images):
        sys.exit(f"the hand loop inserted {rows} rows for {len(images)} images")
    return wall


def stage_values(timings, stage):
    return [line["stages"].get(stage, 0.0) for line in timings]


PIPELINE_STAGES = ["read", "hash", "lookup", "decode", "orient", "resize", "encode", "recognize", "store"]


def print_stages(title, timings, wall):
    """p50/p95 per stage, recognition split into Tesseract's calls and the rest, and shares of the wall time."""
    filed = [line for line in timings if line["outcome"] == "filed"]
    if not filed:
        print(f"  {title}: no photo filed")
        return None
    rows = []
    for stage in PIPELINE_STAGES:
        values = stage_values(filed, stage)
        if stage == "recognize":
            tesseract = stage_values(filed, "tesseract")
            rows.append(("recognize: inside Tesseract", tesseract))
            rows.append(("recognize: the rest", [r - t for r, t in zip(values, tesseract)]))
            continue
        rows.append((stage, values))
    totals = [line["total"] for line in filed]
    other = [line["total"] - sum(line["stages"].get(s, 0.0) for s in PIPELINE_STAGES) for line in filed]
    rows.append(("unaccounted (between stages)", other))
    rows.append(("total per photo", totals))
    summed_wall_ms = wall * 1000
    print(f"  {title}: {len(filed)} photos, ms per photo; share = sum over photos / process wall time "
          f"({wall:.2f} s)")
    print(f"    {'stage':<30} {'p50':>9} {'p95':>9} {'mean':>9} {'share':>7}")
    for name, values in rows:
        share = sum(values) / summed_wall_ms * 100
        print(f"    {name:<30} {percentile(values, 50):>9.1f} {percentile(values, 95):>9.1f} "
              f"{statistics.mean(values):>9.1f} {share:>6.1f}%")
    calls = [line["tesseractCalls"] for line in filed]
    print(f"    Tesseract calls per photo: p50 {percentile(calls, 50)}, max {max(calls)}")
    inside = sum(stage_values(filed, "tesseract")) / 1000
    outside = 1 - inside / wall
    print(f"    outside Tesseract: {outside * 100:.1f}% of the process wall time (start-up and model loading "
          f"included), {(1 - inside / (sum(totals) / 1000)) * 100:.1f}% of the photos' own time")
    return outside


def distinct_copies(sources, count, folder):
    """`count` JPEGs cycled from `sources`, each with a comment segment (FF FE) after SOI naming its copy,
    so that every file is valid and has its own SHA-256."""
    os.makedirs(folder, exist_ok=True)
    paths = []
    for index in range(count):
        with open(sources[index % len(sources)], "rb") as f:
            data = f.read()
        assert data[:2] == b"\xff\xd8", f"{sources[index % len(sources)]} is not a JPEG"
        comment = f"throughput copy {index}".encode()
        segment = b"\xff\xfe" + (len(comment) + 2).to_bytes(2, "big") + comment
        path = os.path.join(folder, f"copy_{index:04d}.jpg")
        with open(path, "wb") as f:
            f.write(data[:2] + segment + data[2:])
        paths.append(path)
    return paths


def warm(images):
    """Reads every image once, so that the first timed run does not pay for the disk."""
    for image in images:
        with open(image, "rb") as f:
            while f.read(1 << 20):
                pass


def throughput_set(binary, scratch, label, images):
    """1 worker, 2 workers and the hand loop on the same images; prints images/s and ratios."""
    warm(images)
    subprocess.run(["tesseract", images[0], "stdout"], capture_output=True)  # the model file into the page cache
    print(f"\n== {label}: {len(images)} images  ({load_line()})")
    results = {}
    for workers in (1, 2):
        wall, rss, timings, outcomes, cpu = run_ingest(binary, scratch, f"{label}-{workers}w", images, workers)
        filed = sum(entry["status"] == "filed" for entry in outcomes.values())
        results[workers] = (wall, timings)
        print(f"  wordbook ingest, {workers} worker{'s' if workers > 1 else ' '}  {len(images) / wall:7.2f} images/s  "
              f"({wall:.1f} s, {filed} filed, peak RSS {rss / 1024:.0f} MiB, CPU {cpu})  {load_line()}")
    hand = run_hand_loop(scratch, f"{label}-hand", images)
    print(f"  hand loop (tesseract + sqlite3) {len(images) / hand:7.2f} images/s  ({hand:.1f} s)  {load_line()}")
    one, two = results[1][0], results[2][0]
    ratios = {"1w/hand": hand / one, "2w/hand": hand / two, "2w/1w": one / two}
    print("  ratios: " + ", ".join(f"{name} {value:.2f}x" for name, value in ratios.items()))
    return ratios, results


def decode_sizes(binary, scratch, images):
    """Decode at full size against the DCT-scaled decode the pipeline does, on the same photos."""
    _, _, timings, _, _ = run_ingest(binary, scratch, "full-decode", images, 1, extra=["--timings-full-decode"])
    scaled, full = stage_values(timings, "decode"), stage_values(timings, "fullDecode")
    sizes = [accuracy.image_size(image) for image in images]
    print(f"\n== JPEG decode, 1 worker, {len(images)} photos ({sizes[0][0]} x {sizes[0][1]}): ms per photo  ({load_line()})")
    print(f"    {'decode':<30} {'p50':>9} {'p95':>9}")
    print(f"    {'full size':<30} {percentile(full, 50):>9.1f} {percentile(full, 95):>9.1f}")
    print(f"    {'DCT-scaled (the pipeline)':<30} {percentile(scaled, 50):>9.1f} {percentile(scaled, 95):>9.1f}")
    return statistics.median(full), statistics.median(scaled)


def outside_floor(timings, photos_dir):
    """The least time outside Tesseract a photo can take: its whole JPEG decoded at 1/8 (every coefficient
    is still Huffman-decoded; bench/jpeg-scales.py), plus the stages no design avoids (read, hash, lookup,
    encode, store) as measured, against the time inside Tesseract as measured."""
    filed = [line for line in timings if line["outcome"] == "filed"]
    means, _, _ = jpeg_scales.measure(photos_dir, 5)
    fixed = {stage: statistics.mean(stage_values(filed, stage)) for stage in ("read", "hash", "lookup", "encode", "store")}
    tesseract = statistics.mean(stage_values(filed, "tesseract"))
    floor = means[(1, 8)] + sum(fixed.values())
    print(f"\n== The floor outside Tesseract, 12-MP photos, 1 worker: mean ms per photo  ({load_line()})")
    print(f"    JPEG decode by DCT scale (bench/jpeg-scales.py): "
          + ", ".join(f"{num}/{denom} {value:.1f}" for (num, denom), value in means.items()))
    print(f"    decode at 1/8 {means[(1, 8)]:.1f} + " + " + ".join(f"{stage} {value:.1f}" for stage, value in fixed.items())
          + f" = {floor:.1f} ms, against {tesseract:.1f} ms inside Tesseract: "
          f"at least {floor / (floor + tesseract) * 100:.0f}% outside, with nothing else done")
    return floor / (floor + tesseract)


def peak_rss(binary, scratch, photos, count, pairs):
    """Peak RSS of `ingest --workers 2` over `count` distinct photos, and 2 workers against 1 on that burst:
    `pairs` runs of each, alternating, so that a slow minute of the machine does not fall on one side only."""
    folder = scratch.path("rss-photos")
    images = distinct_copies(photos, count, folder)
    warm(images)
    print(f"\n== A burst of {count} distinct 12-MP photos: peak RSS with 2 workers, and 2 workers against 1 "
          f"({pairs} runs each, alternating)  ({load_line()})")
    walls, rss, filed = {1: [], 2: []}, 0, count
    for run in range(pairs):
        for workers in (2, 1):
            wall, peak, _, outcomes, cpu = run_ingest(binary, scratch, f"burst-{workers}w", images, workers)
            walls[workers].append(wall)
            filed = min(filed, sum(entry["status"] == "filed" for entry in outcomes.values()))
            if workers == 2:
                rss = max(rss, peak)
            print(f"    run {run + 1}, {workers} worker{'s' if workers > 1 else ' '}: {wall:5.1f} s, {count / wall:6.2f} images/s, "
                  f"peak RSS {peak / 1024:.0f} MiB, CPU {cpu}  ({load_line()})")
    ratio = statistics.median(walls[1]) / statistics.median(walls[2])
    pair_ratios = ", ".join(f"{one / two:.2f}x" for one, two in zip(walls[1], walls[2]))
    print(f"    peak RSS with 2 workers: {rss / 1024:.0f} MiB ({rss} KiB, /usr/bin/time -v, highest of {pairs} runs); "
          f"{filed} of {count} filed in each")
    print(f"    2 workers vs 1, median wall against median wall: {ratio:.2f}x (run by run: {pair_ratios})")
    shutil.rmtree(folder, ignore_errors=True)
    return rss / 1024, filed, ratio


def machine_ceiling(image, rounds=3, calls=6):
    """What this machine gives two busy cores at all: `calls` single-threaded `tesseract` runs one after another,
    alone and as two such loops at once. Two independent processes share nothing but the machine, so their
    ratio bounds any 2-against-1 ratio measured here."""
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    command = ["tesseract", image, "stdout"]

    def loop():
        return subprocess.Popen(["/bin/sh", "-c", " ; ".join([" ".join(command) + " >/dev/null 2>&1"] * calls)], env=env)

    ratios = []
    for _ in range(rounds):
        start = time.perf_counter()
        loop().wait()
        alone = time.perf_counter() - start
        start = time.perf_counter()
        both = [loop(), loop()]
        for process in both:
            process.wait()
        together = time.perf_counter() - start
        ratios.append(2 * alone / together)
    print(f"\n== This machine's own 2-against-1: two loops of {calls} single-threaded `tesseract` runs at once "
          f"against one loop alone  ({load_line()})")
    print(f"    {statistics.median(ratios):.2f}x median of {rounds} ({', '.join(f'{r:.2f}x' for r in ratios)})")
    return statistics.median(ratios)


def run_latency(binary, scratch, photos):
    timings_path = scratch.fresh("run.timings.jsonl")
    print(f"\n== wordbook run, 1 worker: rename into the inbox -> row committed, one photo at a time  ({load_line()})")
    results = inbox_latency.measure(binary, photos, {}, extra_arguments=["--timings", timings_path],
                                    report=lambda line: None)
    with open(timings_path) as f:
        recognition = {line["file"]: line["stages"].get("recognize", 0.0) for line in map(json.loads, f) if line["outcome"] == "filed"}
    latency = [elapsed * 1000 for _, elapsed, _ in results]
    recognised = [recognition[name] for name, _, _ in results]
    over = [lat - rec for lat, rec in zip(latency, recognised)]
    print(f"    {'ms':<32} {'p50':>9} {'p95':>9}")
    for name, values in [("latency", latency), ("recognition (same photo)", recognised),
                         ("latency - recognition", over)]:
        print(f"    {name:<32} {percentile(values, 50):>9.1f} {percentile(values, 95):>9.1f}")
    return latency, recognised, over


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("datasets", nargs="?", default=os.path.join(ROOT, "..", "shared", "datasets"),
                        help="the folder with photos-dev/ and iiit5k-train/")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/wordbook"), help="the wordbook binary")
    parser.add_argument("--quick", action="store_true", help="a few images of each kind: a smoke test")
    parser.add_argument("--crops", type=int, default=500, help="word crops from iiit5k-train (default 500)")
    parser.add_argument("--rss-photos", type=int, default=200, help="photos for the peak RSS run (default 200)")
    parser.add_argument("--pairs", type=int, default=3, help="runs of the burst with 1 and with 2 workers (default 3)")
    parser.add_argument("--keep", metavar="DIR", help="keep databases, timing files and logs in DIR")
    args = parser.parse_args()

    if not os.access(args.binary, os.X_OK):
        sys.exit(f"{args.binary} is not an executable; build it first (swift build -c release)")
    for tool in ("tesseract", "sqlite3"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is not installed; the hand loop needs it")
    if not os.access("/usr/bin/time", os.X_OK):
        sys.exit("/usr/bin/time is not installed (Debian package: time); the peak RSS needs it")
    photos_dir = os.path.join(args.datasets, "photos-dev")
    crops_dir = os.path.join(args.datasets, "iiit5k-train")
    photos = [os.path.join(photos_dir, row.file) for row in accuracy.read_labels(photos_dir)]
    crops = [os.path.join(crops_dir, row.file) for row in accuracy.read_labels(crops_dir)][:args.crops]
    rss_count, latency_photos = args.rss_photos, photos
    if args.quick:
        photos, crops, rss_count, latency_photos = photos[:4], crops[:40], min(args.rss_photos, 16), photos[:4]
        args.pairs = 1

    tesseract_version = subprocess.run(["tesseract", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    print(f"binary    {args.binary}")
    print(f"machine   {os.cpu_count()} cores, {load_line()}; {tesseract_version}; "
          f"OMP_THREAD_LIMIT for the hand loop: {os.environ.get('OMP_THREAD_LIMIT', 'unset')}"
          f"{' (--quick: a smoke test, not the targets)' if args.quick else ''}")

    scratch = Scratch(args.keep)
    try:
        photo_ratios, photo_runs = throughput_set(args.binary, scratch, "photos-dev", photos)
        crop_ratios, crop_runs = throughput_set(args.binary, scratch, f"iiit5k-train-{len(crops)}", crops)

        print(f"\n== Where the time goes, 12-MP photos")
        outside = print_stages("1 worker", photo_runs[1][1], photo_runs[1][0])
        print_stages("2 workers (shares are of twice the wall time)", photo_runs[2][1], photo_runs[2][0] * 2)
        print(f"\n== Where the time goes, word crops")
        print_stages("1 worker", crop_runs[1][1], crop_runs[1][0])
        full, scaled = decode_sizes(args.binary, scratch, photos)
        floor = outside_floor(photo_runs[1][1], photos_dir)
        rss, rss_filed, burst_ratio = peak_rss(args.binary, scratch, photos, rss_count, args.pairs)
        ceiling = machine_ceiling(photos[0])
        _, _, over = run_latency(args.binary, scratch, latency_photos)

        print(f"\n== Targets (issue 4){'  --quick: smoke test only' if args.quick else ''}  ({load_line()})")
        rows = [
            ("12-MP photos, 2 workers vs hand loop", ">= 5x", f"{photo_ratios['2w/hand']:.2f}x", photo_ratios["2w/hand"] >= 5),
            ("12-MP photos, 1 worker vs hand loop", ">= 3x", f"{photo_ratios['1w/hand']:.2f}x", photo_ratios["1w/hand"] >= 3),
            (f"2 workers vs 1 worker (12-MP, {rss_count} photos)", ">= 1.8x",
             f"{burst_ratio:.2f}x ({len(photos)}: {photo_ratios['2w/1w']:.2f}x)", burst_ratio >= 1.8),
            ("  (this machine's own, two tesseract loops)", "", f"{ceiling:.2f}x", None),
            ("small crops, 2 workers vs hand loop", ">= 5x", f"{crop_ratios['2w/hand']:.2f}x", crop_ratios["2w/hand"] >= 5),
            ("wall time outside Tesseract, 1 worker, 12-MP", "<= 15%", f"{outside * 100:.1f}%", outside <= 0.15),
            ("  (its floor: decode at 1/8, read, hash, encode, store)", "", f"{floor * 100:.0f}%", None),
            (f"peak RSS, {rss_count} photos, 2 workers", "<= 250 MB", f"{rss * 1.048576:.0f} MB", rss * 1.048576 <= 250),
            ("run: rename -> row, p95 over recognition", "<= 100 ms", f"{percentile(over, 95):.0f} ms (p50 {percentile(over, 50):.0f})",
             percentile(over, 95) <= 100),
        ]
        width = max(len(row[0]) for row in rows)
        print(f"| {'measure':<{width}} | target    | measured              | met? |")
        print(f"| {'-' * width} | --------- | --------------------- | ---- |")
        for name, target, measured, met in rows:
            verdict = "" if met is None else "yes" if met else "NO"
            print(f"| {name:<{width}} | {target:<9} | {measured:<21} | {verdict:<4} |")
        print(f"\nJPEG decode p50: {full:.0f} ms at full size, {scaled:.0f} ms DCT-scaled; "
              f"peak RSS run filed {rss_filed} of {rss_count}.")
    finally:
        scratch.close()


if __name__ == "__main__":
    main()
