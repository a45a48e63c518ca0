#!/usr/bin/python3
"""Generates the measured-peaks table of docs/accuracy.md: Headroom's peak against the published GPU
peaks of real torchtune and Hugging Face PEFT runs.

  tests/fixtures/measured/measured-peaks.json  the published peaks (32 cases): the run as the source
                                               states it, the value and unit it reports, how complete
                                               the stated config is;
  tests/fixtures/measured/cases.json           for each case the CLI options a user of that stack would
                                               give, the memory statistic the source reports (with the
                                               options that reproduce it: allocated --overhead 0,
                                               reserved --cuda-context 0, a GPU monitor the defaults),
                                               what is assumed where the source is silent, or why the
                                               case cannot be expressed; and the targets.

Each expressed case runs exactly as tests/cli/tst_measuredpeaks.cpp runs it:
`headroom-cli estimate <options> <statistic options> --json`, and its peak.bytes is the estimate.
The error is (estimate - measured) / measured. The summary gives the median |error| over the
expressed cases and how many complete-config cases fall within the targets' band.

Needs only the Python standard library and a built headroom-cli.

  tools/calibrate/measured_table.py --cli build/bin/headroom-cli            # rewrite docs/accuracy.md's table
  tools/calibrate/measured_table.py --cli build/bin/headroom-cli --check    # exit 1 if it is stale
  tools/calibrate/measured_table.py --cli build/bin/headroom-cli --print    # print it only
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "measured")
DEFAULT_PEAKS = os.path.join(FIXTURES, "measured-peaks.json")
DEFAULT_CASES = os.path.join(FIXTURES, "cases.json")
DEFAULT_DOC = os.path.join(ROOT, "docs", "accuracy.md")
BEGIN = "<!-- BEGIN MEASURED TABLE (tools/calibrate/measured_table.py) -->"
END = "<!-- END MEASURED TABLE -->"

UNITS = {"GiB": float(1 << 30), "GB": 1e9}


def run_cli(cli, args):
    env = dict(os.environ)
    env.setdefault("HEADROOM_DATA_DIR", os.path.join(ROOT, "resources"))
    proc = subprocess.run([cli] + args, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        raise SystemExit("headroom-cli %s\nfailed (%d): %s" % (" ".join(args), proc.returncode, proc.stderr.strip()))
    return json.loads(proc.stdout)


def cell(text):
    """Text safe inside a markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")


def number(x):
    """A published value as published: 64, 18.9, 15.57."""
    return ("%d" % x) if float(x).is_integer() else repr(float(x))


def stack_of(options):
    """The --stack value the options give (the last one wins, as on the command line)."""
    stack = None
    for i, o in enumerate(options):
        if o == "--stack" and i + 1 < len(options):
            stack = options[i + 1]
    return stack


