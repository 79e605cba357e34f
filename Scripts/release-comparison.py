#!/usr/bin/env python3
"""Compares two checklists executables (a previous release and this one) in one interleaved run.

Usage: release-comparison.py BEFORE NOW [ROUNDS]

Both should be release builds linked the same way (`swift build -c release --static-swift-stdlib`;
build the previous one in a worktree of its commit). Each round runs the two in a shuffled order:
5 runs each of `--version` and of a one-shot `toggle 5` on its own 10,000-item file (10 checklists
of 1,000), and one batch of 200 `toggle 1`. HOME and the state folder are in a temporary folder,
the undo journal is removed before each run. Prints a Markdown table of medians and their ratio.
"""
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

before, now = sys.argv[1], sys.argv[2]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 40
work = tempfile.mkdtemp(prefix="checklists-release.")
base = {k: v for k, v in os.environ.items() if not k.startswith("CL_") and k != "CHECKLISTS_FILE"}
base.update(HOME=work, XDG_STATE_HOME=work + "/state", XDG_DATA_HOME=work + "/data", NO_COLOR="1", TZ="UTC")
binaries = {"before": before, "now": now}
rows = ["--version", "one-shot toggle 5, 10,000 items", "batch change, 10,000 items"]


def timed(arguments, stdin=None):
    """Runs one process; returns its wall-clock time in ms."""
    shutil.rmtree(work + "/state/checklists/undo", ignore_errors=True)
    start = time.perf_counter()
    subprocess.run(arguments, input=stdin, text=True, env=base,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


try:
    lines = []
    for index in range(10):
        lines.append(f"new List {index}")
        lines += [f"add item {index}-{item} with some text" for item in range(1000)]
    files = {name: f"{work}/{name}.plist" for name in binaries}
    for name, binary in binaries.items():
        subprocess.run([binary, "--file", files[name]], input="\n".join(lines) + "\n", text=True, env=base,
                       check=True, stdout=subprocess.DEVNULL)
    samples = {(name, row): [] for name in binaries for row in rows}
    order = list(binaries.items())
    random.seed(3)
    for _ in range(rounds):
        random.shuffle(order)
        for name, binary in order:
            for _ in range(5):
                samples[(name, rows[0])].append(timed([binary, "--version"]))
                samples[(name, rows[1])].append(timed([binary, "--file", files[name], "toggle", "5"]))
            samples[(name, rows[2])].append(timed([binary, "--file", files[name]], "toggle 1\n" * 200) / 200)
    print("| what | before | now | ratio |\n|---|---:|---:|---:|")
    for row in rows:
        old = statistics.median(samples[("before", row)])
        new = statistics.median(samples[("now", row)])
        print(f"| {row} | {old:.2f} ms | {new:.2f} ms | {new / old:.2f}× |")
finally:
    shutil.rmtree(work, ignore_errors=True)
