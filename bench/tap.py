#!/usr/bin/env python3
"""Tap to pick: how often the phone page can offer the labelled word as one tap on the photo.

Usage: python3 bench/tap.py [FOLDER...] [--binary PATH] [--workers N] [--verbose]

FOLDER defaults to ../shared/datasets/scenes-dev and ../shared/datasets/realscenes-dev, read as
bench/accuracy.py reads them (one folder per language, the kind of photo in labels.tsv). Each set
is filed by `wordbook ingest --json` into a scratch word book (accuracy.py's run_pipeline), and the
words read around the aim (the `wordsAround` column the phone page draws) are read from it.

Per set and kind of photo, of n photos:
  proposal   the label is the proposal (exactly, punctuation around it aside, as accuracy.py compares)
  tap        one word around equals the label exactly; `tap ~case` ignoring case
  read       the label is read anywhere near the aim: the proposal, a candidate or a word around
  tap|read   of the photos where it is read, the share where it is one tap away (exactly)
Targets: scenes-dev's pages, the label one tap away on at least 18 of 20; realscenes-dev, one tap
away on at least 95 % of the photos where it is read. Standard library only.
"""
import argparse, json, os, sqlite3, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from accuracy import ROOT, normalise, read_labels, run_pipeline  # noqa: E402

SETS = [os.path.join(os.path.dirname(ROOT), "shared/datasets", name) for name in ("scenes-dev", "realscenes-dev")]


def words_around(database, entries):
    """{file: [text, ...]} of the words around the aim each filed photo's word holds."""
    with sqlite3.connect(database) as connection:
        stored = dict(connection.execute("SELECT id, wordsAround FROM word"))
    return {file: [word["text"] for word in json.loads(stored.get(entry.get("id"), "[]"))] for file, entry in entries.items()}


def verdict(row, result, around):
    proposal, candidates, _ = result
    exact, folded = normalise(row.word, exact=True), normalise(row.word)
    texts = [normalise(text, exact=True) for text in around]
    tap = exact in texts
    return {
        "proposal": normalise(proposal, exact=True) == exact,
        "tap": tap,
        "tap ~case": folded in [normalise(text) for text in around],
        "read": tap or exact in [normalise(text, exact=True) for text in [proposal] + candidates],
    }


def report(name, verdicts):
    n = len(verdicts)
    counts = {key: sum(v[key] for v in verdicts) for key in ("proposal", "tap", "tap ~case", "read")}
    read = [v for v in verdicts if v["read"]]
    share = f"{sum(v['tap'] for v in read) / len(read):.1%}" if read else "-"
    print(f"  {name:<16} n={n:<4} proposal {counts['proposal']:>3}  tap {counts['tap']:>3}  tap ~case {counts['tap ~case']:>3}  "
          f"read {counts['read']:>3}  tap|read {sum(v['tap'] for v in read)}/{len(read)} ({share})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="*", metavar="FOLDER", default=SETS, help="labelled sets (default: scenes-dev, realscenes-dev)")
    release = os.path.join(ROOT, ".build/release/wordbook")
    parser.add_argument("--binary", default=release if os.access(release, os.X_OK) else os.path.join(ROOT, ".build/debug/wordbook"),
                        help="the wordbook binary (default: the release build, else the debug build)")
    parser.add_argument("--workers", type=int, default=2, help="worker threads (default 2)")
    parser.add_argument("--verbose", action="store_true", help="list every photo whose label is not one tap away")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"{args.binary} is not an executable; build it first (swift build -c release)")
    print("command: python3 " + " ".join([os.path.relpath(sys.argv[0], ROOT)] + sys.argv[1:]))
    print(f"binary: {args.binary}")
    for folder in map(os.path.abspath, args.folders):
        rows = read_labels(folder)
        if not rows:
            sys.exit(f"no labelled images in {folder}")
        stored = {}
        results, _, elapsed, _ = run_pipeline(args.binary, folder, rows, args.workers,
                                              inspect=lambda database, entries: stored.update(words_around(database, entries)))
        verdicts = {row.file: verdict(row, results.get(row.file, ("", [], 0)), stored.get(row.file, [])) for row in rows}
        print(f"{os.path.basename(folder)}: {len(rows)} photos, {elapsed / len(rows):.2f} s/photo wall ({args.workers} workers)")
        report("all", list(verdicts.values()))
        for kind in sorted({row.kind for row in rows if row.kind}):
            report(kind, [verdicts[row.file] for row in rows if row.kind == kind])
        if args.verbose:
            for row in rows:
                if not verdicts[row.file]["tap"]:
                    proposal = results.get(row.file, ("", [], 0))[0]
                    print(f"    not one tap away {row.file}: want {row.word!r}, proposal {proposal!r}, around {stored.get(row.file, [])[:12]}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