def outcomes(cases, peaks, cli):
    statistics = cases["statistics"]
    out = []
    for c in cases["cases"]:
        ref = peaks[c["id"]]
        row = dict(id=c["id"], completeness=ref["config_completeness"], expected=ref["expected"])
        if "not_expressed" in c:
            row["not_expressed"] = c["not_expressed"]
            out.append(row)
            continue
        unit = ref["expected"]["unit"]
        if unit not in UNITS:
            raise SystemExit("%s: unit %r is neither GiB nor GB" % (c["id"], unit))
        args = (["estimate"] + list(c["options"]) + list(statistics[c["statistic"]]["options"]) + ["--json"])
        peak = run_cli(cli, args)["peak"]["bytes"]
        measured = ref["expected"]["value"] * UNITS[unit]
        row.update(stack=stack_of(c["options"]), statistic=c["statistic"], args=args, unit=unit,
                   estimate=peak / UNITS[unit], error=(peak - measured) / measured,
                   assumptions=c["assumptions"], caveat=c.get("source_caveat"))
        out.append(row)
    return out


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def table(cases, rows):
    targets = cases["targets"]
    band = targets["complete_abs_error"]
    lines = ["### Headroom against %d published peaks" % len(rows), ""]
    lines.append("Statistics, and the options that make the estimate report the same one:")
    lines.append("")
    for name, s in cases["statistics"].items():
        opts = " ".join(s["options"])
        lines.append("- *%s* (%s): %s." % (name, "`%s`" % opts if opts else "no option", cell(s["meaning"])))
    lines.append("")
    lines.append("| case | stack | config completeness | statistic | measured | estimate | ratio | error | "
                 "what is assumed |")
    lines.append("|---|---|---|---|---:|---:|---:|---:|---|")
    for r in rows:
        exp = r["expected"]
        measured = "%s %s" % (number(exp["value"]), exp["unit"])
        if "not_expressed" in r:
            lines.append("| `%s` | n/a | %s | n/a | %s | not expressed | | | %s |" % (
                r["id"], r["completeness"], measured, cell(r["not_expressed"])))
            continue
        assumed = r["assumptions"]
        if r["caveat"]:
            assumed += " (caveat: %s)" % r["caveat"]
        lines.append("| `%s` | %s | %s | %s | %s | %.2f %s | %.2f | %+.1f %% | %s |" % (
            r["id"], r["stack"], r["completeness"], r["statistic"], measured, r["estimate"], r["unit"],
            1 + r["error"], 100 * r["error"], cell(assumed)))
    lines.append("")

    expressed = [r for r in rows if "not_expressed" not in r]
    complete = [r for r in expressed if r["completeness"] == "complete"]
    within = [r for r in complete if abs(r["error"]) <= band]
    outside = [r for r in complete if abs(r["error"]) > band]
    med = median([abs(r["error"]) for r in expressed])
    doubted = [r for r in outside if r["caveat"]]
    lines.append("### Summary")
    lines.append("")
    lines.append("| measure | result | target | met |")
    lines.append("|---|---:|---|---|")
    lines.append("| median \\|error\\| over the %d expressed cases | %.1f %% | at most %g %% | %s |" % (
        len(expressed), 100 * med, 100 * targets["median_abs_error"],
        "yes" if med <= targets["median_abs_error"] else "no"))
    lines.append("| complete-config cases within ±%g %% | %d of %d | all, but for a figure its own source doubts "
                 "(%d here) | %s |" % (100 * band, len(within), len(complete), len(doubted),
                                       "yes" if len(outside) == len(doubted) else "no"))
    lines.append("| cases not expressed | %d of %d | partial configs only | %s |" % (
        len(rows) - len(expressed), len(rows),
        "yes" if all(r["completeness"] == "partial" for r in rows if "not_expressed" in r) else "no"))
    lines.append("")
    if outside:
        lines.append("Complete-config cases beyond ±%g %%:" % (100 * band))
        lines.append("")
        for r in outside:
            why = "; caveat: %s" % r["caveat"].rstrip(".") if r["caveat"] else ""
            lines.append("- `%s`: %+.1f %%%s." % (r["id"], 100 * r["error"], why))
        lines.append("")
    partial_out = [r for r in expressed if r["completeness"] != "complete" and abs(r["error"]) > band]
    if partial_out:
        lines.append("Cases with a partial or mostly stated config beyond ±%g %% (see their assumptions): %s." % (
            100 * band, ", ".join("`%s` (%+.1f %%)" % (r["id"], 100 * r["error"]) for r in partial_out)))
        lines.append("")
    lines.append("The command each expressed case runs (`peak.bytes` of its JSON is the estimate):")
    lines.append("")
    for r in expressed:
        lines.append("- `%s`: `headroom-cli %s`" % (r["id"], " ".join(r["args"])))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True, help="path to a built headroom-cli")
    ap.add_argument("--peaks", default=DEFAULT_PEAKS)
    ap.add_argument("--cases", default=DEFAULT_CASES)
    ap.add_argument("--doc", default=DEFAULT_DOC)
    ap.add_argument("--check", action="store_true", help="exit 1 if the document's table differs")
    ap.add_argument("--print", action="store_true", help="print the table instead of writing the document")
    args = ap.parse_args(argv)
    with open(args.peaks) as f:
        peaks = {c["id"]: c for c in json.load(f)["cases"]}
    with open(args.cases) as f:
        cases = json.load(f)
    missing = [c["id"] for c in cases["cases"] if c["id"] not in peaks]
    if missing:
        print("%s: cases without a published peak: %s" % (args.cases, ", ".join(missing)), file=sys.stderr)
        return 1
    block = "\n".join([BEGIN, ""] + table(cases, outcomes(cases, peaks, args.cli)) + ["", END])
    if args.print:
        print(block)
        return 0
    with open(args.doc) as f:
        text = f.read()
    try:
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
    except ValueError:
        print("%s: measured-table markers missing" % args.doc, file=sys.stderr)
        return 1
    new = head + block + tail
    if args.check:
        if new != text:
            print("%s: the measured table is stale; rerun tools/calibrate/measured_table.py" % args.doc, file=sys.stderr)
            return 1
        print("%s: the measured table is current" % args.doc)
        return 0
    with open(args.doc, "w") as f:
        f.write(new)
    print("wrote %s (%d cases)" % (args.doc, len(cases["cases"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
