# WordBook. `make run` starts the worker on the default data folder; `make test` runs the tests.
# Both install the Debian packages they need first (scripts/install-deps.sh, idempotent).

SWIFT ?= swift
PREFIX ?= /usr/local
RELEASE_BIN := .build/release/wordbook
WORKER_BIN := .build/release/wordbook-worker
SCENETEXT_LIB := .build/release/libwordbook-scenetext.so

.PHONY: deps models build release run test install deb deb-test images man fuzz accuracy bench bench-web gloss clean version

# The version, written once in Sources/WordBookCommandLine/Version.swift (what `wordbook --version` prints).
VERSION := $(shell sed -n 's/^public let wordBookVersion = "\(.*\)"$$/\1/p' Sources/WordBookCommandLine/Version.swift)

version:
	@echo $(VERSION)

deps:
	@bash scripts/install-deps.sh

# The scene-text detector and recogniser (PaddleOCR's PP-OCRv6, from the PyPI wheel rapidocr 3.10.0,
# rewritten for OpenCV 4.6) into .build/models, each checked by its SHA-256 (models/README.md).
models:
	@bash scripts/make-models.sh

build: deps models
	$(SWIFT) build

release: deps models
	$(SWIFT) build -c release --static-swift-stdlib

# The worker in the foreground, on $XDG_DATA_HOME/wordbook (~/.local/share/wordbook) unless configured.
run: release
	OMP_THREAD_LIMIT=1 $(WORKER_BIN) run

test: deps models
	bash scripts/python-env.sh
	$(SWIFT) build --build-tests
	# The argument parser's manual tool, which the test of the installed man pages runs.
	$(SWIFT) build --product generate-manual
	# Each suite in its own process, three at once (scripts/run-tests.sh says why).
	OMP_THREAD_LIMIT=1 bash scripts/run-tests.sh

