#!/usr/bin/env python3
"""The folders' allowed include directions (docs/engineering-notes.md, "Which folder may include
which"), checked over every #include of the tree's own code.

    check_includes.py ROOT [--expect N]

Each include is resolved the way the compiler resolves it: <headroom/D/...> is the core's domain D;
a quoted name is looked up beside the including file, then in the folders the libraries export
(presentation/, report/, ui/, app/cli/, app/report/). The folder of the file it resolves to must be
one the including folder may use. Exits 1 naming every offending include (with --expect N: exits 0
only when exactly N are found, so the check itself is tested on a tree that breaks the rules).
"""
import os
import re
import sys

# What each folder may include, besides itself. The core's domains first: the memory model
# stands on its own; numerics stand alone; hardware needs only the memory model's units;
# planning searches over the memory model on some hardware; io reads files into all of them but
# never plans. Above the core: presentation prints the core; report lays presentation out; the
# window renders all three; app/ (entry points) may use anything, and nothing may use app/.
ALLOWED = {
    "memory": set(),
    "numerics": set(),
    "hardware": {"memory"},
    "planning": {"memory", "hardware"},
    "io": {"memory", "numerics", "hardware"},
    "presentation": {"memory", "numerics", "hardware", "planning", "io"},
    "report": {"memory", "numerics", "hardware", "planning", "io", "presentation"},
    "ui": {"memory", "numerics", "hardware", "planning", "io", "presentation", "report"},
    "app": {"memory", "numerics", "hardware", "planning", "io", "presentation", "report", "ui"},
}
CORE_DOMAINS = ("memory", "numerics", "hardware", "planning", "io")
# Folders whose headers other folders find by bare name (their libraries' include directories).
EXPORTED = ("presentation", "report", "ui", os.path.join("app", "cli"), os.path.join("app", "report"))
# Qt's GUI modules and the chart library: the core and the presentation layer are QtCore only
# (the command line links them and must not load a GUI library), the reports draw no widgets.
GUI_INCLUDE = re.compile(r"^(QtGui/|QtWidgets/|QtSvg/|QtPrintSupport/|qcustomplot|"
                         r"Q(Widget|Application|GuiApplication|Painter|Image|Pixmap|Font|FontMetrics|Color|Icon)\b)")
WIDGET_INCLUDE = re.compile(r"^(QtWidgets/|qcustomplot|Q(Widget|Application|MainWindow|Dialog)\b)")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def domain_of(rel):
    parts = rel.split(os.sep)
    if parts[0] == "core" and len(parts) > 2:
        if parts[1] == "include" and len(parts) > 3:
            return parts[3] if parts[3] in CORE_DOMAINS else None
        if parts[1] == "src":
            return parts[2] if parts[2] in CORE_DOMAINS else None
    return parts[0] if parts[0] in ALLOWED else None


def resolve(root, including, name):
    """The tree-relative path a quoted include names, or None (a system or generated header)."""
    here = os.path.dirname(including)
    for folder in (here,) + tuple(os.path.join(root, e) for e in EXPORTED):
        candidate = os.path.normpath(os.path.join(folder, name))
        if os.path.isfile(candidate):
            return os.path.relpath(candidate, root)
    return None


def check(root):
    problems = []
    for top in ("core", "presentation", "report", "ui", "app"):
        for folder, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if not f.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(folder, f)
                rel = os.path.relpath(path, root)
                domain = domain_of(rel)
                if domain is None:
                    problems.append(f"{rel}: in no known folder (add it to check_includes.py and the notes)")
                    continue
                with open(path, encoding="utf-8") as source:
                    for number, line in enumerate(source, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        bracket, name = m.groups()
                        where = f"{rel}:{number}: {line.strip()}"
                        if bracket == "<" and name.startswith("headroom/"):
                            target = name.split("/")[1]
                            if target not in CORE_DOMAINS:
                                problems.append(f"{where}: no core domain named {target}")
                                continue
                        elif bracket == "<":
                            if domain in CORE_DOMAINS + ("presentation",) and GUI_INCLUDE.match(name):
                                problems.append(f"{where}: {domain} is QtCore only")
                            elif domain == "report" and WIDGET_INCLUDE.match(name):
                                problems.append(f"{where}: report draws no widgets")
                            continue
                        else:
                            resolved = resolve(root, path, name)
                            if resolved is None:
                                continue
                            target = domain_of(resolved)
                        if target != domain and target not in ALLOWED[domain]:
                            problems.append(f"{where}: {domain} must not include {target}")
    return problems


def main(argv):
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--expect"):
        print(__doc__, file=sys.stderr)
        return 2
    problems = check(os.path.abspath(argv[1]))
    for p in problems:
        print(p)
    if len(argv) == 4:
        expected = int(argv[3])
        print(f"{len(problems)} offending includes, {expected} expected")
        return 0 if len(problems) == expected else 1
    if problems:
        return 1
    print("include directions: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
