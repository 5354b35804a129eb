#!/usr/bin/env python3
"""The web app under load: page latency, the server's peak memory, and nothing lost in a burst.

Usage: bench/web.py [--bin DIR] [--pending N] [--confirmed N] [--seconds S] [--connections N]
                    [--server-env NAME=VALUE ...] [--burst N] [--keep DIR [--reuse]] [--seed N]

1. A word book: the six photos the web tests file (TestImages/) filed once by `wordbook ingest`,
   then their rows cloned in SQL into --pending proposals (default 10,000) and --confirmed words
   (default 10,000) in a year of word books, each with a copy of its photo, each with its own
   sourceSHA256 and word. The confirmed words are a day's mix: new ones never reviewed, reviews due
   (some overdue by weeks), words in their learning or relearning steps (half due now, half later
   this hour), and the rest due on later days, each reviewed one with its review rows. Then
   PRAGMA integrity_check and foreign_key_check.
2. `wordbook-web serve` on 127.0.0.1 (release build), two phones paired by `wordbook web pair`.
   Each route is loaded for --seconds by a second process over --connections keep-alive
   connections (wrk from Debian; a Python client of as many threads where wrk is missing), after
   a short warm-up: GET /pending, /review, /review/ID (the back side, over 50 words due),
   /words/ID/photo, /cue and /around (over the six stored photos' clones). p50, p95, p99 and max in
   milliseconds, requests per second, and anything that was not a 200, against 150 ms p95.
3. The server's peak RSS (VmHWM in /proc/PID/status) after start and after each route's load,
   against 60 MB, with its threads. --server-env passes settings to the server, e.g.
   MALLOC_ARENA_MAX=2, to compare.
4. Nothing lost: both phones fire at once --burst actions on pending words (confirm, pick, tap,
   reject; each word acted on by both phones, or twice by one, with the version both pages
   showed) and --burst review answers on words due (each word answered by both phones); then the
   `change` table must hold every action that got a 303 exactly once, the actions that got a 409
   nothing, and the review table one row per answer that got a 303.
5. EXPLAIN QUERY PLAN of the SQL the pages run (rebuilt from Sources/WordBookStore/Store/
   {AppDatabase,DueWords,WebAccess}.swift), full scans of a big table flagged.

Standard library, and wrk when installed (apt-get install wrk). Everything goes into a temporary
folder, removed at the end unless --keep.
"""
import argparse
import concurrent.futures
import datetime as dt
import hashlib
import http.client
import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import zoneinfo

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import store  # noqa: E402  (bench/store.py: the word book's time zone and its SQL helpers)

TIME_ZONE = store.TIME_ZONE
TARGET_MS = 150.0
TARGET_MB = 60.0
# The web tests' photos: a page with candidates to pick among, signs, a 12-MP photo.
PHOTOS = [("cafe.jpg", "fr"), ("station.jpg", "en"), ("novel_page.jpg", "en"), ("panaderia_small.jpg", "es"),
          ("exit_sign_12mp.jpg", "en"), ("freihalten_narrow_plate.jpg", "de")]
DAY = 86_400.0


def shown(argv):
    return " ".join(a if re.fullmatch(r"[\w./:=,@+-]+", a) else repr(a) for a in argv)


