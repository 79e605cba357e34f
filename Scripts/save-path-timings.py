#!/usr/bin/env python3
"""Times each mechanism of the save path added alone to the plain path, interleaved in one run.

Usage: save-path-timings.py BINARY [ROUNDS]

BINARY is a checklists executable built with Benchmarks/save-path-variants.patch, which turns
each mechanism off through an environment variable: CL_NOSFR (the pieces' sync_file_range),
CL_NOHOLD (closing the replaced file on another thread), CL_NOALLOC (the allocator set-up), and
CL_PLAIN, every one of them and the streaming, so the whole file is encoded, then written,
fsynced, renamed and the folder fsynced. Every round runs the variants in a shuffled order; each
makes 5 one-shot `toggle 5` changes and one batch of 200 `toggle 1` on a 1,000-item and a
10,000-item file (10 checklists each), with the undo journal removed before each run (untimed)
so that every run does the same work. Prints a Markdown table of medians (wall clock, with the
interquartile range, and CPU time of the process, all threads) in ms.
"""
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

binary = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 40
work = tempfile.mkdtemp(prefix="checklists-save-path.")
base = {k: v for k, v in os.environ.items() if not k.startswith("CL_") and k != "CHECKLISTS_FILE"}
base.update(HOME=work, XDG_STATE_HOME=work + "/state", XDG_DATA_HOME=work + "/data", NO_COLOR="1", TZ="UTC")
undo = work + "/state/checklists/undo"
variants = {
    "plain path": {"CL_PLAIN": "1"},
    "plain + allocator set-up": {"CL_NOSFR": "1", "CL_NOHOLD": "1"},
    "plain + allocator set-up + sync_file_range": {"CL_NOHOLD": "1"},
    "plain + allocator set-up + threaded close": {"CL_NOSFR": "1"},
    "as shipped (all three)": {},
    "as shipped without the allocator set-up": {"CL_NOALLOC": "1"},
}


def make(path, per_list):
    lines = []
    for index in range(10):
        lines.append(f"new List {index}")
        lines += [f"add item {index}-{item} with some text" for item in range(per_list)]
    subprocess.run([binary, "--file", path], input="\n".join(lines) + "\n", text=True, env=base,
                   check=True, stdout=subprocess.DEVNULL)


def timed(arguments, environment, stdin=None):
    """Runs one process; returns its wall-clock and CPU time in ms."""
    shutil.rmtree(undo, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(arguments, input=stdin, text=True, env=environment,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall * 1000, cpu * 1000


def quartile(values, fraction):
    ordered = sorted(values)
    return ordered[int(fraction * (len(ordered) - 1))]


try:
    files = {"1,000": work + "/1k.plist", "10,000": work + "/10k.plist"}
    make(files["1,000"], 100)
    make(files["10,000"], 1000)
    toggles = "toggle 1\n" * 200
    results = {name: {} for name in variants}
    order = list(variants.items())
    random.seed(7)
    for _ in range(rounds):
        random.shuffle(order)
        for name, extra in order:
            environment = dict(base, **extra)
            for size, path in files.items():
                for _ in range(5):
                    sample = timed([binary, "--file", path, "toggle", "5"], environment)
                    results[name].setdefault(f"one-shot, {size} items", []).append(sample)
                wall, cpu = timed([binary, "--file", path], environment, toggles)
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
    shutil.rmtree(work, ignore_errors=True)
