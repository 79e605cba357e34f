#!/usr/bin/env python3
"""Times several commands interleaved: each round runs them all once, in a shuffled order.

Usage: interleaved.py RUNS WARMUP SPEC

SPEC is a file of tab-separated lines `PREPARE<TAB>COMMAND<TAB>STDIN`: PREPARE runs untimed before
every run of COMMAND (empty for none), STDIN names a file fed to COMMAND (empty for none); both
commands are words split as a shell would split them, run without a shell. Prints one line per
command, in SPEC's order: `mean|stddev|min|median` of the wall clock in ms over RUNS rounds after
WARMUP rounds, as Scripts/timings.sh's `measure` prints them. Interleaving keeps a machine whose speed
drifts (other work on its cores) from favouring whichever command happened to run first.
"""
import random
import shlex
import statistics
import subprocess
import sys
import time

runs, warmup, spec = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
entries = []
with open(spec) as lines:
    for line in lines:
        prepare, command, stdin = (line.rstrip("\n").split("\t") + ["", ""])[:3]
        entries.append((shlex.split(prepare), shlex.split(command), stdin))

samples = [[] for _ in entries]
order = list(range(len(entries)))
random.seed(7)
for round_number in range(warmup + runs):
    random.shuffle(order)
    for index in order:
        prepare, command, stdin = entries[index]
        if prepare:
            subprocess.run(prepare, check=True, stdout=subprocess.DEVNULL)
        source = open(stdin) if stdin else subprocess.DEVNULL
        start = time.perf_counter()
        subprocess.run(command, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        wall = (time.perf_counter() - start) * 1000
        if stdin:
            source.close()
        if round_number >= warmup:
            samples[index].append(wall)

for values in samples:
    print(
        f"{statistics.mean(values):.1f}|{statistics.pstdev(values):.1f}|{min(values):.1f}"
        f"|{statistics.median(values):.1f}"
    )