def run(argv, **kwargs):
    done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)
    if done.returncode != 0:
        raise SystemExit(f"{shown(argv)} failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


# MARK: - The word book

def day_bounds(now, config_day_start=4):
    """The review day containing `now` (the configured day starts at 04:00 local), as epoch seconds."""
    zone = zoneinfo.ZoneInfo(TIME_ZONE)
    local = dt.datetime.fromtimestamp(now, zone)
    start_date = local.date() if local.hour >= config_day_start else local.date() - dt.timedelta(days=1)
    start = dt.datetime.combine(start_date, dt.time(config_day_start), tzinfo=zone).timestamp()
    end = dt.datetime.combine(start_date + dt.timedelta(days=1), dt.time(config_day_start), tzinfo=zone).timestamp()
    return start, end


def at(seconds):
    return store.grdb(dt.datetime.fromtimestamp(seconds, dt.timezone.utc))


def make_word_book(bin_dir, config, database, pending, confirmed, seed):
    """Files the six photos, then clones their rows; returns the seconds each step took."""
    started = time.perf_counter()
    for photo, language in PHOTOS:
        out = run([os.path.join(bin_dir, "wordbook"), "ingest", "--json", "--language", language, "--config", config,
                   os.path.join(ROOT, "TestImages", photo)], env=dict(os.environ, OMP_THREAD_LIMIT="1"))
        if '"filed"' not in out:
            raise SystemExit(f"ingest of {photo} filed nothing: {out}")
    ingested = time.perf_counter() - started

    started = time.perf_counter()
    rng = random.Random(seed)
    zone = zoneinfo.ZoneInfo(TIME_ZONE)
    now = time.time()
    day_start, day_end = day_bounds(now)
    db = sqlite3.connect(database)
    db.execute("PRAGMA foreign_keys = ON")
    templates = [row[0] for row in db.execute("SELECT id FROM word ORDER BY id")]
    template_language = dict(db.execute("SELECT id, targetLanguage FROM word"))
    vocabulary = {language: text.split() for language, text in store.VOCABULARY.items()}
    books = {}

    def book(captured):
        day = dt.datetime.fromtimestamp(captured, zone).date().isoformat()
        if day not in books:
            stamp = at(captured)
            books[day] = db.execute("INSERT INTO wordBook (recordDate, createdAt, updatedAt) VALUES (?, ?, ?) "
                                    "ON CONFLICT (recordDate) DO UPDATE SET updatedAt = excluded.updatedAt RETURNING id",
                                    (day, stamp, stamp)).fetchone()[0]
        return books[day]

    def next_day(captured):
        local = dt.datetime.fromtimestamp(captured, zone).date() + dt.timedelta(days=1)
        return dt.datetime.combine(local, dt.time(0), tzinfo=zone).timestamp()

    def clone(index, status, fields, reviews=()):
        template = templates[index % len(templates)]
        language = template_language[template]
        captured = fields.pop("capturedAt")
        created = captured + rng.uniform(1, 120)
        text = rng.choice(vocabulary[language])
        values = {
            "wordBookId": book(captured), "word": text, "proposedWord": text, "status": status,
            "confidence": rng.randint(0, 99), "createdAt": at(created), "updatedAt": at(fields.pop("updatedAt", created)),
            "capturedAt": at(captured), "nextReviewDate": at(next_day(captured)), "reviewInterval": 1, "reviewCount": 0,
            "masteryLevel": 0, "lastReviewDate": None, "stability": None, "difficulty": None, "fsrsState": None, "fsrsStep": None,
            "sourceName": f"{'' if language == 'en' else language + '/'}IMG_{30000 + index}.jpg",
            "sourceSHA256": hashlib.sha256(f"wordbook-web-bench-{seed}-{status}-{index}".encode()).hexdigest(),
        }
        values.update({name: at(value) if name in ("nextReviewDate", "lastReviewDate") else value for name, value in fields.items()})
        names = list(values)
        copied = ["targetLanguage", "candidates", "box", "context", "gloss", "glossSource", "glossEntry", "wordsAround"]
        word_id = db.execute(
            f"INSERT INTO word ({', '.join(names + copied)}) SELECT {', '.join('?' for _ in names)}, {', '.join(copied)} "
            "FROM word WHERE id = ?", [values[n] for n in names] + [template]).lastrowid
        db.execute("INSERT INTO wordImage (wordId, jpeg, width, height) SELECT ?, jpeg, width, height FROM wordImage WHERE wordId = ?",
                   (word_id, template))
        for reviewed, level, interval, next_review in reviews:
            db.execute("INSERT INTO review (wordId, reviewedAt, level, interval, nextReviewDate) VALUES (?, ?, ?, ?, ?)",
                       (word_id, at(reviewed), level, interval, at(next_review)))

    # Proposals from the last year, filed in the order they were taken, the least sure first on the page.
    for i, captured in enumerate(sorted(now - rng.uniform(0.01, 365) * DAY for _ in range(pending))):
        clone(i, "proposed", {"capturedAt": captured})

    # Confirmed: 20 % new, 10 % reviews due, 2 % in their steps, the rest due on later days.
    mix = {"new": 0.20, "due": 0.10, "steps": 0.02}
    counts = {kind: int(confirmed * share) for kind, share in mix.items()}
    counts["later"] = confirmed - sum(counts.values())
    made = {"new": 0, "due": 0, "steps": 0, "later": 0, "due later today": 0, "steps due now": 0, "introduced today": 0}
    # Filed in the order they were taken, so the new words are the latest (the last in the index
    # the day's new words are read from), as in a learner's word book.
    confirmed_words = sorted((now - rng.uniform(2, 30 if kind == "new" else 365) * DAY, kind)
                             for kind, count in counts.items() for _ in range(count))
    index = pending
    for captured, kind in confirmed_words:
        index += 1
        if kind == "new":
            clone(index, "confirmed", {"capturedAt": captured, "updatedAt": captured + 3600})
            made["new"] += 1
            continue
        if kind == "steps":
            # Lapsed words relearning (a review today after earlier ones), a few new ones introduced
            # today (fewer than the day's 20), each at its step of minutes.
            introduced = made["introduced today"] < 10
            last = now - rng.uniform(1, 9) * 60
            due_now = rng.random() < 0.5
            next_review = now - rng.uniform(0, 60) if due_now else now + rng.uniform(60, 3600)
            next_review = min(next_review, day_end - 60)
            history = [(last, 1 if not introduced else 3, 0, next_review)]
            if not introduced:
                earlier = last - rng.uniform(5, 40) * DAY
                history.insert(0, (earlier, 4, 7, earlier + 7 * DAY))
            clone(index, "confirmed", {
                "capturedAt": min(captured, history[0][0] - 3600), "updatedAt": last, "nextReviewDate": next_review,
                "reviewInterval": 0, "reviewCount": len(history), "lastReviewDate": last, "masteryLevel": 0,
                "stability": rng.uniform(0.2, 3), "difficulty": rng.uniform(4, 8),
                "fsrsState": "learning" if introduced else "relearning", "fsrsStep": rng.randint(0, 1)}, history)
            made["steps"] += 1
            made["steps due now"] += due_now
            made["introduced today"] += introduced
            continue
        interval = rng.choice([1, 2, 3, 5, 8, 13, 21, 34, 55, 89])
        if kind == "due":
            # Most due today or overdue by up to three weeks; some later in this review day.
            later_today = rng.random() < 0.1
            next_review = rng.uniform(now, day_end - 1) if later_today else now - rng.uniform(0, 21) * DAY
            made["due later today"] += later_today
        else:
            next_review = day_end + rng.uniform(0, interval) * DAY
        last = next_review - interval * DAY
        reviews = rng.randint(1, 6)
        history = [(last - k * interval * DAY / 2, 4, interval, last - k * interval * DAY / 2 + interval * DAY)
                   for k in reversed(range(reviews))]
        clone(index, "confirmed", {
            "capturedAt": min(captured, history[0][0] - 3600), "updatedAt": last, "nextReviewDate": next_review,
            "reviewInterval": interval, "reviewCount": reviews, "lastReviewDate": last,
            "masteryLevel": 1 if interval < 3 else 2 if interval < 7 else 3 if interval < 21 else 4 if interval < 90 else 5,
            "stability": interval * rng.uniform(0.8, 1.3), "difficulty": rng.uniform(3, 8), "fsrsState": "review"}, history)
        made[kind] += 1
    db.commit()
    cloned = time.perf_counter() - started
    integrity = db.execute("PRAGMA integrity_check").fetchall()
    foreign = db.execute("PRAGMA foreign_key_check").fetchall()
    counts = dict(db.execute("SELECT status, COUNT(*) FROM word GROUP BY status"))
    size = os.path.getsize(database) / 1e6
    db.close()
    return ingested, cloned, made, counts, integrity, foreign, size


# MARK: - The server and its phones

class Server:
    """`wordbook-web serve --listen 127.0.0.1:0`, its address read from what it prints."""

    def __init__(self, bin_dir, config, extra_env):
        argv = [os.path.join(bin_dir, "wordbook-web"), "serve", "--listen", "127.0.0.1:0", "--config", config]
        self.command = shown([f"{k}={v}" for k, v in extra_env.items()] + argv)
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                        env=dict(os.environ, **extra_env))
        line = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            self.process.kill()
            raise SystemExit(f"wordbook-web did not say where it listens: {line!r}")
        self.port = int(found.group(1))
        self.base = found.group(0)

    def status(self):
        """VmRSS, VmHWM, RssAnon, RssFile (MB) and Threads from /proc/PID/status."""
        fields = {}
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                name, _, value = line.partition(":")
                if name in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
                    fields[name] = int(value.split()[0]) / 1024
                elif name == "Threads":
                    fields[name] = int(value)
        return fields

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Phone:
    """A paired browser: its session cookie on keep-alive connections, redirects not followed."""

    def __init__(self, server, bin_dir, config):
        self.server = server
        out = run([os.path.join(bin_dir, "wordbook"), "web", "pair", "--config", config, "--url", server.base])
        pairing = re.search(r"http://\S+/pair/\S+", out).group(0)
        status, headers, _ = self.request("GET", urllib.parse.urlparse(pairing).path, cookie=False)
        cookie = headers.get("set-cookie", "")
        if status != 303 or not cookie.startswith("wordbook_session="):
            raise SystemExit(f"pairing answered {status} without a session cookie")
        self.cookie = cookie.split(";")[0]

    def request(self, method, path, form=None, cookie=True):
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=60)
        headers = {"Cookie": self.cookie} if cookie else {}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, data

    def page(self, path):
        status, _, data = self.request("GET", path)
        if status != 200:
            raise SystemExit(f"GET {path} answered {status}")
        return data.decode()


