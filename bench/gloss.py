#!/usr/bin/env python3
"""Gloss coverage and look-up time: `wordbook gloss --look-up` (release build) on the words of
scenes-dev's German, French and Spanish labels, with English as the learner's own language, and
on the sign and menu words of GlossSenseTests.

    python3 bench/gloss.py [DATASETS]        (make gloss)

Prints per language how many words get a gloss, each miss, and the look-up time per word (p50,
p90), the first look-up of a language apart: it opens the dictionary and loads hunspell's.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "wordbook")
DATASETS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "datasets")

# The words a learner meets on signs and menus, with the English word the gloss must hold.
SENSE = {
    "de": [("Ausgang", "exit"), ("Eingang", "entrance"), ("Straße", "street"), ("Bahnhof", "station"),
           ("Brötchen", "roll"), ("Apotheke", "pharmacy"), ("Rathaus", "town hall"), ("geschlossen", "closed"),
           ("Vorsicht", "caution"), ("Ausfahrt", "exit")],
    "fr": [("sortie", "exit"), ("entrée", "entrance"), ("gare", "station"), ("fermé", "closed"),
           ("boulangerie", "bakery"), ("mairie", "town hall"), ("interdit", "forbidden"), ("pharmacie", "pharmacy"),
           ("rue", "street"), ("poisson", "fish")],
    "es": [("salida", "exit"), ("entrada", "entrance"), ("calle", "street"), ("cerrado", "closed"),
           ("farmacia", "pharmacy"), ("estación", "station"), ("ayuntamiento", "town hall"), ("prohibido", "forbidden"),
           ("panadería", "bakery"), ("pescado", "fish")],
}


def look_up(words, language, config):
    out = subprocess.run([BINARY, "gloss", "--config", config, "--json", "--language", language, "--look-up", *words],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["words"]


def main():
    if not os.access(BINARY, os.X_OK):
        sys.exit(f"{BINARY} is missing: run make release first")
    with tempfile.TemporaryDirectory() as folder:
        config = os.path.join(folder, "config.toml")
        with open(config, "w") as f:
            f.write('[gloss]\nnative_language = "en"\n')
        total = glossed = 0
        first, warm = [], []
        print("Coverage on scenes-dev's labels (native language en):")
        for language in ["de", "fr", "es"]:
            labels = os.path.join(DATASETS, "scenes-dev", language, "labels.tsv")
            words = [line.split("\t")[1] for line in open(labels, encoding="utf-8") if line.strip()]
            results = look_up(words, language, config)
            first.append(results[0]["milliseconds"])
            warm.extend(r["milliseconds"] for r in results[1:])
            hits = [r for r in results if r.get("gloss")]
            misses = [r["word"] for r in results if not r.get("gloss")]
            total += len(results)
            glossed += len(hits)
            print(f"  {language}: {len(hits)} of {len(results)} ({100 * len(hits) / len(results):.0f} %)"
                  f"; misses: {', '.join(misses) if misses else 'none'}")
        print(f"  all: {glossed} of {total} ({100 * glossed / total:.1f} %; target 85 %)")

        print("\nSign and menu words (the English word must appear in the gloss):")
        met = 0
        for language, pairs in SENSE.items():
            results = look_up([w for w, _ in pairs], language, config)
            warm.extend(r["milliseconds"] for r in results[1:])
            for (word, expected), result in zip(pairs, results):
                gloss = result.get("gloss") or ""
                ok = expected.lower() in gloss.lower()
                met += ok
                print(f"  {'ok  ' if ok else 'MISS'} {language} {word} -> {expected}: {gloss or '(no gloss)'}")
        print(f"  {met} of {sum(len(p) for p in SENSE.values())} hold the expected word")

        warm.sort()
        print(f"\nLook-up time, in the process, {len(warm)} look-ups after the first of each language:"
              f" p50 {statistics.median(warm):.2f} ms, p90 {warm[int(0.9 * (len(warm) - 1))]:.2f} ms,"
              f" max {warm[-1]:.2f} ms (target p50 <= 5 ms)")
        print(f"First look-up of a language (opens the dictionary, loads hunspell's):"
              f" {', '.join(f'{m:.0f}' for m in first)} ms (de, fr, es)")


if __name__ == "__main__":
    main()
