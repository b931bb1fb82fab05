"""The hosts' collections during a run of `benchmarks/serve.py`, from `benchmarks/gc_hook`.

Run: rm -rf /tmp/wish_tui_gc
     PYTHONPATH=.:benchmarks/gc_hook python benchmarks/serve.py --sessions 200 --playing 32
     python benchmarks/gc_summary.py [--actions 192] [FOLDER]

Prints, for the processes forked from the session pool (the hosts of apps): the collections of
each generation and the processor time they took while the tables were seated, while they
played (per action with --actions, the actions serve.py played) and over the whole run. The
seating and the playing are told apart by serve.py's load readings (`loads["seating"]` and
`loads["playing"]`, read at their start and end).
"""

from __future__ import annotations

import argparse
import re
import tempfile
from collections import Counter
from pathlib import Path

SERVE = Path(__file__).with_name("serve.py")


def marks_lines() -> dict[str, int]:
    """serve.py's lines that read the load at the start and end of the seating and playing."""
    found: dict[str, int] = {}
    for number, line in enumerate(SERVE.read_text("utf-8").splitlines(), 1):
        match = re.search(r'loads\["(seating|playing)"\](\.append\(| = \[)load_average', line)
        if match:
            found[match.group(1) + (" end" if match.group(2) == ".append(" else " start")] = number
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "folder", nargs="?", default=str(Path(tempfile.gettempdir(), "wish_tui_gc"))
    )
    parser.add_argument("--actions", type=int, default=0, help="the actions serve.py played")
    options = parser.parse_args()
    folder = Path(options.folder)
    rows = []
    for path in folder.glob("h*"):
        for line in path.read_text().splitlines():
            when, generation, ms, freed = line.split()
            rows.append((float(when), int(generation), float(ms), int(freed)))
    lines = marks_lines()
    marks = {}
    loads = folder / "loads"
    for line in loads.read_text().splitlines() if loads.exists() else ():
        when, _, number = line.split()
        for name, wanted in lines.items():
            if int(number) == wanted and name not in marks:
                marks[name] = float(when)
    windows = {"whole run": (float("-inf"), float("inf"))}
    for part in ("seating", "playing"):
        if f"{part} start" in marks and f"{part} end" in marks:
            windows[part] = (marks[f"{part} start"], marks[f"{part} end"])
    for name, (start, end) in windows.items():
        count, spent, freed = Counter(), Counter(), Counter()
        for when, generation, ms, objects in rows:
            if start <= when <= end:
                count[generation] += 1
                spent[generation] += ms
                freed[generation] += objects
        total = sum(spent.values())
        per_action = (
            f", {total / options.actions:.1f} ms an action"
            if name == "playing" and options.actions
            else ""
        )
        parts = "; ".join(
            f"gen{g}: {count[g]} x, {spent[g] / 1000:.2f} s, {freed[g]} freed"
            for g in sorted(count)
        )
        print(f"{name}: the hosts' collections {total / 1000:.2f} s{per_action} ({parts})")


if __name__ == "__main__":
    main()