def field(name, page):
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    return found.group(1) if found else None


# MARK: - Load

WRK_SCRIPT = """
local paths = {%s}
local i = 0
wrk.headers["Cookie"] = "%s"
request = function()
  i = i %% #paths + 1
  return wrk.format("GET", paths[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %%d %%d %%d %%d %%d %%d %%d %%d\\n", summary.requests, summary.duration, e.status,
    e.connect + e.read + e.write + e.timeout, latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
"""


def load_with_wrk(server, phone, paths, seconds, connections, folder):
    script = os.path.join(folder, "paths.lua")
    with open(script, "w") as out:
        out.write(WRK_SCRIPT % (", ".join(json.dumps(p) for p in paths), phone.cookie))
    argv = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s", script, server.base.rstrip("/")]
    found = re.search(r"^RESULT (.*)$", run(argv), re.M)
    requests, duration, bad_status, errors, p50, p95, p99, peak = (int(v) for v in found.group(1).split())
    return {"requests": requests, "per_second": requests / (duration / 1e6), "not_200": bad_status + errors,
            "p50": p50 / 1000, "p95": p95 / 1000, "p99": p99 / 1000, "max": peak / 1000,
            "command": shown(argv[:-3] + ["paths.lua", argv[-1]])}


def load_with_python(server, phone, paths, seconds, connections):
    """wrk's work with threads: `connections` keep-alive connections, each request timed."""
    latencies, failures, lock = [], [0], threading.Lock()
    deadline = time.perf_counter() + seconds

    def worker(offset):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        i = offset
        mine = []
        while time.perf_counter() < deadline:
            path = paths[i % len(paths)]
            i += 1
            start = time.perf_counter()
            connection.request("GET", path, headers={"Cookie": phone.cookie})
            response = connection.getresponse()
            response.read()
            mine.append((time.perf_counter() - start) * 1000)
            if response.status != 200:
                with lock:
                    failures[0] += 1
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(connections)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    return {"requests": len(latencies), "per_second": len(latencies) / elapsed, "not_200": failures[0],
            "p50": store.percentile(latencies, 50), "p95": store.percentile(latencies, 95),
            "p99": store.percentile(latencies, 99), "max": max(latencies),
            "command": f"the Python client of bench/web.py, {connections} threads"}


