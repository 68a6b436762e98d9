#!/usr/bin/env python3
"""Prints the recorded bench, soak and CI-time runs of bench/results/ as Markdown tables.

    python3 bench/render.py                      # every bench/results/*.json, by file name
    python3 bench/render.py bench/results/X.json  # one file (or several)

Each file is one run; its schema is described in bench/README.md ("Recorded results"). In short:
top-level "suite", "title", "command", "date", "time_utc", "commit", "machine", "settings" and
"notes" (strings, or null when not recorded), and "tables": each with a "title", a "row_label",
"columns" ({"key", "label"} plus optional "decimals", "suffix", "sign", "join") and "rows"
({"row": label, "values": {key: value}}). A value is a number, a string, or a list of numbers
(a range "low–high", or with "join" e.g. "before → after"); a missing key is an empty cell.
Standard library only.
"""

import json
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def number(value, column):
    decimals = column.get("decimals")
    if decimals is None:
        return str(value)
    sign = "+" if column.get("sign") else ""
    return f"{value:{sign},.{decimals}f}"


def cell(value, column):
    """One table cell: numbers as the column says, lists joined, the suffix once at the end."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value.replace("|", "\\|")
    if isinstance(value, list):
        text = column.get("join", "–").join(number(v, column) for v in value)
    else:
        text = number(value, column)
    return text + column.get("suffix", "")


def table(t):
    columns = t["columns"]
    lines = [f"| {t['row_label']} | " + " | ".join(c["label"] for c in columns) + " |",
             "|---|" + "".join("---:|" if "decimals" in c else "---|" for c in columns)]
    for row in t["rows"]:
        values = row["values"]
        lines.append(f"| {row['row']} | " + " | ".join(cell(values.get(c["key"]), c) for c in columns) + " |")
    return "\n".join(lines)


def render(run):
    out = [f"## {run['title']}", ""]
    when = " ".join(x for x in (run.get("date"), run.get("time_utc") and f"{run['time_utc']} UTC") if x)
    facts = [when, f"commit {run['commit']}" if run.get("commit") else "commit not recorded",
             f"`{run['command']}`" if run.get("command") else None]
    out.append(" · ".join(f for f in facts if f))
    for key in ("machine", "settings"):
        if run.get(key):
            out += ["", f"{key.capitalize()}: {run[key]}"]
    for t in run["tables"]:
        out += ["", f"### {t['title']}", "", table(t)]
    if run.get("notes"):
        out += ["", run["notes"]]
    return "\n".join(out) + "\n"


def main(paths):
    files = [Path(p) for p in paths] or sorted(RESULTS.glob("*.json"))
    if not files:
        sys.exit(f"no results in {RESULTS}")
    print("\n".join(render(json.loads(f.read_text(encoding="utf-8"))) for f in files), end="")


if __name__ == "__main__":
    main(sys.argv[1:])
