#!/usr/bin/env python3
"""Compares two checklists executables on one-shot commands of their own file and of a file copied in.

Usage: oneshot-trust-timings.py BEFORE NOW [ROUNDS]

Both should be release builds (`make`; build the previous one at its commit). Each makes its own
data file of 10 checklists of 1,000 items (an import, so the file is the program's own save) and
keeps a copy of it as a file "from elsewhere" (copied in, no lock file note). Each round runs the two
in a shuffled order, 3 runs each of: `--version`; `add x` and `toggle 5` on its own file; `add x` and
`show` on a fresh copy of the file from elsewhere (copied again, untimed, before each run). The undo
journal is removed before each run. Prints a Markdown table of medians and their ratio.
"""
import os
import random
import shutil
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timing_support import Scratch  # noqa: E402

binaries = {"before": sys.argv[1], "now": sys.argv[2]}
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 60
scratch = Scratch("checklists-trust.")
rows = ["--version", "add x (own file)", "toggle 5 (own file)", "add x (file copied in)", "show (file copied in)"]


def fresh_copy(original):
    """A copy of `original` that no lock file notes: a file from elsewhere."""
    copy = original + ".run"
    shutil.copyfile(original, copy)
    if os.path.exists(copy + ".lock"):
        os.remove(copy + ".lock")
    return copy


try:
    files = {}
    for name, binary in binaries.items():
        own = scratch.make_imported(binary, f"{name}.plist", 10, 1000, "List 05")
        foreign = f"{scratch.folder}/{name}-foreign.plist"
        shutil.copyfile(own, foreign)
        files[name] = (own, foreign)
    samples = {(name, row): [] for name in binaries for row in rows}
    order = list(binaries.items())
    random.seed(5)
    for _ in range(rounds):
        random.shuffle(order)
        for name, binary in order:
            own, foreign = files[name]
            for _ in range(3):
                samples[(name, rows[0])].append(scratch.timed([binary, "--version"])[0])
                samples[(name, rows[1])].append(scratch.timed([binary, "--file", own, "add", "x"])[0])
                samples[(name, rows[2])].append(scratch.timed([binary, "--file", own, "toggle", "5"])[0])
                copy = fresh_copy(foreign)
                samples[(name, rows[3])].append(scratch.timed([binary, "--file", copy, "add", "x"])[0])
                copy = fresh_copy(foreign)
                samples[(name, rows[4])].append(scratch.timed([binary, "--file", copy, "show"])[0])
    print("| what (10,000 items: 10 checklists of 1,000) | before | now | ratio |\n|---|---:|---:|---:|")
    for row in rows:
        old = statistics.median(samples[("before", row)])
        new = statistics.median(samples[("now", row)])
        print(f"| {row} | {old:.2f} ms | {new:.2f} ms | {new / old:.2f}× |")
finally:
    scratch.remove()