def load(server, phone, paths, seconds, connections, folder):
    for path in paths[:10]:
        status, _, _ = phone.request("GET", path)
        if status != 200:
            raise SystemExit(f"GET {path} answered {status}")
    if shutil.which("wrk"):
        return load_with_wrk(server, phone, paths, seconds, connections, folder)
    return load_with_python(server, phone, paths, seconds, connections)


# MARK: - Nothing lost

def burst(server, phones, database, count, rng):
    """Both phones act at once on the same words; returns what the server answered and what the
    word book holds after."""
    a, b = phones
    db = sqlite3.connect(database)
    before_change = db.execute("SELECT COALESCE(MAX(id), 0) FROM change").fetchone()[0]
    before_reviews = db.execute("SELECT COUNT(*) FROM review").fetchone()[0]
    csrf = {phone: field("csrf", phone.page("/pending")) for phone in phones}

    # The version a page shows (TriageDesk.version): the word's updatedAt in milliseconds, checked
    # against the pending page's own.
    def version(updated):
        moment = dt.datetime.strptime(updated, "%Y-%m-%d %H:%M:%S.%f").replace(tzinfo=dt.timezone.utc)
        return str(round(moment.timestamp() * 1000))

    page = a.page("/pending")
    first = int(re.search(r'data-word="(\d+)"', page).group(1))
    updated = db.execute("SELECT updatedAt FROM word WHERE id = ?", (first,)).fetchone()[0]
    if version(updated) != field("seen", page):
        raise SystemExit(f"the pending page's version {field('seen', page)} is not {version(updated)}")

    requests = []
    rows = db.execute("SELECT id, updatedAt, candidates, wordsAround FROM word WHERE status = 'proposed' AND word != '' "
                      "ORDER BY random() LIMIT ?", (count,)).fetchall()
    for k, (word, updated, candidates, around) in enumerate(rows):
        choices = ["confirm", "reject"] + (["pick-0"] if json.loads(candidates) else []) + (["tap-0"] if json.loads(around) else [])
        # Two phones on the same word, or a double tap on one.
        pair = (a, b) if k % 3 else (a, a)
        for phone in pair:
            requests.append(("pending", phone, word, rng.choice(choices),
                             f"/words/{word}", {"csrf": csrf[phone], "seen": version(updated)}))
    due = db.execute("SELECT id FROM word WHERE status = 'confirmed' AND reviewCount > 0 AND "
                     "((reviewInterval >= 1 AND nextReviewDate < ?) OR (reviewInterval < 1 AND nextReviewDate <= ?)) "
                     "ORDER BY random() LIMIT ?", (at(day_bounds(time.time())[1]), at(time.time()), count)).fetchall()
    for (word,) in due:
        for phone in (a, b):
            back = phone.page(f"/review/{word}")
            requests.append(("review", phone, word, rng.choice(["again", "hard", "good", "easy"]),
                             f"/review/{word}", {"csrf": csrf[phone], "seen": field("seen", back)}))
    rng.shuffle(requests)

    def send(item):
        kind, phone, word, action, path, form = item
        status, _, _ = phone.request("POST", path, dict(form, action=action))
        return kind, word, action, status

    with concurrent.futures.ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(send, requests))

    changed = {}
    for word, changes in db.execute("SELECT changedWord.wordId, COUNT(*) FROM change JOIN changedWord ON changedWord.changeId = change.id "
                                    "WHERE change.id > ? GROUP BY changedWord.wordId", (before_change,)):
        changed[word] = changes
    new_changes = db.execute("SELECT COUNT(*) FROM change WHERE id > ?", (before_change,)).fetchone()[0]
    commands = dict(db.execute("SELECT command, COUNT(*) FROM change WHERE id > ? GROUP BY command", (before_change,)))
    new_reviews = db.execute("SELECT COUNT(*) FROM review").fetchone()[0] - before_reviews
    statuses = dict(db.execute(f"SELECT id, status FROM word WHERE id IN ({','.join(str(r[0]) for r in rows) or 0})"))
    db.close()
    return answers, changed, new_changes, commands, new_reviews, statuses


