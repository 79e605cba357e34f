#!/usr/bin/env python3
"""A one-shot change and `show` with and without SPEC §13's fields, against an earlier executable (#38).

Usage: rich-field-timings.py BEFORE NOW [ROUNDS]

Both should be release builds (`make`; build the previous one at its commit). The data: 10
checklists of 1,000 items (the current one, "List 05", has 1,000), made by an import so that each
file is the program's own save. BEFORE and NOW each get a file of plain items, made by their own
import; NOW also gets one whose every item carries a note, two tags and a priority (BEFORE, which
may not know the fields, is timed on plain items only: the target is NOW's rich file against
BEFORE's plain one). BEFORE also gets its own import of the rich Markdown, which it reads as it can
(the tags and priority marks stay in the text, the notes are not kept): about the same bytes a
line, without the fields. Each round runs the four in a shuffled order, 3 runs each of
`toggle 5` and `show`, the undo journal removed before each run. Prints a Markdown table of medians of the wall
clock and of the CPU time (user + system), and their ratios.
"""
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timing_support import Scratch  # noqa: E402

binaries = {"before": sys.argv[1], "now": sys.argv[2]}
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 80
scratch = Scratch("checklists-rich.")
commands = {"toggle 5": ["toggle", "5"], "show": ["show"]}
runs = [("before", "plain"), ("now", "plain"), ("now", "rich"), ("before", "rich")]

try:
    files = {}
    for name, variant in runs:
        files[(name, variant)] = scratch.make_imported(
            binaries[name], f"{name}-{variant}.plist", 10, 1000, "List 05", rich=variant == "rich")
    sizes = {run: os.path.getsize(files[run]) for run in runs}
    samples = {(run, command, kind): [] for run in runs for command in commands for kind in ["wall", "cpu"]}
    order = list(runs)
    random.seed(5)
    for _ in range(rounds):
        random.shuffle(order)
        for run in order:
            for _ in range(3):
                for command, arguments in commands.items():
                    wall, cpu = scratch.timed([binaries[run[0]], "--file", files[run]] + arguments)
                    samples[(run, command, "wall")].append(wall)
                    samples[(run, command, "cpu")].append(cpu)
    print("Files: " + ", ".join(f"{name} {variant} {sizes[(name, variant)]:,} bytes" for name, variant in runs)
          + f"; {rounds} rounds.\n")
    print("| one-shot, 10,000 items (10 × 1,000), median | before, plain | now, plain | now, rich "
          "| before, rich Markdown as text | now plain ÷ before | now rich ÷ before plain "
          "| now rich ÷ before rich as text |\n|---|---:|---:|---:|---:|---:|---:|---:|")
    for command in commands:
        for kind in ["wall", "cpu"]:
            medians = [statistics.median(samples[(run, command, kind)]) for run in runs]
            cells = " | ".join(f"{value:.2f} ms" for value in medians)
            print(f"| `{command}`, {'wall clock' if kind == 'wall' else 'CPU time'} | {cells} "
                  f"| {medians[1] / medians[0]:.3f}× | {medians[2] / medians[0]:.3f}× "
                  f"| {medians[2] / medians[3]:.3f}× |")
finally:
    scratch.remove()
