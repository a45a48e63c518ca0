#!/usr/bin/env python3
"""Runs every headroom-cli command the README shows and checks the figures its text states.

Each ```sh block's `build/bin/headroom-cli` commands run (with the built binary given as --cli);
a report is written as Markdown (the PDF's words) into a scratch folder instead of the file the README names, and a
check script into the scratch folder. Then every figure in the paragraph right after the block
(and in the parenthesis before it that says "here: ...") must be one the command printed:
"N bytes" exactly, "N GB" / "N GiB" as some byte count of the output rounded to the places the
text gives, or the text itself. Commands that need a GPU or a file a GPU run writes
(python3 check.py, --measured measured.json, the window) are listed and skipped.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

# A figure with its unit after a space ("147.97 GB"); a card's name ("A100 80GB") is not one.
FIGURE = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?) (bytes|GB|GiB)\b")


def blocks(readme):
    """(commands, prose after, prose before) for every ```sh block."""
    lines = readme.split("\n")
    out = []
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```sh":
            j = i + 1
            body = []
            while lines[j].strip() != "```":
                body.append(lines[j])
                j += 1
            # Joined continuation lines, one command each.
            commands, current = [], ""
            for line in body:
                current += line.rstrip("\\").strip() + " "
                if not line.rstrip().endswith("\\"):
                    commands.append(current.strip())
                    current = ""
            after = []
            k = j + 1
            while k < len(lines) and (lines[k].strip() or not after):
                if lines[k].startswith("```"):
                    break
                after.append(lines[k])
                k += 1
            before = []
            k = i - 1
            while k >= 0 and lines[k].strip():
                before.insert(0, lines[k])
                k -= 1
            out.append((commands, "\n".join(after), "\n".join(before)))
            i = j
        i += 1
    return out


def byte_counts(text):
    """Every byte count the output holds: grouped digits, JSON numbers, GB/GiB figures."""
    counts = set()
    for m in re.finditer(r"\d[\d,]*(?:\.\d+)?", text):
        s = m.group(0).replace(",", "")
        try:
            counts.add(float(s))
        except ValueError:
            pass
    return counts


def figure_found(value, unit, places, output, counts):
    literal = f"{value} {unit}"
    if literal in output:
        return True
    number = float(value.replace(",", ""))
    if unit == "bytes":
        return number in counts
    scale = 1e9 if unit == "GB" else 2**30
    for c in counts:
        if round(c / scale, places) == round(number, places) and c >= scale / 100:
            return True
    # The output's own GB / GiB figures, rounded to the text's places.
    for m in re.finditer(r"(\d[\d,]*\.\d+)\s?" + unit + r"\b", output):
        if round(float(m.group(1).replace(",", "")), places) == round(number, places):
            return True
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", required=True)
    ap.add_argument("--readme", required=True)
    args = ap.parse_args()
    readme = open(args.readme, encoding="utf-8").read()
    scratch = tempfile.mkdtemp(prefix="readme-examples-")
    failures, ran, skipped = [], 0, []
    for commands, after, before in blocks(readme):
        outputs = []
        for command in commands:
            if not command.startswith("build/bin/headroom-cli"):
                skipped.append(command)
                continue
            argv = shlex.split(command.split("#")[0])
            argv[0] = args.cli
            if "--measured" in argv:
                skipped.append(command)  # needs what a GPU run writes
                continue
            if argv[1] == "report":
                i = argv.index("--output")
                argv[i + 1] = os.path.join(scratch, "report.md")
                if "--format" in argv:
                    argv[argv.index("--format") + 1] = "md"
            elif "--output" in argv:
                i = argv.index("--output")
                argv[i + 1] = os.path.join(scratch, os.path.basename(argv[i + 1]))
            p = subprocess.run(argv, capture_output=True, text=True, cwd=scratch)
            ran += 1
            if p.returncode != 0:
                failures.append(f"{command}\n  exit {p.returncode}: {p.stderr.strip()[:300]}")
                continue
            text = p.stdout
            if argv[1] == "report":
                text += open(os.path.join(scratch, "report.md"), encoding="utf-8").read()
            outputs.append(text)
        if not outputs:
            continue
        output = "\n".join(outputs)
        counts = byte_counts(output)
        stated = FIGURE.findall(after)
        here = re.search(r"\(here: (.*?)\)", before, re.S)
        if here:
            stated += FIGURE.findall(here.group(1))
        for value, unit in stated:
            places = len(value.split(".")[1]) if "." in value else 0
            if not figure_found(value, unit, places, output, counts):
                failures.append(f"{commands[0][:100]}...\n  the README says {value} {unit}; the command does not print it")
    print(f"{ran} README commands run; skipped (GPU or window): {len(skipped)}")
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures or ran == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