# MARK: - Query plans

def query_plans(database):
    db = sqlite3.connect(database)
    now = time.time()
    start, end = day_bounds(now)
    flagged = []
    print("\n== EXPLAIN QUERY PLAN of the pages' SQL (rebuilt from the Store sources; parameters as GRDB binds them)")
    flagged += store.explain(db, "every page: the session [WebAccess.webSession]", """
        SELECT * FROM "webSession" WHERE ("tokenSHA256" = ?) AND ("expiresAt" > ?) LIMIT 1""", ("0" * 64, at(now)))
    flagged += store.explain(db, "/pending: the first proposal [AppDatabase.firstPending]", """
        SELECT * FROM "word" WHERE "status" = ? ORDER BY "confidence", "capturedAt", "id" LIMIT 1""", ("proposed",))
    flagged += store.explain(db, "/pending, /review: the count waiting [AppDatabase.wordCount]", """
        SELECT COUNT(*) FROM "word" WHERE "status" = ?""", ("proposed",))
    flagged += store.explain(db, "/pending: the photo's size [AppDatabase.imageSize]", """
        SELECT width, height FROM wordImage WHERE wordId = ?""", (1,))
    flagged += store.explain(db, "every page: the words due [DueWords.reviewQueue]", """
        SELECT "id", "reviewInterval" FROM "word" WHERE ("status" = ?) AND ("reviewCount" > 0) AND ("nextReviewDate" <= ?) AND
        ((("reviewInterval" >= 1) AND ("nextReviewDate" < ?)) OR (("reviewInterval" < 1) AND ("nextReviewDate" <= ?)))
        ORDER BY "nextReviewDate", "id" """, ("confirmed", at(end), at(end), at(now)))
    flagged += store.explain(db, "every page: new words introduced today [DueWords.introducedCount]", """
        SELECT COUNT(*) FROM review AS first WHERE first.reviewedAt >= ? AND NOT EXISTS (
            SELECT 1 FROM review AS earlier WHERE earlier.wordId = first.wordId
            AND (earlier.reviewedAt < first.reviewedAt OR (earlier.reviewedAt = first.reviewedAt AND earlier.id < first.id)))""",
                            (at(start),))
    flagged += store.explain(db, "every page: new words waiting [DueWords.reviewQueue]", """
        SELECT COUNT(*) FROM "word" WHERE ("status" = ?) AND ("reviewCount" = 0)""", ("confirmed",))
    flagged += store.explain(db, "every page: the day's new words [DueWords.reviewQueue]", """
        SELECT "id" FROM "word" WHERE ("status" = ?) AND ("reviewCount" = 0) ORDER BY "id" LIMIT ?""", ("confirmed", 20))
    flagged += store.explain(db, "every page: steps due later today [DueWords.reviewQueue]", """
        SELECT COUNT(*) FROM "word" WHERE ("status" = ?) AND ("reviewCount" > 0) AND ("reviewInterval" < 1)
        AND ("nextReviewDate" > ?) AND ("nextReviewDate" < ?)""", ("confirmed", at(now), at(end)))
    flagged += store.explain(db, "a word [AppDatabase.word]", """SELECT * FROM "word" WHERE "id" = ?""", (1,))
    flagged += store.explain(db, "/words/ID/photo: the stored photo [AppDatabase.image]", """
        SELECT * FROM "wordImage" WHERE "wordId" = ?""", (1,))
    db.close()
    return flagged


