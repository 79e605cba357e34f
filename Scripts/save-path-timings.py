#!/usr/bin/env python3
"""Times each mechanism of the save path added alone to the plain path, interleaved in one run.

Usage: save-path-timings.py BINARY [ROUNDS]

BINARY is a checklists executable built with `-D SAVE_TUNING_SWITCH` (save-path-timings.sh does
that), whose `SaveTuning` takes the mechanisms to use from CHECKLISTS_SAVE_TUNING, a comma-separated
list of `allocator` (the allocator set-up), `pieces` (the file streamed in pieces while encoded),
`writeback` (the pieces' sync_file_range) and `close` (the replaced file closed on another thread);
the empty list is the plain path: the whole file encoded, then written, fsynced, renamed and the
folder fsynced. Every round runs the variants in a shuffled order; each
makes 5 one-shot `toggle 5` changes and one batch of 200 `toggle 1` on a 1,000-item and a
10,000-item file (10 checklists each), with the undo journal removed before each run (untimed)
so that every run does the same work. Prints a Markdown table of medians (wall clock, with the
interquartile range, and CPU time of the process, all threads) in ms.
"""
import random
import statistics
import sys

from timing_support import Scratch, quartile

binary = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 40
scratch = Scratch("checklists-save-path.")
variants = {
    "plain path": "",
    "plain + allocator set-up": "allocator,pieces",
    "plain + allocator set-up + sync_file_range": "allocator,pieces,writeback",
    "plain + allocator set-up + threaded close": "allocator,pieces,close",
    "as shipped (all three)": "allocator,pieces,writeback,close",
    "as shipped without the allocator set-up": "pieces,writeback,close",
}
variants = {name: {"CHECKLISTS_SAVE_TUNING": switches} for name, switches in variants.items()}

try:
    files = {"1,000": scratch.make_file(binary, "1k.plist", 100), "10,000": scratch.make_file(binary, "10k.plist", 1000)}
    toggles = "toggle 1\n" * 200
    results = {name: {} for name in variants}
    order = list(variants.items())
    random.seed(7)
    for _ in range(rounds):
        random.shuffle(order)
        for name, extra in order:
            for size, path in files.items():
                for _ in range(5):
                    sample = scratch.timed([binary, "--file", path, "toggle", "5"], extra)
                    results[name].setdefault(f"one-shot, {size} items", []).append(sample)
                wall, cpu = scratch.timed([binary, "--file", path], extra, toggles)
                results[name].setdefault(f"batch change, {size} items", []).append((wall / 200, cpu / 200))
    columns = list(next(iter(results.values())).keys())
    print("| variant | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for name in variants:
        cells = []
        for column in columns:
            walls = [sample[0] for sample in results[name][column]]
            cpus = [sample[1] for sample in results[name][column]]
            cells.append("%.2f (%.2f–%.2f) / %.2f" % (
                statistics.median(walls), quartile(walls, 0.25), quartile(walls, 0.75), statistics.median(cpus)))
        print(f"| {name} | " + " | ".join(cells) + " |")
finally:
    scratch.remove()
