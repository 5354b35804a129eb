#!/usr/bin/env python3
"""The store at scale: 100,000 words over three years of word books, and the read commands timed.

Usage: bench/store.py [--binary PATH] [--words N] [--runs N] [--backlog N] [--keep DIR] [--seed N]

1. Writes a JSON backup in the format `wordbook export` produces (one word book per day for
   1,095 days ending today, uneven counts per day, en/de/fr/es, a small JPEG per word, tags,
   review history) and restores it with `wordbook import`, the project's own path. Prints how
   long the import took.
2. Times the read commands as whole processes of the real binary (after one untimed warm-up run
   each): p50, p95 and max of --runs runs, against the target of 100 ms wall each, with
   `wordbook --help` as the floor (what starting the process costs).
3. A backlog: on a copy of the book with every confirmed word's next review moved back by as
   many days as it takes for --backlog words (default 32,000) to be due, as if the learner had
   not reviewed for that long, times `due` as typed at a terminal (the 50 most overdue and how
   many more: a pseudo-terminal stands in for it), `due --limit 50`, `due --all` and `due --json`
   into a pipe, and `review` quitting at the first word.
4. Prints EXPLAIN QUERY PLAN for the SQL those commands run (rebuilt from
   Sources/WordBookStore/Store/{AppDatabase,WordQuery,DueWords,Stats}.swift) and flags every full scan of
   `word` (or of another big table) where an index could serve.

Standard library only. Everything goes into a temporary folder, removed at the end unless --keep.
"""
import argparse
import base64
import datetime as dt
import hashlib
import itertools
import json
import os
import pty
import random
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import zoneinfo

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIME_ZONE = "Europe/Berlin"
DAYS = 1095
TARGET_MS = 100.0

# A 48x32 greyscale JPEG (686 bytes, quality 80): a dark band like a word on a light background.
TINY_JPEG = bytes.fromhex(
    "ffd8ffe000104a46494600010100000100010000ffdb00430006040506050406060506070706080a100a0a09090a"
    "140e0f0c1017141818171416161a1d251f1a1b231c1616202c20232627292a29191f2d302d283025282928ffc000"
    "0b080020003001011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffc400"
    "b5100002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c1"
    "1552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a63"
    "6465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6"
    "b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda0008"
    "010100003f00f624a9d2a74a992a74a9d2bcefc7fae5cf873c21a86ab6290c9716fe5ed5981287748aa720107a31"
    "ef585aa78e352b33e00f2a0b33ff00090795f6adc8df26ef2b3b3e6e3fd6375cf6fc75f47f15df5dfc54d67c3324"
    "56c2c2ced1678e4556f30b1111c13bb18fde3761dab9fd23e256b177f0a35af13c96da78bfb2bb58238d637f28a9"
    "310c91bf39fde3771dbf1d7d5bc7baa591f875e541647fe123f2bed7b91be4dde4e7cbf9b8ff0058dd73d07e3ea6"
    "95e77e3fd0ee7c47e10d434ab17863b8b8f2f6b4c4841b6456392013d14f6ac2d53c0fa95e1f007953d98ff847fc"
    "afb56e76f9f6f959d9f2f3feadbae3a8ad7d1fc297d69f15359f13492db1b0bcb458238d59bcc0c0443246318fdd"
    "b773d4573fa47c34d62d3e146b5e1892e74f37f7b76b3c722c8fe50506238276673fbb6ec7a8ad7d5bc05aa5e9f8"
    "75e55c590ff8473cafb5ee76f9f6f939f2fe5e7fd5b75c751f87a9a573a953a54e953254e953a57fffd9")
TINY_JPEG_B64 = base64.b64encode(TINY_JPEG).decode()