# Both executables, the scene-text plugin (the one part that links OpenCV; the worker looks for it in
# BIN/../lib/wordbook; C++, so patchelf drops the Swift run-time SwiftPM links it with, as
# scripts/build-deb.sh does), the scene-text models (where the worker looks for them,
# BIN/../share/wordbook/models), the man pages and shell completions (scripts/install-manuals.sh, as the
# .deb has them), the configuration (kept if present) and the system unit. wordbook hands
# run, ingest and the Anki export to wordbook-worker, which it finds beside itself.
install: release
	install -D -m 0755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/wordbook
	install -D -m 0755 $(WORKER_BIN) $(DESTDIR)$(PREFIX)/bin/wordbook-worker
	install -D -m 0755 .build/release/wordbook-web $(DESTDIR)$(PREFIX)/bin/wordbook-web
	install -D -m 0644 $(SCENETEXT_LIB) $(DESTDIR)$(PREFIX)/lib/wordbook/libwordbook-scenetext.so
	patchelf --remove-needed libswiftCore.so --remove-rpath $(DESTDIR)$(PREFIX)/lib/wordbook/libwordbook-scenetext.so
	for model in ppocr-det.onnx ppocr-rec.onnx ppocr-rec-160.onnx ppocr-rec-keys.txt; do \
		install -D -m 0644 .build/models/$$model $(DESTDIR)$(PREFIX)/share/wordbook/models/$$model; done
	install -D -m 0644 README.md $(DESTDIR)$(PREFIX)/share/doc/wordbook/README.md
	for doc in docs/*.md; do \
		install -D -m 0644 $$doc $(DESTDIR)$(PREFIX)/share/doc/wordbook/$$doc; done
	install -D -m 0644 models/README.md $(DESTDIR)$(PREFIX)/share/doc/wordbook/models.md
	bash scripts/install-manuals.sh $(RELEASE_BIN) $(DESTDIR)$(PREFIX)
	test -e $(DESTDIR)/etc/wordbook/config.toml || install -D -m 0644 config/wordbook.toml $(DESTDIR)/etc/wordbook/config.toml
	install -D -m 0644 systemd/wordbook.service $(DESTDIR)/etc/systemd/system/wordbook.service
	install -D -m 0644 systemd/wordbook-web.service $(DESTDIR)/etc/systemd/system/wordbook-web.service

# wordbook_VERSION_amd64.deb: both executables (stripped), the unit debian/wordbook.service with the
# system user wordbook, /etc/wordbook/config.toml naming /var/lib/wordbook, man pages, completions
# (scripts/build-deb.sh); then lintian on it, which must report no error.
deb:
	@bash scripts/install-deps.sh --deb
	bash scripts/build-deb.sh
	lintian --fail-on error wordbook_$(VERSION)_$$(dpkg --print-architecture).deb

# Installs that .deb into a minimal Debian 12 (debootstrap), ingests a JPEG and a HEIC there as a member
# of the group wordbook, then boots the tree with systemd-nspawn and checks the service. Needs root
# and Debian's package archive; not part of make test.
deb-test:
	@command -v debootstrap >/dev/null && command -v systemd-nspawn >/dev/null || \
		(apt-get install -y -qq --no-install-recommends debootstrap systemd-container >/dev/null)
	bash scripts/deb-test.sh

# Recognition accuracy of `wordbook ingest` against plain tesseract, side by side, on the dev sets, and
# against the RapidOCR anchor on the per-language photo sets (scenes-dev, the real street photos of
# realscenes-dev; bench/anchor.sh makes its pinned environment in .build/anchor-env once, and its
# results are kept in .build/anchor-cache). Each set's reliability table, then all sets' pooled; then
# bench/calibrate.py refits the confidence rule on one half of every set and prints its reliability on
# the other half. ACCURACY_FLAGS go to accuracy.py: --skip-anchor leaves the anchor out.
# realscenes-320 is realscenes-dev shrunk to 320 px and blurred (bench/shrink-set.py), as a head-worn
# camera or a messaging app gives photos; realscenes-tilt is realscenes-dev turned 8 degrees one way or
# the other, as a phone held at a slant gives them; both made once into .build.
DATASETS ?= ../shared/datasets
accuracy: release
	test -d .build/realscenes-320 || /usr/bin/python3 bench/shrink-set.py $(DATASETS)/realscenes-dev .build/realscenes-320
	test -d .build/realscenes-tilt || /usr/bin/python3 bench/shrink-set.py $(DATASETS)/realscenes-dev .build/realscenes-tilt \
		--width 0 --blur 0 --tilt 8
	/usr/bin/python3 bench/accuracy.py $(DATASETS)/iiit5k-train $(DATASETS)/photos-dev $(DATASETS)/scenes-dev \
		$(DATASETS)/realscenes-dev .build/realscenes-320 .build/realscenes-tilt TestImages --save .build/accuracy.tsv $(ACCURACY_FLAGS)
	/usr/bin/python3 bench/calibrate.py .build/accuracy.tsv

# Images per second of `wordbook ingest` (1 and 2 workers) against a tesseract + sqlite3 loop, where the
# pipeline's time goes, decode sizes, peak RSS and `run` latency, on the dev sets; the targets of issue 4.
# Then the read commands on a word book of 100,000 words, and `due` with a backlog of 32,000 words due
# (bench/store.py, about 4 minutes). BENCH_FLAGS=--quick for a short smoke run of the first;
# STORE_FLAGS="--words 40000 --runs 3" for a shorter one of the second.
BENCH_FLAGS ?=
STORE_FLAGS ?=
# Gloss coverage on samples of wordfreq's German, French and Spanish lists (ranks 1-1000, 1001-5000), the
# sense shown first on the key bench/gloss-key.tsv, and the look-up time (bench/gloss.py; wordfreq from PyPI
# into .build/glossenv by scripts/gloss-env.sh). GLOSS_BEFORE=BINARY adds another build's column, e.g. main's.
GLOSS_BEFORE ?=
gloss: release
	bash scripts/gloss-env.sh
	.build/glossenv/bin/python bench/gloss.py $(if $(GLOSS_BEFORE),--before $(GLOSS_BEFORE)) $(GLOSS_FLAGS)

bench: release
	/usr/bin/python3 bench/throughput.py $(DATASETS) $(BENCH_FLAGS)
	/usr/bin/python3 bench/store.py $(STORE_FLAGS)

# The web app on 10,000 proposals and 10,000 confirmed words (six filed photos cloned in SQL, a 3 GB word
# book in a temporary folder): each page's p50 and p95 under load from wrk on loopback, the server's peak
# RSS, and a burst of actions from two paired phones checked against the change log (bench/web.py, about
# 4 minutes). WEB_FLAGS="--seconds 5" for a shorter run, "--server-env MALLOC_ARENA_MAX=2" to compare.
WEB_FLAGS ?=
bench-web: release
	/usr/bin/python3 bench/web.py $(WEB_FLAGS)

# Regenerates TestImages/ from scripts/make-test-images.py (deterministic).
images: deps
	/usr/bin/python3 scripts/make-test-images.py

# Man pages, one per command, and the completions, into man/ as they are installed (share/man/man1,
# share/bash-completion, ...): `man -l man/share/man/man1/wordbook-review.1.gz` reads one.
man: release
	bash scripts/install-manuals.sh $(RELEASE_BIN) man

# libFuzzer over the bytes-to-pixels path (magic bytes, EXIF, JPEG, PNG/TIFF/WebP, orientation) for
# FUZZ_SECONDS, starting from the seeds in fuzz/corpus. A crash leaves its input in .build-fuzz/crash-*.
FUZZ_SECONDS ?= 300
# SwiftPM gives every executable an entry point of its own, so the target calls libFuzzer's driver
# itself: coverage and ASan from swiftc, libFuzzer without its main from the toolchain.
FUZZER_LIB = $(firstword $(wildcard $(dir $(shell command -v swiftc))../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a))
fuzz: deps
	$(SWIFT) build --package-path fuzz --scratch-path $(CURDIR)/.build-fuzz -Xswiftc -sanitize=address \
		-Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
		-Xlinker $(FUZZER_LIB) -Xlinker -lstdc++
	mkdir -p .build-fuzz/corpus
	.build-fuzz/debug/ImageFuzzer .build-fuzz/corpus fuzz/corpus -max_total_time=$(FUZZ_SECONDS) \
		-max_len=65536 -rss_limit_mb=2048 -timeout=10 -artifact_prefix=.build-fuzz/

clean:
	rm -rf .build
