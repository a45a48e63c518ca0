#!/usr/bin/env bash
# Builds the core, the CLI and their tests with AddressSanitizer and UndefinedBehaviorSanitizer
# (-DHEADROOM_SANITIZE=ON) in BUILD_DIR (default build-asan) and runs those tests (CTest labels
# core, cli and presentation: every test of the engine, the readers, the command line and what it
# prints through) under them; any report fails the run. The tree (tools/sanitized-tree.sh) is
# the one tools/fuzz.sh builds its fuzzers in: clang, -O1, the window and the report program left
# out (on CI's two cores a sanitized build of the widgets doubled the run, and the monkey test
# drives the same core through the window).
#   tools/sanitize.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-asan}
. tools/sanitized-tree.sh
configure_sanitized_tree "$build"
targets=(headroom-cli)
for f in tests/core/tst_*.cpp tests/cli/tst_*.cpp tests/presentation/tst_*.cpp; do
    targets+=("$(basename "$f" .cpp)")
done
cmake --build "$build" --target "${targets[@]}"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# Slower under the sanitizers: a longer limit per test than the suite's own.
ctest --test-dir "$build" --output-on-failure --timeout 900 -L '^(core|cli|presentation)$' -j"$(nproc)"