# Words a learner meets on signs, menus and pages, diacritics and all.
VOCABULARY = {
    "de": """Straße Ausfahrt Einbahnstraße Brötchen Bäckerei Öffnungszeiten Fußgängerzone Kühlschrank
        Müll Schlüssel Gemüse Käse Frühstück Bahnhof Gleis Abfahrt Ankunft Fahrkarte Ausgang Eingang
        Geschäft geöffnet geschlossen Apotheke Krankenhaus Rathaus Kirche Brücke Straßenbahn Haltestelle
        Bürgersteig Grüße Tür Fenster Küche Löffel Gabel Messer Teller Rührei Würstchen Kartoffel Äpfel
        Birne Zwiebel Knoblauch Blumenkohl Süßigkeiten Getränke Saft Wasser Bier Wein Kaffee Kuchen Torte
        Sahne Quittung Rechnung Kasse Preis Angebot Sonderangebot Umleitung Baustelle Vorsicht Achtung
        Gefahr Rauchen verboten Notausgang Aufzug Treppe Stockwerk Erdgeschoss Zimmer Schloss Burg Wald
        Fluss Ufer Hafen Flughafen Gepäck Schließfach Übergang Überweisung Größe Höhe Maß Gebühr Führung
        Häuser Mädchen Jünge Bücher Blätter Wörterbuch Übung Prüfung Lösung Frage Antwort""",
    "fr": """café crème fenêtre château élève garçon hôpital forêt être pâtisserie boulangerie sortie entrée
        fermé ouvert gâteau pâté crêpe fromage épicerie marché légumes poisson boucherie déjeuner dîner
        petit-déjeuner baguette croissant thé bière vin eau glaçon addition reçu caisse prix soldes rue
        avenue boulevard arrêt gare quai départ arrivée billet métro autobus vélo piéton passage travaux
        déviation attention danger interdit fumer escalier ascenseur étage rez-de-chaussée chambre clé
        musée église mairie pharmacie librairie bibliothèque théâtre cinéma hôtel plage île côte mer
        rivière pont forêt montagne neige été hiver automne printemps fraîche naïf où là déjà très
        français noël œuf cœur sœur bœuf façade reçu leçon garçonnière""",
    "es": """niño año mañana corazón está canción jamón café salida entrada calle baño pequeño señor señora
        comida cena desayuno almuerzo pan queso vino cerveza agua zumo leche azúcar sal aceite pollo
        pescado mariscos paella tortilla churros helado postre cuenta recibo caja precio rebajas oferta
        abierto cerrado farmacia hospital ayuntamiento iglesia museo biblioteca librería estación andén
        billete autobús tren metro avión aeropuerto equipaje consigna parada dirección izquierda derecha
        peligro prohibido fumar ascensor escalera planta habitación llave playa isla costa mar río puente
        montaña nieve verano invierno otoño primavera cigüeña pingüino vergüenza lingüística más también
        árbol lápiz teléfono música película médico rápido fácil difícil último próximo""",
    "en": """EXIT Stairs Level bakery naïve café résumé street station platform ticket departure arrival
        entrance closed open pharmacy hospital church museum library bridge river harbour airport luggage
        locker elevator floor ground room key beach island coast sea mountain snow summer winter autumn
        spring breakfast lunch dinner bread cheese wine beer water juice milk sugar salt chicken fish
        dessert bill receipt cashier price sale offer danger caution warning smoking forbidden detour
        roadworks crossing pedestrian bicycle underground parking toilets restroom information welcome
        thanks please sorry coffee tea sandwich soup salad cake biscuit queue fare return single rail
        bus coach taxi hotel reception laundry towel pillow blanket garden castle tower fountain square""",
}
FILLERS = {
    "de": "der die das und nach links rechts nur bitte nicht von bis heute täglich für mit zum zur im am".split(),
    "fr": "le la les et à de du pour avec sans ici par tous jours ouvert fermé sur la au aux".split(),
    "es": "el la los las y a de del para con sin aquí por todos días hoy en al".split(),
    "en": "the and to of for with no please only this way all day open here from at in on".split(),
}
SYLLABLES = {
    "de": "ba be bü brö schl stra ße ger häu ken lun mä nen öf rung schu ung wäl zei".split(),
    "fr": "bé ça che crè dé é fê gâ lon mé ne pâ qué re rê sé té tion vé ère".split(),
    "es": "ba ca ción da ña ñi lla mo ra rí sa te tí ú va za qué lló güe".split(),
    "en": "ble ing er ton mark field ham shire stead worth brook dale ford wick bury ley".split(),
}
NOTE_TEXTS = [
    "at the bakery on the corner", "on the way to the station", "menu at lunch", "sign in the park",
    "ask the teacher", "seen twice this week", "false friend!", "plural?", "gender: feminine",
    "from the museum leaflet", "label on the jar", "on a poster in the metro",
]
TAG_NAMES = ["food", "signs", "travel", "menu", "transport", "Berlin", "Paris", "Madrid", "London",
             "shopping", "grammar", "verbs", "museum", "Straße", "hard", "café-terrasse"]
LANGUAGE_WEIGHTS = [("de", 35), ("fr", 25), ("en", 25), ("es", 15)]
INTERVALS = [1, 2, 4, 7, 15, 30]


_DAY_NAMES = {}


def iso(moment):
    """2026-10-24T13:05:00.123Z, as the backup has it (from a datetime or epoch seconds)."""
    if isinstance(moment, dt.datetime):
        moment = moment.timestamp()
    ms = int(round(moment * 1000))
    day, ms = divmod(ms, 86_400_000)
    name = _DAY_NAMES.get(day)
    if name is None:
        name = _DAY_NAMES[day] = (dt.date(1970, 1, 1) + dt.timedelta(days=day)).isoformat()
    seconds, ms = divmod(ms, 1000)
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{name}T{hours:02d}:{minutes:02d}:{seconds:02d}.{ms:03d}Z"


