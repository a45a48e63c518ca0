#!/usr/bin/env bash
# Runs every libFuzzer target under tests/fuzz for SECONDS each (default 30), from its seed
# corpus, and fails on the first crash, leak, hang or sanitizer report.
#   tools/fuzz.sh [SECONDS] [BUILD_DIR]
# BUILD_DIR (default build-asan, the tree tools/sanitize.sh builds its tests in) is configured by
# tools/sanitized-tree.sh if it does not exist yet: clang, -DHEADROOM_FUZZ=ON,
# -DHEADROOM_SANITIZE=ON. docs/reliability.md has the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
build=${2:-build-asan}
. tools/sanitized-tree.sh
configure_sanitized_tree "$build"
targets=(scenariofile quantity catalogue hfconfig safetensors jsonduplicates histogram frameworkconfig
         scenarioinvariants hfestimate measured yamltree)
cmake --build "$build" --target "${targets[@]/#/fuzz_}"
export HEADROOM_DATA_DIR="$PWD/resources"
# One fuzzer per core at a time: each is single-threaded, so on CI's two cores this halves the
# wall time without shortening any target's SECONDS.
fuzz_one() {
    local t=$1 work
    work=$(mktemp -d)
    # New inputs go to a scratch corpus; the committed seeds are only read.
    if ! "$build/bin/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
            -artifact_prefix="$work/" "$work" "tests/fuzz/corpus/$t" >"$work/log" 2>&1; then
        tail -n 60 "$work/log" >&2
        echo "fuzz_$t found a problem; the input is in $work" >&2
        return 1
    fi
    echo "fuzz_$t: $seconds s, $(grep -E '^stat::number_of_executed_units' "$work/log" || echo 'no stats')"
    rm -rf "$work"
}
jobs=$(nproc)
failed=0
running=0
for t in "${targets[@]}"; do
    fuzz_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait -n || failed=1
        running=$((running - 1))
    fi
done
while [ "$running" -gt 0 ]; do
    wait -n || failed=1
    running=$((running - 1))
done
exit "$failed"
