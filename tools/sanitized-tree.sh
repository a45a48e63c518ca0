# Sourced by tools/sanitize.sh and tools/fuzz.sh: configures BUILD_DIR (argument 1) once as the
# one sanitized tree both use, so that CI compiles the core under the sanitizers once, not twice.
# clang, because gcc's UndefinedBehaviorSanitizer instrumentation of the core's unit templates is
# about nine times slower to compile (core/src/memory/estimate.cpp: 433 s with g++ 12 -O1
# -fsanitize=address,undefined, 47 s with clang++ 14 and the fuzzers' coverage as well) and
# libFuzzer is clang's. -O1 with line tables only: reports keep file and line, and the tree
# compiles in a fraction of -O2 -g's time. The window is left out (-DHEADROOM_WINDOW=OFF), and so is
# the report program, which draws with it.
configure_sanitized_tree() {
    local build=$1
    if [ ! -f "$build/build.ninja" ]; then
        CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
            -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
            -DHEADROOM_SANITIZE=ON -DHEADROOM_FUZZ=ON -DHEADROOM_WINDOW=OFF >/dev/null
    fi
}