def grdb(moment):
    """How GRDB stores a Date: UTC, milliseconds."""
    moment = moment.astimezone(dt.timezone.utc)
    return moment.strftime("%Y-%m-%d %H:%M:%S.") + f"{moment.microsecond // 1000:03d}"


def interval_after(review_count, level):
    base = INTERVALS[review_count] if review_count < 6 else 30
    return int(base * max(0.5, level / 5.0))


def zipf_weights(n, s=0.6):
    return [1.0 / (rank + 1) ** s for rank in range(n)]


def ocr_variants(rng, word, count):
    """Plausible misreadings: a letter swapped, an accent lost, the case changed."""
    swaps = {"e": "c", "l": "1", "o": "0", "rn": "m", "i": "í", "ü": "u", "é": "e", "ß": "B", "a": "ä"}
    out = []
    for _ in range(count * 3):
        if len(out) >= count:
            break
        choice = rng.random()
        if choice < 0.4:
            src = rng.choice(list(swaps))
            variant = word.replace(src, swaps[src], 1)
        elif choice < 0.6:
            variant = word.upper()
        elif choice < 0.8:
            variant = word[:-1] if len(word) > 3 else word + "s"
        else:
            variant = word + rng.choice(["s", "e", "n", "."])
        if variant != word and variant not in out:
            out.append(variant)
    return out


