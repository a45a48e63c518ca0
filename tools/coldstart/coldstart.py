#!/usr/bin/env python3
"""Cold-start figures of headroom-cli (docs/performance.md, "Cold start"): the wall time from
spawning to exit and the peak resident memory of

  estimate   headroom-cli estimate --preset llama-2-7b --json
  version    headroom-cli --version
  hello      a QtCore-only program (tools/coldstart/hello.cpp, compiled here with the system's
             compiler and Qt's pkg-config flags) that creates its QCoreApplication and prints a line

each started by a small launcher (measure.cpp) that times it from fork to exit and reads its own
peak RSS, run paired and interleaved (each round runs the three in a fresh random order), after warm-up
rounds, so that a busier moment of the machine weighs on all three alike. Prints each one's median,
10th and 90th percentile, the ratios of the medians to hello's, peak RSS, and the targets
(estimate <= 1.3x hello, --version <= 1.1x, estimate's peak RSS <= 12 MB, MB = 10^6 bytes).

    tools/coldstart/coldstart.py [--build DIR] [--rounds N] [--warmup N] [--json FILE]
"""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def compile_tool(folder, source, name, qt):
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "Qt6Core"], check=True, capture_output=True,
                           text=True).stdout.split() if qt else []
    out = os.path.join(folder, name)
    compiler = os.environ.get("CXX", "c++")
    subprocess.run([compiler, "-std=c++20", "-O2", "-fPIC", os.path.join(HERE, source), "-o", out] + flags, check=True)
    return out


def run_once(measure, argv, env):
    """Wall seconds from fork to reaped exit, CPU seconds, and peak RSS in bytes (measure.cpp)."""
    done = subprocess.run([measure] + argv, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} exited with {done.returncode}: {done.stderr}")
    ns, cpu, kib = done.stdout.split()
    return int(ns) / 1e9, int(cpu) / 1e9, int(kib) * 1024


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default="build", help="the build folder holding bin/headroom-cli (default: build)")
    parser.add_argument("--rounds", type=int, default=300, help="measured rounds (default 300)")
    parser.add_argument("--warmup", type=int, default=20, help="rounds run first and not counted (default 20)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    if args.rounds < 1 or args.warmup < 0:
        parser.error("--rounds must be 1 or more and --warmup 0 or more")

    cli = os.path.abspath(os.path.join(args.build, "bin", "headroom-cli"))
    if not os.access(cli, os.X_OK):
        sys.exit(f"no executable {cli}: build headroom-cli first")
    scratch = tempfile.mkdtemp(prefix="coldstart-")
    try:
        hello = compile_tool(scratch, "hello.cpp", "coldstart-hello", True)
        measure = compile_tool(scratch, "measure.cpp", "coldstart-measure", False)
        # The C locale's English and the installed layout's data folder (<bin>/../share/headroom).
        env = {k: v for k, v in os.environ.items() if k not in ("HEADROOM_DATA_DIR", "LANG", "LANGUAGE")}
        env["LC_ALL"] = "C.UTF-8"
        commands = {
            "estimate": [cli, "estimate", "--preset", "llama-2-7b", "--json"],
            "version": [cli, "--version"],
            "hello": [hello],
        }
        times = {name: [] for name in commands}
        cpu = {name: [] for name in commands}
        rss = {name: [] for name in commands}
        for round_ in range(args.warmup + args.rounds):
            order = list(commands)
            random.shuffle(order)
            for name in order:
                seconds, cpu_seconds, peak = run_once(measure, commands[name], env)
                if round_ >= args.warmup:
                    times[name].append(seconds)
                    cpu[name].append(cpu_seconds)
                    rss[name].append(peak)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    medians = {name: statistics.median(t) for name, t in times.items()}
    cpu_medians = {name: statistics.median(t) for name, t in cpu.items()}
    figures = {}
    print(f"{args.rounds} interleaved rounds after {args.warmup} warm-up rounds; milliseconds (ms), MB = 10^6 bytes;")
    print("wall: fork to exit; CPU: user + system time (less sensitive to other work on the machine)")
    print(f"{'':10} {'wall med':>9} {'p10':>7} {'p90':>7} {'x hello':>8} {'CPU med':>8} {'x hello':>8} {'peak RSS':>10}")
    for name, t in times.items():
        ratio = medians[name] / medians["hello"]
        cpu_ratio = cpu_medians[name] / cpu_medians["hello"]
        figures[name] = {"median_ms": medians[name] * 1e3, "p10_ms": percentile(t, 0.1) * 1e3,
                         "p90_ms": percentile(t, 0.9) * 1e3, "ratio_to_hello": ratio,
                         "cpu_median_ms": cpu_medians[name] * 1e3, "cpu_ratio_to_hello": cpu_ratio,
                         "peak_rss_mb": max(rss[name]) / 1e6}
        f = figures[name]
        print(f"{name:10} {f['median_ms']:9.2f} {f['p10_ms']:7.2f} {f['p90_ms']:7.2f} {ratio:8.2f} "
              f"{f['cpu_median_ms']:8.2f} {cpu_ratio:8.2f} {f['peak_rss_mb']:8.1f} MB")
    targets = [
        ("estimate <= 1.3x hello (wall)", figures["estimate"]["ratio_to_hello"] <= 1.3),
        ("--version <= 1.1x hello (wall)", figures["version"]["ratio_to_hello"] <= 1.1),
        ("estimate peak RSS <= 12 MB", figures["estimate"]["peak_rss_mb"] <= 12.0),
    ]
    for label, met in targets:
        print(f"target {label}: {'met' if met else 'NOT met'}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"rounds": args.rounds, "warmup": args.warmup, "figures": figures,
                       "targets": {label: met for label, met in targets}}, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
