#!/usr/bin/env python3
"""Gloss coverage, the sense shown first, and look-up time: `wordbook gloss --look-up` (release build),
English as the learner's own language.

    bash scripts/gloss-env.sh && .build/glossenv/bin/python bench/gloss.py [--before BINARY]   (make gloss)

- Coverage on samples of wordfreq's lists (PyPI `wordfreq`, pinned by scripts/gloss-env.sh) of the
  German, French and Spanish words of ranks 1-1000 and 1001-5000: 200 words a band and language, drawn
  with a fixed seed from the words of two letters or more written in letters alone.
- The key, bench/gloss-key.tsv: 100 words a language with the English words a learner would accept.
- The sense list, bench/gloss-senses.tsv: words with a common sense and rare ones (the frequent verb
  forms of wordfreq's top 150, sign words, the words a learner's trial met), each with its source; a
  word counts when an accepted word is the gloss's first translation.
  A word counts when an accepted word is among the first two translations of the gloss (the gloss's
  items before its grammar, cut at commas), and as covered when it gets a gloss at all.
- Look-up time in the process, the first look-up of each language apart (it opens the dictionaries,
  loads hunspell's and the analysers, and builds Ding's index when it is missing: the first run is
  made with an empty cache folder, so its German first look-up includes the build).

With --before BINARY, the same for that binary (main's build) side by side.
"""
import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "wordbook")
KEY = os.path.join(ROOT, "bench", "gloss-key.tsv")
SENSES = os.path.join(ROOT, "bench", "gloss-senses.tsv")
LANGUAGES = ["de", "fr", "es"]
BANDS = [(1, 1000), (1001, 5000)]
PER_BAND = 200
SEED = 22


def samples():
    import wordfreq
    chosen = {}
    for language in LANGUAGES:
        ranked = wordfreq.top_n_list(language, BANDS[-1][1])
        for low, high in BANDS:
            words = [w for w in ranked[low - 1:high] if len(w) >= 2 and w.isalpha()]
            chosen[(language, low, high)] = random.Random(f"{SEED}-{language}-{low}").sample(words, PER_BAND)
    return chosen


def key(path=KEY):
    entries = {language: [] for language in LANGUAGES}
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        # gloss-senses.tsv adds a fourth column, the word's source.
        language, word, accepted = line.rstrip("\n").split("\t")[:3]
        entries[language].append((word, [a.strip() for a in accepted.split(";") if a.strip()]))
    return entries


def first_senses(gloss, count=2):
    """The gloss's first translations: `exit, way out, output (n, masc)` -> exit, way out."""
    text = re.sub(r"\s*\([^()]*\)\s*$", "", gloss or "")
    return [item.strip() for item in text.split(",")][:count]


def holds(translation, accepted):
    """An accepted word is the translation, or a whole word or phrase of it, a plural aside."""
    text = re.sub(r"^to ", "", translation.lower())
    return any(re.search(r"(^|[^\w'])" + re.escape(a.lower()) + r"(s|es)?($|[^\w'])", text) for a in accepted)


def look_up(binary, words, language, config, cache):
    environment = dict(os.environ, XDG_CACHE_HOME=cache)
    environment.pop("CACHE_DIRECTORY", None)
    out = subprocess.run([binary, "gloss", "--config", config, "--json", "--language", language, "--look-up", *words],
                         capture_output=True, text=True, env=environment)
    if out.returncode != 0:
        sys.exit(f"{binary} gloss failed: {out.stderr.strip()}")
    return json.loads(out.stdout)["words"]


def measure(binary, sample, entries, senses):
    """Every number of the tables for one binary."""
    result = {"coverage": {}, "key": {}, "misses": {}, "wrong": {}, "first": {}, "warm": [], "senses": {}, "senses_wrong": {}}
    with tempfile.TemporaryDirectory() as folder:
        config = os.path.join(folder, "config.toml")
        with open(config, "w") as f:
            f.write('[gloss]\nnative_language = "en"\n')
        cache = os.path.join(folder, "cache")
        for language in LANGUAGES:
            words = [w for w, _ in entries[language]]
            looked = look_up(binary, words, language, config, cache)
            result["first"][language] = looked[0]["milliseconds"]
            result["warm"].extend(r["milliseconds"] for r in looked[1:])
            met = covered = 0
            wrong = []
            for (word, accepted), found in zip(entries[language], looked):
                gloss = found.get("gloss")
                covered += bool(gloss)
                ok = any(holds(t, accepted) for t in first_senses(gloss))
                met += ok
                if not ok:
                    wrong.append(f"{word} ({'/'.join(accepted[:2])}): {gloss or '-'}")
            result["key"][language] = (met, covered, len(entries[language]))
            result["wrong"][language] = wrong
            looked = look_up(binary, [w for w, _ in senses[language]], language, config, cache)
            result["warm"].extend(r["milliseconds"] for r in looked)
            firsts = [any(holds(t, accepted) for t in first_senses(found.get("gloss"), 1)) for (_, accepted), found in zip(senses[language], looked)]
            seconds = [any(holds(t, accepted) for t in first_senses(found.get("gloss"), 2)) for (_, accepted), found in zip(senses[language], looked)]
            result["senses"][language] = (sum(firsts), sum(seconds), len(firsts))
            result["senses_wrong"][language] = [f"{word} ({'/'.join(accepted[:2])}): {found.get('gloss') or '-'}"
                                                for ((word, accepted), found), ok in zip(zip(senses[language], looked), firsts) if not ok]
            for low, high in BANDS:
                words = sample[(language, low, high)]
                looked = look_up(binary, words, language, config, cache)
                result["warm"].extend(r["milliseconds"] for r in looked[1:])
                hits = [r for r in looked if r.get("gloss")]
                result["coverage"][(language, low, high)] = (len(hits), len(looked))
                result["misses"][(language, low, high)] = [r["word"] for r in looked if not r.get("gloss")]
        # A new process with Ding's index in place: what every German first look-up costs after the build.
        result["first_indexed"] = look_up(binary, ["Ausgang"], "de", config, cache)[0]["milliseconds"]
    return result


