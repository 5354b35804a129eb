#!/usr/bin/env bash
# Runs the built tests (swift build --build-tests), each suite in its own process, WORDBOOK_TEST_LANES
# of them at once (default 3): the end-to-end suites first, as they take longest. Prints each suite's
# output in turn, then the count, and fails if any suite failed.
#
# Why processes: Swift Testing runs tests on the concurrency pool, one thread a core, and an
# end-to-end test blocks its thread while it waits for the worker it started. On a 2-core machine two
# such waits left the CPU idle for a quarter of a single process's run.
set -uo pipefail
cd "$(dirname "$0")/.."

binary=.build/debug/WordBookPackageTests.xctest
lanes=${WORDBOOK_TEST_LANES:-3}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

if [ ! -x "$binary" ]; then
    echo "run-tests: no $binary: build it first (swift build --build-tests)" >&2
    exit 1
fi
mapfile -t suites < <("$binary" --testing-library swift-testing --list-tests | sed -E 's|/.*||' | sort -u |
    awk '/^EndToEndTests\./ { print; next } { rest[++n] = $0 } END { for (i = 1; i <= n; i++) print rest[i] }')
if [ "${#suites[@]}" -eq 0 ]; then
    echo "run-tests: $binary lists no tests" >&2
    exit 1
fi

for suite in "${suites[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$lanes" ]; do wait -n; done
    ("$binary" --testing-library swift-testing --filter "^${suite//./\\.}/" > "$logs/$suite" 2>&1 ||
        touch "$logs/$suite.failed") &
done
wait

failed=()
tests=0
for suite in "${suites[@]}"; do
    cat "$logs/$suite"
    [ -e "$logs/$suite.failed" ] && failed+=("$suite")
    count=$(sed -n 's/.*Test run with \([0-9]*\) test.*/\1/p' "$logs/$suite" | tail -1)
    tests=$((tests + ${count:-0}))
done
if [ "${#failed[@]}" -ne 0 ]; then
    echo "run-tests: ${#failed[@]} of ${#suites[@]} suites failed: ${failed[*]}" >&2
    exit 1
fi
echo "run-tests: $tests tests in ${#suites[@]} suites passed"