# MARK: - Main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/release"), help="the folder of wordbook and wordbook-web")
    parser.add_argument("--pending", type=int, default=10_000)
    parser.add_argument("--confirmed", type=int, default=10_000)
    parser.add_argument("--seconds", type=int, default=10, help="how long each route is loaded")
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--server-env", action="append", default=[], metavar="NAME=VALUE",
                        help="an environment setting for the server (repeatable), e.g. MALLOC_ARENA_MAX=2")
    parser.add_argument("--burst", type=int, default=30, help="words acted on at once, of each kind")
    parser.add_argument("--keep", help="make everything in this folder and keep it")
    parser.add_argument("--reuse", action="store_true", help="with --keep: serve the word book made there before")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    for name in ("wordbook", "wordbook-web"):
        if not os.access(os.path.join(args.bin, name), os.X_OK):
            sys.exit(f"{os.path.join(args.bin, name)} is not an executable; build it first (make release)")
    server_env = dict(setting.split("=", 1) for setting in args.server_env)

    folder = args.keep or tempfile.mkdtemp(prefix="wordbook-web-bench-")
    os.makedirs(folder, exist_ok=True)
    data = os.path.join(folder, "data")
    config = os.path.join(folder, "config.toml")
    database = os.path.join(data, "wordbook.sqlite")
    with open(config, "w") as out:
        out.write(f'[paths]\ndata = "{data}"\n[time]\ntime_zone = "{TIME_ZONE}"\n')
    rng = random.Random(args.seed)
    server = None
    try:
        print(f"python3 bench/web.py {shown(sys.argv[1:])}".rstrip())
        if args.reuse and os.path.exists(database):
            print(f"\n== The word book made before in {folder} (its review day has moved on since)")
        else:
            print(f"\n== The word book: {len(PHOTOS)} photos filed by wordbook ingest, their rows cloned in SQL")
            ingested, cloned, made, counts, integrity, foreign, size = make_word_book(
                args.bin, config, database, args.pending, args.confirmed, args.seed)
            print(f"  ingest {ingested:.1f} s, clone {cloned:.1f} s; {size:.0f} MB")
            print(f"  words: {', '.join(f'{n} {s}' for s, n in sorted(counts.items()))}")
            print(f"  confirmed: {made['new']} new, {made['due']} reviews due ({made['due later today']} later this review day), "
                  f"{made['steps']} in their steps ({made['steps due now']} due now, {made['introduced today']} introduced today), "
                  f"{made['later']} due on later days")
            print(f"  PRAGMA integrity_check: {' '.join(r[0] for r in integrity)}; PRAGMA foreign_key_check: {len(foreign)} rows")
            if integrity != [("ok",)] or foreign:
                sys.exit("the word book made is not consistent")

        server = Server(args.bin, config, server_env)
        phones = [Phone(server, args.bin, config), Phone(server, args.bin, config)]
        started = server.status()
        print(f"\n== The server: {server.command}")
        print(f"  after start and pairing: VmRSS {started['VmRSS']:.1f} MB (RssAnon {started['RssAnon']:.1f}, RssFile "
              f"{started['RssFile']:.1f}: the binary's pages read), VmHWM {started['VmHWM']:.1f} MB, {started['Threads']} threads")

        # The paths: the back side of words due, the photos of clones of each stored photo.
        db = sqlite3.connect(database)
        due = [r[0] for r in db.execute(
            "SELECT id FROM word WHERE status = 'confirmed' AND reviewCount > 0 AND reviewInterval >= 1 AND nextReviewDate < ? "
            "ORDER BY nextReviewDate LIMIT 50", (at(time.time()),))]
        photo_words = [r[0] for r in db.execute(
            "SELECT MIN(word.id) FROM word JOIN wordImage ON wordImage.wordId = word.id WHERE word.status = 'proposed' "
            "AND word.id > 6 GROUP BY (word.id - 7) % 6 ORDER BY 1")]
        db.close()
        routes = [("GET /pending", ["/pending"]), ("GET /review", ["/review"]),
                  ("GET /review/ID", [f"/review/{i}" for i in due])]
        for kind in ("photo", "cue", "around"):
            routes.append((f"GET /words/ID/{kind}", [f"/words/{i}/{kind}" for i in photo_words]))
        print(f"\n== Latency under load: {args.connections} connections for {args.seconds} s a route, from "
              f"{'wrk' if shutil.which('wrk') else 'a Python client (wrk is not installed)'} on loopback; "
              f"milliseconds, target p95 <= {TARGET_MS:.0f}")
        print(f"  {'route':<22}{'p50':>8}{'p95':>8}{'p99':>8}{'max':>8}{'req/s':>8}  not 200  VmHWM after")
        results = {}
        for name, paths in routes:
            result = load(server, phones[0], paths, args.seconds, args.connections, folder)
            results[name] = result
            memory = server.status()
            verdict = "" if result["p95"] <= TARGET_MS else "  <-- over the target"
            print(f"  {name:<22}{result['p50']:8.1f}{result['p95']:8.1f}{result['p99']:8.1f}{result['max']:8.0f}"
                  f"{result['per_second']:8.0f}  {result['not_200']:7d}  {memory['VmHWM']:6.1f} MB{verdict}")
        print(f"  each by: {results['GET /pending']['command']} (paths.lua: the route's paths in turn, the session cookie)")

        memory = server.status()
        verdict = "within" if memory["VmHWM"] <= TARGET_MB else "over"
        print(f"\n== Peak memory of wordbook-web: VmHWM {memory['VmHWM']:.1f} MB ({verdict} the target of {TARGET_MB:.0f} MB), "
              f"VmRSS now {memory['VmRSS']:.1f} MB (RssAnon {memory['RssAnon']:.1f}, RssFile {memory['RssFile']:.1f}), "
              f"{memory['Threads']} threads")

        print(f"\n== Nothing lost: both phones at once, {args.burst} pending words and {args.burst} review words")
        answers, changed, new_changes, commands, new_reviews, statuses = burst(server, phones, database, args.burst, rng)
        problems = []
        for kind in ("pending", "review"):
            mine = [a for a in answers if a[0] == kind]
            by_status = {}
            for _, _, _, status in mine:
                by_status[status] = by_status.get(status, 0) + 1
            print(f"  {kind}: {len(mine)} actions sent, answered " + ", ".join(f"{n} x {s}" for s, n in sorted(by_status.items())))
            for word in {a[1] for a in mine}:
                won = [a for a in mine if a[1] == word and a[3] == 303]
                lost = [a for a in mine if a[1] == word and a[3] == 409]
                if len(won) != 1 or len(won) + len(lost) != len([a for a in mine if a[1] == word]):
                    problems.append(f"{kind} word {word}: {len(won)} answers 303, {len(lost)} 409")
                if changed.get(word, 0) != len(won):
                    problems.append(f"{kind} word {word}: {changed.get(word, 0)} changes logged for {len(won)} actions done")
                if kind == "pending" and won:
                    expected = "rejected" if won[0][2] == "reject" else "confirmed"
                    if statuses.get(word) != expected:
                        problems.append(f"word {word} is {statuses.get(word)} after {won[0][2]} won")
        done = sum(1 for a in answers if a[3] == 303)
        done_reviews = sum(1 for a in answers if a[3] == 303 and a[0] == "review")
        print(f"  change table: {new_changes} new changes ({', '.join(f'{n} by {c}' for c, n in commands.items())}) "
              f"for {done} actions that got a 303; {sum(changed.values())} changed words, "
              f"{sum(1 for n in changed.values() if n == 1)} of them exactly once")
        print(f"  review table: {new_reviews} new rows for {done_reviews} answers that got a 303")
        if new_changes != done:
            problems.append(f"{new_changes} changes logged for {done} actions done")
        if new_reviews != done_reviews:
            problems.append(f"{new_reviews} reviews saved for {done_reviews} answers done")
        print("  " + ("every 303 is in the change table exactly once; the 409s changed nothing" if not problems
                      else "PROBLEMS:\n    " + "\n    ".join(problems)))
        memory = server.status()
        print(f"  VmHWM after the burst: {memory['VmHWM']:.1f} MB")

        flagged = query_plans(database)
        print("\n== Full scans of a big table: " + ("none" if not flagged else
              "; ".join(f"{t}: {d}" + (" (covering)" if c else "") for t, d, c in flagged)))
        return 1 if problems else 0
    finally:
        if server:
            server.stop()
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