def language_table(results, cell, field):
    """A markdown table of one measure per language, a column per binary."""
    print(f"| language | {' | '.join(name for name, _ in results)} |")
    print("| --- |" + " --- |" * len(results))
    for language in LANGUAGES:
        print(f"| {language} | " + " | ".join(cell(*r[field][language]) for _, r in results) + " |")


def percent(part, whole):
    return f"{100 * part / whole:.1f} %"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", help="the binary to compare against (main's release build)")
    parser.add_argument("--misses", action="store_true", help="list the words without a gloss and the key's misses")
    parser.add_argument("--binary", default=BINARY, help="the binary to measure (default: this tree's release build)")
    arguments = parser.parse_args()
    if not os.access(arguments.binary, os.X_OK):
        sys.exit(f"{arguments.binary} is missing: run make release first")
    sample, entries, senses = samples(), key(), key(SENSES)
    runs = [("before", arguments.before)] if arguments.before else []
    runs.append(("after", arguments.binary))
    results = [(name, measure(binary, sample, entries, senses)) for name, binary in runs]
    names = " | ".join(name for name, _ in results)

    print(f"Coverage on wordfreq's samples ({PER_BAND} words a band; target >= 97 % per language):")
    print(f"| language | ranks | {names} |")
    print("| --- | --- |" + " --- |" * len(results))
    for language in LANGUAGES:
        for low, high in BANDS:
            cells = [percent(*r["coverage"][(language, low, high)]) for _, r in results]
            print(f"| {language} | {low}-{high} | " + " | ".join(cells) + " |")
        cells = []
        for _, r in results:
            hits = sum(r["coverage"][(language, low, high)][0] for low, high in BANDS)
            total = sum(r["coverage"][(language, low, high)][1] for low, high in BANDS)
            cells.append(percent(hits, total))
        print(f"| {language} | 1-5000 | " + " | ".join(cells) + " |")

    print("\nThe key (bench/gloss-key.tsv): the expected meaning among the first two translations"
          " (target >= 90 %), and coverage (target >= 97 %):")
    language_table(results, lambda met, covered, total: f"{met}/{total} first two, {covered}/{total} glossed", "key")
    print("\nThe common sense first (bench/gloss-senses.tsv: frequent verb forms, sign words, the trial's words):"
          " the expected meaning as the first translation, and among the first two:")
    language_table(results, lambda first, two, total: f"{first}/{total} first, {two}/{total} first two", "senses")

    print("\nLook-up time in the process, after the first of each language (target p90 <= 5 ms):")
    for name, r in results:
        warm = sorted(r["warm"])
        p90 = warm[int(0.9 * (len(warm) - 1))]
        first = ", ".join(f"{language} {r['first'][language]:.0f}" for language in LANGUAGES)
        print(f"  {name}: {len(warm)} look-ups, p50 {statistics.median(warm):.2f} ms, p90 {p90:.2f} ms,"
              f" max {warm[-1]:.1f} ms; first look-up of a language (ms; empty cache, so German's builds Ding's index): {first};"
              f" German's first with the index built: {r['first_indexed']:.0f} ms")

    name, last = results[-1]
    print(f"\nThe key's words whose expected meaning is not among the first two ({name}):")
    for language in LANGUAGES:
        for line in last["wrong"][language]:
            print(f"  {language} {line}")
    print(f"\nThe sense list's words whose expected meaning is not first ({name}):")
    for language in LANGUAGES:
        for line in last["senses_wrong"][language]:
            print(f"  {language} {line}")
    if arguments.misses:
        print(f"\nSample words without a gloss ({name}):")
        for (language, low, high), missed in last["misses"].items():
            print(f"  {language} {low}-{high}: {', '.join(missed) if missed else 'none'}")


if __name__ == "__main__":
    main()
