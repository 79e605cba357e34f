#!/usr/bin/env python3
"""A change in one big checklist against the same items spread over ten, for two executables.

Usage: big-list-timings.py BEFORE NOW [ROUNDS] [--full]

Both should be release builds, each linked as it shipped (`Scripts/release-build.sh` at a commit that
has it, `swift build -c release --static-swift-stdlib` before; build the previous one in a worktree of
its commit). The data: one checklist of 20,000 items, and
ten checklists of 2,000 (the same 20,000 items), each made by an import. Each round runs, for each
executable in a shuffled order, a batch of 100 `add` into the 20,000-item checklist and one into
one of the ten 2,000-item ones, each from a fresh copy of its file with the undo journal removed
first (untimed), and records the journal's bytes after it. Prints a Markdown table of medians per
change (wall clock, with the interquartile range) and of journal bytes per change.

With --full, also times once per executable a batch of 20,000 `add` lines into an empty
checklist (minutes: every add is a locked, fsynced save of the growing file).
"""
import random
import shutil
import statistics
import sys
import time

from timing_support import Scratch, quartile

arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
full = "--full" in sys.argv
binaries = {"before": arguments[0], "now": arguments[1]}
rounds = int(arguments[2]) if len(arguments) > 2 else 15
scratch = Scratch("checklists-big-list.")
adds = "".join(f"add new item {index}\n" for index in range(100))
shapes = {"one 20,000-item checklist": (1, 20000, "Big"), "ten 2,000-item checklists": (10, 2000, "List 05")}

try:
    pristine = {}
    for shape, (lists, per_list, current) in shapes.items():
        pristine[shape] = scratch.make_imported(binaries["now"], f"{lists}.pristine", lists, per_list, current)
    work = f"{scratch.folder}/work.plist"
    times = {(name, shape): [] for name in binaries for shape in shapes}
    journal = {}
    order = [(name, shape) for name in binaries for shape in shapes]
    random.seed(5)
    for _ in range(rounds):
        random.shuffle(order)
        for name, shape in order:
            shutil.copyfile(pristine[shape], work)
            wall, _ = scratch.timed([binaries[name], "--file", work], stdin=adds)
            times[(name, shape)].append(wall / 100)
            journal[(name, shape)] = scratch.journal_bytes() / 100

    print("| per change, batch of 100 `add` | before | now | now ÷ before |\n|---|---:|---:|---:|")
    for shape in shapes:
        cells = []
        for name in binaries:
            values = times[(name, shape)]
            cells.append(f"{statistics.median(values):.2f} ({quartile(values, 0.25):.2f}–{quartile(values, 0.75):.2f}) ms")
        ratio = statistics.median(times[("now", shape)]) / statistics.median(times[("before", shape)])
        print(f"| {shape} | {cells[0]} | {cells[1]} | {ratio:.2f}× |")
    for name in binaries:
        one, ten = (statistics.median(times[(name, shape)]) for shape in shapes)
        print(f"| {name}: one ÷ ten | | | {one / ten:.2f}× |" if name == "now" else f"| {name}: one ÷ ten | {one / ten:.2f}× | | |")
    print("\n| undo journal, bytes per change | before | now |\n|---|---:|---:|")
    for shape in shapes:
        print(f"| {shape} | {journal[('before', shape)]:,.0f} | {journal[('now', shape)]:,.0f} |")

    if full:
        lines = "".join(f"add item {index} with some text\n" for index in range(20000))
        print("\n| a batch of 20,000 `add` into one checklist | total |\n|---|---:|")
        for name, binary in binaries.items():
            shutil.rmtree(scratch.undo, ignore_errors=True)
            empty = f"{scratch.folder}/full-{name}.plist"
            start = time.perf_counter()
            scratch.timed([binary, "--file", empty], stdin=lines)
            print(f"| {name} | {time.perf_counter() - start:.1f} s |", flush=True)
finally:
    scratch.remove()
