#!/usr/bin/env python3
"""`show` of a 1,000-item checklist at 10,000 items, as text and with `--json` (#39).

Usage: json-timings.py BINARY [ROUNDS]

BINARY should be the shipped build (`make`: .build/dist/checklists). The data: 10 checklists of
1,000 items, the current one ("List 05") shown, made by an import so that the file is the
program's own save; once with plain items, once with every item carrying a note, two tags and a
priority. Each round runs the four in a shuffled order, 3 runs each, standard output into a pipe
that is read whole (as a script reads it). Prints a Markdown table of the medians of the wall
clock and of the CPU time (user + system), and JSON's ratio to text.
"""
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timing_support import Scratch  # noqa: E402

binary = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 60
scratch = Scratch("checklists-json.")
variants = ["plain", "rich"]
forms = {"text": ["show"], "--json": ["--json", "show"]}

try:
    files = {variant: scratch.make_imported(binary, f"{variant}.plist", 10, 1000, "List 05", rich=variant == "rich")
             for variant in variants}
    runs = [(variant, form) for variant in variants for form in forms]
    samples = {(run, kind): [] for run in runs for kind in ["wall", "cpu"]}
    order = list(runs)
    random.seed(11)
    for _ in range(rounds):
        random.shuffle(order)
        for run in order:
            variant, form = run
            arguments = [binary] + forms[form][:-1] + ["--file", files[variant], forms[form][-1]]
            for _ in range(3):
                wall, cpu = scratch.timed(arguments)
                samples[(run, "wall")].append(wall)
                samples[(run, "cpu")].append(cpu)
    print(f"{rounds} rounds × 3 runs each.\n")
    print("| `show`, 1,000 of 10,000 items, median | text | `--json` | `--json` ÷ text |\n|---|---:|---:|---:|")
    for variant in variants:
        for kind in ["wall", "cpu"]:
            text, json = (statistics.median(samples[((variant, form), kind)]) for form in forms)
            label = f"{variant} items, {'wall clock' if kind == 'wall' else 'CPU time'}"
            print(f"| {label} | {text:.2f} ms | {json:.2f} ms | {json / text:.3f}× |")
finally:
    scratch.remove()
