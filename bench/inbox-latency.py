#!/usr/bin/env python3
"""Time from a photo's rename into the inbox of a running `wordbook run` to its row in SQLite.

Usage: bench/inbox-latency.py [BINARY] [IMAGES...]
Defaults: .build/release/wordbook and the 12-MP images of TestImages/, each into the language
folder its label names. Prints one line per photo and the median. Each photo is renamed in on its
own, after the previous one is filed.
"""
import os, shutil, sqlite3, statistics, subprocess, sys, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_image_languages():
    """TestImages/labels.tsv: file name to language."""
    languages = {}
    with open(os.path.join(root, "TestImages", "labels.tsv")) as f:
        for line in list(f)[1:]:
            fields = line.rstrip("\n").split("\t")
            languages[fields[0]] = fields[2]
    return languages


def measure(binary, images, languages, extra_arguments=(), report=print):
    """[(inbox name, seconds from rename to row, word)] for each image, one at a time, on a fresh
    scratch data folder with one worker. `extra_arguments` go to `wordbook run`."""
    scratch = tempfile.mkdtemp(prefix="wordbook-latency-")
    data = os.path.join(scratch, "data")
    config = os.path.join(scratch, "config.toml")
    with open(config, "w") as f:
        f.write(f'[paths]\ndata = "{data}"\n[capture]\nworkers = 1\n')
    log = open(os.path.join(scratch, "run.log"), "w+")
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    worker = subprocess.Popen([binary, "run", "--config", config, *extra_arguments], stderr=log, env=env)
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            log.seek(0)
            if "watching" in log.read():
                break
            time.sleep(0.05)
        inbox = os.path.join(data, "inbox")
        results = []
        for image in images:
            language = languages.get(os.path.basename(image), "en")
            folder = inbox if language == "en" else os.path.join(inbox, language)
            os.makedirs(folder, exist_ok=True)
            name = os.path.relpath(os.path.join(folder, os.path.basename(image)), inbox)
            staged = os.path.join(folder, "." + os.path.basename(image) + ".part")
            shutil.copyfile(image, staged)
            start = time.perf_counter()
            os.rename(staged, os.path.join(folder, os.path.basename(image)))
            while True:
                with sqlite3.connect(os.path.join(data, "wordbook.sqlite")) as db:
                    row = db.execute("SELECT word FROM word WHERE sourceName = ?", (name,)).fetchone()
                if row:
                    break
                time.sleep(0.005)
            elapsed = time.perf_counter() - start
            results.append((name, elapsed, row[0]))
            report(f"{name}\t{elapsed * 1000:.0f} ms\t{row[0]}")
        return results
    finally:
        worker.terminate()
        worker.wait()
        log.close()
        shutil.rmtree(scratch, ignore_errors=True)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/release/wordbook")
    languages = test_image_languages()
    images = sys.argv[2:] or sorted(os.path.join(root, "TestImages", f) for f in languages if "12mp" in f)
    times = [elapsed for _, elapsed, _ in measure(binary, images, languages)]
    print(f"median\t{statistics.median(times) * 1000:.0f} ms over {len(times)} photos")


if __name__ == "__main__":
    main()
