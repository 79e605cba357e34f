#!/usr/bin/env python3
"""Compares two checklists executables (a previous release and this one) in one interleaved run.

Usage: release-comparison.py BEFORE NOW [ROUNDS]

Both should be release builds, each linked as it shipped (`Scripts/release-build.sh` at a commit that
has it, `swift build -c release --static-swift-stdlib` before; build the previous one in a worktree of
its commit). Each round runs the two in a shuffled order:
5 runs each of `--version` and of a one-shot `toggle 5` on its own 10,000-item file (10 checklists
of 1,000), and one batch of 200 `toggle 1`. HOME and the state folder are in a temporary folder,
the undo journal is removed before each run. Prints a Markdown table of medians and their ratio.
"""
import random
import statistics
import sys

from timing_support import Scratch

binaries = {"before": sys.argv[1], "now": sys.argv[2]}
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 40
scratch = Scratch("checklists-release.")
rows = ["--version", "one-shot toggle 5, 10,000 items", "batch change, 10,000 items"]

try:
    files = {name: scratch.make_file(binary, f"{name}.plist", 1000) for name, binary in binaries.items()}
    samples = {(name, row): [] for name in binaries for row in rows}
    order = list(binaries.items())
    random.seed(3)
    for _ in range(rounds):
        random.shuffle(order)
        for name, binary in order:
            for _ in range(5):
                samples[(name, rows[0])].append(scratch.timed([binary, "--version"])[0])
                samples[(name, rows[1])].append(scratch.timed([binary, "--file", files[name], "toggle", "5"])[0])
            samples[(name, rows[2])].append(scratch.timed([binary, "--file", files[name]], stdin="toggle 1\n" * 200)[0] / 200)
    print("| what | before | now | ratio |\n|---|---:|---:|---:|")
    for row in rows:
        old = statistics.median(samples[("before", row)])
        new = statistics.median(samples[("now", row)])
        print(f"| {row} | {old:.2f} ms | {new:.2f} ms | {new / old:.2f}× |")
finally:
    scratch.remove()
