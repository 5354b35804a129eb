#!/usr/bin/env python3
"""What changed between two saved runs of bench/accuracy.py: every image whose answer moved.

Usage: python3 bench/compare.py BEFORE.tsv AFTER.tsv [--only proposals|confidence|candidates]

BEFORE and AFTER are `bench/accuracy.py SET --save FILE` of the same set, with two builds (or two
settings). Lists, one line per image, the label, then the proposal, confidence and candidates before
and after, for every image where the proposal, its rightness, its confidence or its candidates
differ (--only narrows that to one kind); then the counts: right before and after, images gained
and lost, proposals, confidences and candidate lists changed. A change that moves no proposal still
shows, so that a rule meant to touch only some photos can be seen to touch only them. Exits 1 when
the two files are not runs of the same images. Standard library only.
"""
import argparse
import csv
import sys


def load(path):
    """{file: row} of one saved run, each row a dict by the header's names."""
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle, delimiter="\t"))
    header = rows[0]
    return {row[0]: dict(zip(header, row)) for row in rows[1:] if row}


def answer(row):
    candidates = row.get("candidates", "")
    return f"{row['proposal'] or '(none)'} {row['confidence']}" + (f" [{candidates}]" if candidates else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--only", choices=["proposals", "confidence", "candidates"],
                        help="list only the images where this changed")
    args = parser.parse_args()
    before, after = load(args.before), load(args.after)
    if set(before) != set(after):
        missing = sorted(set(before) ^ set(after))
        print(f"compare: the two runs are not of the same images ({len(missing)} differ, e.g. {missing[0]})",
              file=sys.stderr)
        return 1
    counts = {"proposals": 0, "confidence": 0, "candidates": 0, "gained": 0, "lost": 0}
    for name in sorted(before):
        a, b = before[name], after[name]
        changed = {
            "proposals": a["proposal"] != b["proposal"],
            "confidence": a["confidence"] != b["confidence"],
            "candidates": a.get("candidates", "") != b.get("candidates", ""),
        }
        for kind, moved in changed.items():
            counts[kind] += moved
        counts["gained"] += a["right"] == "0" and b["right"] == "1"
        counts["lost"] += a["right"] == "1" and b["right"] == "0"
        shown = changed[args.only] if args.only else any(changed.values())
        if shown:
            mark = {("0", "1"): "+", ("1", "0"): "-"}.get((a["right"], b["right"]), " ")
            print(f"{mark} {name}  {a['label']}:  {answer(a)}  =>  {answer(b)}")
    right = lambda run: sum(row["right"] == "1" for row in run.values())  # noqa: E731
    print(f"right {right(before)} -> {right(after)} of {len(before)} (+{counts['gained']} -{counts['lost']}); "
          f"changed: {counts['proposals']} proposals, {counts['confidence']} confidences, "
          f"{counts['candidates']} candidate lists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