def make_document(total_words, seed, now):
    rng = random.Random(seed)
    zone = zoneinfo.ZoneInfo(TIME_ZONE)
    today = now.astimezone(zone).date()
    days = [today - dt.timedelta(days=DAYS - 1 - i) for i in range(DAYS)]

    # Uneven days: a log-normal spread, busier weekends, and a few trips with bursts of photos.
    weights = []
    trips = set()
    for _ in range(8):
        start = rng.randrange(DAYS - 14)
        trips.update(range(start, start + rng.randint(5, 14)))
    for i, day in enumerate(days):
        w = rng.lognormvariate(0, 0.9) * (1.6 if day.weekday() >= 5 else 1.0) * (4.0 if i in trips else 1.0)
        weights.append(w)
    spare = total_words - DAYS
    if spare < 0:
        raise SystemExit(f"--words must be at least {DAYS} (one word per day)")
    scale = spare / sum(weights)
    counts = [1 + int(w * scale) for w in weights]
    remainder = total_words - sum(counts)
    order = sorted(range(DAYS), key=lambda i: -(weights[i] * scale - int(weights[i] * scale)))
    for i in order[:remainder]:
        counts[i] += 1
    assert sum(counts) == total_words

    vocab = {lang: text.split() for lang, text in VOCABULARY.items()}
    for words in vocab.values():
        rng.shuffle(words)
    vocab_cumulative = {lang: list(itertools.accumulate(zipf_weights(len(words)))) for lang, words in vocab.items()}
    languages, language_weights = zip(*LANGUAGE_WEIGHTS)
    language_cumulative = list(itertools.accumulate(language_weights))

    def pick_word(lang):
        if rng.random() < 0.5:
            return rng.choices(vocab[lang], cum_weights=vocab_cumulative[lang])[0]
        # The long tail: made-up words with the language's letters.
        word = "".join(rng.choice(SYLLABLES[lang]) for _ in range(rng.randint(2, 4)))
        return word.capitalize() if lang == "de" else word

    books = []
    words = []
    word_id = 0
    total_reviews = 0
    DAY = 86_400.0
    now_s = now.timestamp()
    for book_index, (day, count) in enumerate(zip(days, counts)):
        # Times are epoch seconds from here on; the day's bounds come from the configured zone.
        start_of_day = dt.datetime.combine(day, dt.time(0), tzinfo=zone).timestamp()
        next_day = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(0), tzinfo=zone).timestamp()
        captures = sorted(round(start_of_day + rng.uniform(7 * 3600, 23 * 3600), 3) for _ in range(count))
        if day == today:
            captures = [min(c, round(now_s - 60, 3)) for c in captures]
        books.append({"id": book_index + 1, "recordDate": day.isoformat(),
                      "createdAt": iso(captures[0] + rng.uniform(2, 90)),
                      "updatedAt": iso(min(captures[-1] + rng.uniform(2, 90), now_s))})
        age_days = (today - day).days
        for captured in captures:
            word_id += 1
            lang = rng.choices(languages, cum_weights=language_cumulative)[0]
            text = pick_word(lang)
            created = min(captured + rng.uniform(1, 120), now_s)
            roll = rng.random()
            if roll < 0.04:
                status = "rejected"
            elif roll < (0.45 if age_days <= 14 else 0.05):
                status = "proposed"
            else:
                status = "confirmed"
            # A correction leaves what recognition proposed in proposedWord.
            misread = ocr_variants(rng, text, 1) if status == "confirmed" and rng.random() < 0.15 else []
            proposed = misread[0] if misread else text
            confidence = rng.randint(55, 99) if rng.random() < 0.9 else rng.randint(0, 54)
            candidates = ocr_variants(rng, text, rng.choice([0, 1, 1, 2, 2, 3, 4]))
            fillers = FILLERS[lang]
            before = [rng.choice(fillers) for _ in range(rng.randint(0, 3))]
            after = [rng.choice(fillers + vocab[lang][:40]) for _ in range(rng.randint(0, 4))]
            context = " ".join(before + [text] + after)
            notes = rng.choice(NOTE_TEXTS) if rng.random() < 0.1 else ""
            tags = sorted(set(rng.sample(TAG_NAMES, rng.choice([1, 1, 2]))), key=str.lower) if rng.random() < 0.2 else []
            mastery, review_count, interval = 0, 0, 1
            next_review, last_review, updated = next_day, None, created
            reviews = []
            if status == "confirmed":
                updated = min(created + rng.uniform(0.1, 48) * 3600, now_s)
                if age_days >= 2 or rng.random() < 0.3:
                    review_count = max(1, min(int(rng.expovariate(1 / 4)) + 1, 2 + age_days // 3, 25))
                    mastery = min(5, max(0, int(rng.gauss(1 + min(review_count, 8) * 0.5, 1.2))))
                    interval = interval_after(review_count, mastery)
                    # Most are scheduled ahead; about 3 % are overdue (a week or two away from reviewing).
                    if rng.random() < 0.03:
                        next_review = now_s - rng.uniform(0, 20) * DAY
                    else:
                        next_review = now_s + rng.uniform(0, interval) * DAY
                    last_review = next_review - interval * DAY
                    if last_review <= created:
                        last_review = created + (now_s - created) * rng.uniform(0.3, 0.9)
                        next_review = last_review + interval * DAY
                    last_review, next_review = round(last_review, 3), round(next_review, 3)
                    updated = max(updated, last_review)
                    if rng.random() < 0.4:
                        moment, level, count_then = last_review, mastery, review_count
                        for _ in range(min(review_count, rng.randint(1, 4))):
                            gap = interval_after(count_then, level)
                            reviews.append({"reviewedAt": iso(moment), "level": level, "interval": gap,
                                            "nextReviewDate": iso(moment + gap * DAY)})
                            count_then -= 1
                            level = max(0, level - rng.randint(0, 1))
                            moment -= interval_after(max(count_then, 0), level) * DAY + rng.uniform(-3, 3) * 3600
                            if moment <= created or count_then <= 0:
                                break
                        reviews.reverse()
                        total_reviews += len(reviews)
            entry = {
                "id": word_id, "bookId": book_index + 1, "word": text, "targetLanguage": lang,
                "masteryLevel": mastery, "notes": notes, "createdAt": iso(created), "updatedAt": iso(updated),
                "nextReviewDate": iso(next_review), "reviewInterval": interval, "reviewCount": review_count,
                "status": status, "proposedWord": proposed, "confidence": confidence, "candidates": candidates,
                "box": {"x": rng.randint(200, 1400), "y": rng.randint(300, 1000), "width": rng.randint(80, 600), "height": rng.randint(30, 140)},
                "context": context, "sourceName": f"{'' if lang == 'en' else lang + '/'}IMG_{20000 + word_id}.jpg",
                "sourceSHA256": hashlib.sha256(f"wordbook-bench-{seed}-{word_id}".encode()).hexdigest(),
                "capturedAt": iso(captured), "tags": tags, "reviews": reviews,
                "image": {"jpeg": TINY_JPEG_B64, "width": 48, "height": 32},
            }
            if last_review is not None:
                entry["lastReviewDate"] = iso(last_review)
            words.append(entry)
    used_tags = sorted({t for w in words for t in w["tags"]}, key=str.lower)
    document = {"schemaVersion": "v2: review history, full-text search", "books": books, "tags": used_tags, "words": words}
    return document, days, counts, total_reviews


def run(binary, args, env, terminal=False, stdin=None):
    """Wall milliseconds, CPU milliseconds (user + system) and standard output of one process; with
    `terminal`, its standard output is a pseudo-terminal, as when a learner types the command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    if terminal:
        done = run_on_terminal([binary] + args, env)
    else:
        done = subprocess.run([binary] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, input=stdin)
    elapsed = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000
    if done.returncode != 0:
        raise SystemExit(f"wordbook {' '.join(args)} failed ({done.returncode}): {done.stderr.decode().strip()}")
    return elapsed, cpu, done.stdout


def run_on_terminal(argv, env):
    """subprocess.run with standard output on a pseudo-terminal; what it printed, line ends as "\\n"."""
    master, child = pty.openpty()
    process = subprocess.Popen(argv, stdout=child, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env)
    os.close(child)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    stderr = process.stderr.read()
    process.wait()
    return subprocess.CompletedProcess(argv, process.returncode, b"".join(chunks).replace(b"\r\n", b"\n"), stderr)


def percentile(values, p):
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    k = (len(ordered) - 1) * p / 100
    low = int(k)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def explain(db, title, sql, params=()):
    rows = db.execute("EXPLAIN QUERY PLAN " + sql, params).fetchall()
    flagged = []
    print(f"\n-- {title}")
    print("   " + " ".join(sql.split()))
    if params:
        print(f"   params: {list(params)}")
    children = {}
    for node, parent, _, detail in rows:
        children.setdefault(parent, []).append((node, detail))

    def walk(parent, depth):
        for node, detail in children.get(parent, []):
            mark = ""
            words = detail.split()
            # "SCAN word", "SCAN word USING INDEX x" (an index walked whole), but not a COVERING one
            # for an aggregate over every row, which is the least such a query can read.
            if len(words) >= 2 and words[0] == "SCAN" and words[1] in ("word", "review", "wordImage", "wordTag"):
                covering = "COVERING INDEX" in detail
                mark = "   <-- full scan" + (" (covering index: reads the index only)" if covering else "")
                flagged.append((title, detail, covering))
            print("   " + "  " * depth + detail + mark)
            walk(node, depth + 1)
    walk(0, 0)
    return flagged


def query_plans(db_path, now, day, day_from, day_to, search_terms):
    db = sqlite3.connect(db_path)
    zone = zoneinfo.ZoneInfo(TIME_ZONE)
    local = now.astimezone(zone)
    end_of_today = dt.datetime.combine(local.date() + dt.timedelta(days=1), dt.time(0), tzinfo=zone)
    start_of_today = dt.datetime.combine(local.date(), dt.time(0), tzinfo=zone)
    ids = json.dumps(list(range(1000, 1050)))
    flagged = []
    print("\n== EXPLAIN QUERY PLAN (SQL rebuilt from the Store sources; parameters as GRDB binds them)")
    # WordQuery.swift: words(_:) for pending (status = proposed, sort created) and list.
    flagged += explain(db, "pending: words(status: proposed) [WordQuery.words]", """
        SELECT "word".* FROM "word" JOIN "wordBook" ON "wordBook"."id" = "word"."wordBookId"
        WHERE "word"."status" = ? ORDER BY "word"."capturedAt", "word"."id" """, ("proposed",))
    flagged += explain(db, "list --date D [WordQuery.words]", """
        SELECT "word".* FROM "word" JOIN "wordBook" ON ("wordBook"."id" = "word"."wordBookId") AND ("wordBook"."recordDate" = ?)
        ORDER BY "word"."capturedAt", "word"."id" """, (day,))
    flagged += explain(db, "list --from D1 --to D2 --limit 50 --offset 5000: the page's IDs [WordQuery.words]", """
        SELECT "word"."id" FROM "word" JOIN "wordBook" ON ("wordBook"."id" = "word"."wordBookId")
            AND ("wordBook"."recordDate" >= ?) AND ("wordBook"."recordDate" <= ?)
        ORDER BY "word"."capturedAt", "word"."id" LIMIT ? OFFSET ?""", (day_from, day_to, 50, 5000))
    flagged += explain(db, "list --from D1 --to D2 --limit 50 --offset 5000: the page's rows [WordQuery.words]", """
        SELECT * FROM "word" WHERE "id" IN (1, 2, 3)""")
    flagged += explain(db, "every listing: the days of the words' books [WordQuery.listings]", """
        SELECT "id", "recordDate" FROM "wordBook" WHERE "id" IN (1, 2, 3)""")
    flagged += explain(db, "every listing: the tags of the words [WordQuery.listings]", """
        SELECT wordTag.wordId, tag.name FROM wordTag JOIN tag ON tag.id = wordTag.tagId
        WHERE wordTag.wordId IN (SELECT value FROM json_each(?)) ORDER BY tag.key""", (ids,))
    flagged += explain(db, "search TEXT [WordQuery.search]", """
        SELECT word.* FROM wordSearch JOIN word ON word.id = wordSearch.rowid
        WHERE wordSearch MATCH ? ORDER BY wordSearch.rank, word.id""", (search_terms,))
    flagged += explain(db, "due into a pipe [DueWords.due]", """
        SELECT * FROM "word" WHERE ("status" = ?) AND ("nextReviewDate" <= ?)
        ORDER BY "nextReviewDate", "id" """, ("confirmed", grdb(now)))
    flagged += explain(db, "due on a terminal: the 50 most overdue [DueWords.due]", """
        SELECT * FROM "word" WHERE ("status" = ?) AND ("nextReviewDate" <= ?)
        ORDER BY "nextReviewDate", "id" LIMIT ?""", ("confirmed", grdb(now), 50))
    flagged += explain(db, "due on a terminal: how many more [DueWords.dueCount]", """
        SELECT COUNT(*) FROM "word" WHERE ("status" = ?) AND ("nextReviewDate" <= ?)""", ("confirmed", grdb(now)))
    flagged += explain(db, "review: the IDs due, most overdue first [DueWords.dueIDs]", """
        SELECT "id" FROM "word" WHERE ("status" = ?) AND ("nextReviewDate" <= ?)
        ORDER BY "nextReviewDate", "id" """, ("confirmed", grdb(now)))
    flagged += explain(db, "books [WordQuery.books]", """
        SELECT wordBook.recordDate AS day, COUNT(word.id) AS words,
               COALESCE(SUM(word.masteryLevel >= 4), 0) AS mastered
        FROM wordBook LEFT JOIN word ON word.wordBookId = wordBook.id
        GROUP BY wordBook.id ORDER BY wordBook.recordDate DESC""")
    flagged += explain(db, "stats: counts, in total and per language [Stats.stats]", """
        SELECT targetLanguage, status, masteryLevel, COUNT(*) AS count FROM word
        GROUP BY targetLanguage, status, masteryLevel ORDER BY targetLanguage""")
    flagged += explain(db, "stats: due today [Stats.stats]", """
        SELECT COUNT(*) FROM "word" WHERE ("status" = ?) AND ("nextReviewDate" < ?)""",
                       ("confirmed", grdb(end_of_today)))
    flagged += explain(db, "stats: FSRS recall of the words with a memory state [Stats.stats]", """
        SELECT "stability", "lastReviewDate" FROM "word"
        WHERE ("status" = ?) AND ("stability" IS NOT NULL) AND ("lastReviewDate" IS NOT NULL)""", ("confirmed",))
    flagged += explain(db, "stats: streak, the days with a book [Stats.stats]", "SELECT recordDate FROM wordBook")
    flagged += explain(db, "stats: streak, a day without a book: reviewed? [Stats.stats]", """
        SELECT EXISTS (SELECT 1 FROM review WHERE reviewedAt >= ? AND reviewedAt < ?)""",
                       (grdb(start_of_today), grdb(end_of_today)))
    flagged += explain(db, "every command: the schema version [DatabaseMigrator]",
                       "SELECT identifier FROM grdb_migrations")
    db.close()
    return flagged


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/wordbook"))
    parser.add_argument("--words", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--backlog", type=int, default=32_000,
                        help="words due in the backlog case (at most the confirmed words)")
    parser.add_argument("--keep", metavar="DIR", help="keep the database (and its config) in DIR")
    parser.add_argument("--reuse", action="store_true",
                        help="with --keep: time the database an earlier run kept in DIR instead of building a new one")
    parser.add_argument("--seed", type=int, default=4)
    options = parser.parse_args()
    if not os.access(options.binary, os.X_OK):
        raise SystemExit(f"{options.binary} is not an executable: build it (swift build -c release) or pass --binary")

    scratch = tempfile.mkdtemp(prefix="wordbook-store-")
    workdir = os.path.abspath(options.keep) if options.keep else scratch
    os.makedirs(workdir, exist_ok=True)
    db_path = os.path.join(workdir, "bench.sqlite")
    config_path = os.path.join(workdir, "bench.toml")
    reuse = options.reuse and options.keep and os.path.exists(db_path)
    if options.reuse and not reuse:
        raise SystemExit("--reuse needs --keep DIR with the database of an earlier run in it")
    if not reuse:
        for leftover in (db_path, db_path + "-wal", db_path + "-shm"):
            if os.path.exists(leftover):
                os.remove(leftover)
    with open(config_path, "w") as f:
        f.write(f'[paths]\ndata = "{workdir}"\n[time]\ntime_zone = "{TIME_ZONE}"\n')
    # As a learner types them: no OMP_THREAD_LIMIT (only run and ingest need it, and set it themselves).
    env = {key: value for key, value in os.environ.items() if key != "OMP_THREAD_LIMIT"}
    common = ["--db", db_path, "--config", config_path]
    try:
        now = dt.datetime.now(dt.timezone.utc)
        if reuse:
            with sqlite3.connect(db_path) as db:
                days = [dt.date.fromisoformat(d) for (d,) in db.execute("SELECT recordDate FROM wordBook ORDER BY recordDate")]
                per_day = dict(db.execute("SELECT wordBookId, COUNT(*) FROM word GROUP BY wordBookId"))
                ids = [i for (i,) in db.execute("SELECT id FROM wordBook ORDER BY recordDate")]
                counts = [per_day.get(i, 0) for i in ids]
                total = db.execute("SELECT COUNT(*) FROM word").fetchone()[0]
            print(f"binary   {options.binary}")
            print(f"data     reused {db_path}: {total} words in {len(days)} word books ({days[0]} to {days[-1]})")
            return time_commands(options, db_path, env, common, now, days, counts, scratch)
        started = time.perf_counter()
        document, days, counts, total_reviews = make_document(options.words, options.seed, now)
        backup = os.path.join(scratch, "backup.json")
        with open(backup, "w") as f:
            json.dump(document, f, ensure_ascii=False, separators=(",", ":"))
        statuses = {s: sum(1 for w in document["words"] if w["status"] == s) for s in ("confirmed", "proposed", "rejected")}
        languages = {l: sum(1 for w in document["words"] if w["targetLanguage"] == l) for l, _ in LANGUAGE_WEIGHTS}
        print(f"binary   {options.binary}")
        print(f"data     {len(document['words'])} words in {len(days)} word books ({days[0]} to {days[-1]}, "
              f"{min(counts)}-{max(counts)} a day, median {int(statistics.median(counts))}), time zone {TIME_ZONE}")
        print(f"         {', '.join(f'{k} {v}' for k, v in statuses.items())}; "
              f"{', '.join(f'{k} {v}' for k, v in languages.items())}; {total_reviews} reviews; "
              f"{sum(1 for w in document['words'] if w['tags'])} words tagged; images {len(TINY_JPEG)} bytes each")
        print(f"backup   {os.path.getsize(backup) / 1e6:.1f} MB written in {time.perf_counter() - started:.1f} s")
        del document

        elapsed, _, out = run(options.binary, ["import", backup] + common, env)
        print(f"import   {elapsed / 1000:.1f} s: {out.decode().strip()}")
        os.remove(backup)
        print(f"database {os.path.getsize(db_path) / 1e6:.1f} MB ({db_path})")
        return time_commands(options, db_path, env, common, now, days, counts, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def time_commands(options, db_path, env, common, now, days, counts, scratch):
    if True:
        busiest = max(range(len(days)), key=lambda i: counts[i])
        day = days[len(days) // 2].isoformat()
        day_from, day_to = days[len(days) // 3].isoformat(), days[2 * len(days) // 3].isoformat()
        searches = [("search ausfahrt", ["search", "ausfahrt"], "a common word"),
                    ("search cafe", ["search", "cafe"], "café typed without its accent"),
                    ("search STRASSE", ["search", "STRASSE"], "uppercase, ß typed as SS")]
        commands = [
            ("--help", ["--help"], "the floor: start the process, parse, print"),
            ("pending", ["pending"] + common, ""),
            (f"list --date {day}", ["list", "--date", day] + common, ""),
            (f"list --date {days[busiest]} (busiest day)", ["list", "--date", days[busiest].isoformat()] + common, ""),
            (f"list --from {day_from} --to {day_to} --limit 50 --offset 5000",
             ["list", "--from", day_from, "--to", day_to, "--limit", "50", "--offset", "5000"] + common, ""),
        ] + [(name, args + common, why) for name, args, why in searches] + [
            ("due", ["due"] + common, "into a pipe: every word due"),
            ("stats", ["stats"] + common, ""),
            ("books", ["books"] + common, ""),
            ("pending --json", ["pending", "--json"] + common, "extra"),
            ("due --json", ["due", "--json"] + common, "extra"),
        ]
        print(f"\n== Whole processes, {options.runs} runs each after one warm-up run; target {TARGET_MS:.0f} ms wall")
        results = time_rows(options, env, commands)
        results += time_backlog(options, db_path, env, common, now, scratch)
        missed = [name for name, _, verdict in results if verdict == "NOT MET"]
        print(f"\n{len(results) - 1 - len(missed)} of {len(results) - 1} commands within {TARGET_MS:.0f} ms"
              + (f"; not met: {', '.join(missed)}" if missed else ""))
        print("lines: lines of output; cpu ms: user + system time of the process (p50), which other load on the"
              f" machine disturbs less than wall time. Load average now: {', '.join(f'{x:.1f}' for x in os.getloadavg())}"
              f" on {os.cpu_count()} cores.")

        terms = " ".join(f'"{t}"*' for t in ["strasse"])
        flagged = query_plans(db_path, now, day, day_from, day_to, terms)
        bad = [f for f in flagged if not f[2]]
        print(f"\n{len(flagged)} full scan(s) of a big table; {len(bad)} that an index could serve"
              + "".join(f"\n   {title}: {detail}" for title, detail, covering in bad))
        if options.keep:
            print(f"\nkept: {db_path} (run again with --keep {os.path.dirname(db_path)} --reuse to time it again)")
        return 1 if missed or bad else 0


def time_rows(options, env, commands):
    """Times each (name, args, why[, how]) command, how being run()'s terminal= and stdin=, and prints
    one row each; returns (name, p50, verdict) of those with a target ("extra" ones have none)."""
    width = max(52, max(len(name) for name, *_ in commands))
    print(f"{'command':<{width}}  {'lines':>6}  {'p50 ms':>7}  {'p95 ms':>7}  {'max ms':>7}  {'cpu ms':>7}  {'target':>7}  result")
    results = []
    for name, args, why, *rest in commands:
        how = rest[0] if rest else {}
        _, _, out = run(options.binary, args, env, **how)  # warm-up: page cache, and any new migration applied once
        samples = [run(options.binary, args, env, **how) for _ in range(options.runs)]
        times = [wall for wall, _, _ in samples]
        p50, p95, high = statistics.median(times), percentile(times, 95), max(times)
        cpu = statistics.median(c for _, c, _ in samples)
        lines = out.count(b"\n")
        if name == "--help":
            verdict, target = "floor", "-"
        else:
            verdict = "met" if p50 <= TARGET_MS else "NOT MET"
            target = f"{TARGET_MS:.0f}"
        if why == "extra":
            verdict = f"({verdict.lower()}; not one of the issue's commands)"
        else:
            results.append((name, p50, verdict))
        print(f"{name:<{width}}  {lines:>6}  {p50:>7.1f}  {p95:>7.1f}  {high:>7.1f}  {cpu:>7.0f}  {target:>7}  {verdict}"
              + (f"  ({why})" if why and why != "extra" else ""))
    return results


def time_backlog(options, db_path, env, common, now, scratch):
    """`due` and `review` for a learner back after days without reviewing: a copy of the book with
    every confirmed word's next review moved back far enough for --backlog words to be due now."""
    backlog_path = os.path.join(scratch, "backlog.sqlite")
    with sqlite3.connect(db_path) as source, sqlite3.connect(backlog_path) as copy:
        source.backup(copy)
    db = sqlite3.connect(backlog_path)
    confirmed = db.execute("SELECT COUNT(*) FROM word WHERE status = 'confirmed'").fetchone()[0]
    wanted = min(options.backlog, confirmed)
    if wanted < 1:
        print("\n== A backlog: no confirmed words to be due")
        return []
    # The wanted-th earliest next review, moved back to now: days enough for `wanted` words to be due.
    (latest,) = db.execute("SELECT nextReviewDate FROM word WHERE status = 'confirmed' ORDER BY nextReviewDate LIMIT 1 OFFSET ?",
                           (wanted - 1,)).fetchone()
    latest = dt.datetime.strptime(latest, "%Y-%m-%d %H:%M:%S.%f").replace(tzinfo=dt.timezone.utc)
    away = max(0, -(-(latest - now).total_seconds() // 86_400))
    db.execute("UPDATE word SET nextReviewDate = strftime('%Y-%m-%d %H:%M:%f', nextReviewDate, ?) WHERE status = 'confirmed'",
               (f"-{int(away)} days",))
    db.commit()
    due = db.execute("SELECT COUNT(*) FROM word WHERE status = 'confirmed' AND nextReviewDate <= ?", (grdb(now),)).fetchone()[0]
    db.close()
    backlog = ["--db", backlog_path] + common[2:]
    days = f"{int(away)} day{'' if away == 1 else 's'}"
    print(f"\n== A backlog: every confirmed word's next review {days} earlier, as if not reviewed for {days}:"
          f" {due:,} words due" + ("" if due >= 30_000 else " (fewer than 30,000: a larger --words or --backlog)"))
    commands = [
        ("due (on a terminal: the 50 most overdue)", ["due"] + backlog, "", {"terminal": True}),
        ("due --limit 50", ["due", "--limit", "50"] + backlog, ""),
        ("review, quitting at the first word", ["review", "--no-image"] + backlog, "extra", {"stdin": b"q\n"}),
        ("due --all (into a pipe: every word due)", ["due", "--all"] + backlog, "extra"),
        ("due --json (every word due)", ["due", "--json"] + backlog, "extra"),
    ]
    return time_rows(options, env, commands)


if __name__ == "__main__":
    sys.exit(main())
