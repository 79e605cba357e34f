#!/usr/bin/env bash
# Runs the KeyedArchive-versus-Foundation benchmarks (Benchmarks/, a package of its own) in
# release mode, prints the harness's tables, then a summary table of p50 figures.
#
#   Scripts/bench.sh                             # every benchmark, a few minutes
#   Scripts/bench.sh 'Ours.*' '.*10000 items'    # only these (regexes matching whole names)
#
# BENCH_ARGS passes more options to the benchmark plugin (e.g. BENCH_ARGS="--format markdown").
# The full output is kept in Benchmarks/.build/bench-output.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

filters=()
for pattern in "$@"; do filters+=(--filter "$pattern"); done
log=Benchmarks/.build/bench-output.txt
mkdir -p Benchmarks/.build

# shellcheck disable=SC2086  # BENCH_ARGS is a list of options
swift package --package-path Benchmarks benchmark --no-progress ${BENCH_ARGS:-} "${filters[@]}" | tee "$log"

python3 - "$log" <<'PYTHON'
import re
import sys

# Reads the harness's text tables: a benchmark name line, then rows "│ metric │ p0 │ p25 │ p50 │ …".
results, name = {}, None
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    match = re.match(r"^(Ours|Foundation) (encode|decode) (\d+) items( peak)?$", line.strip())
    if match:
        name = (match.group(1), match.group(2), int(match.group(3)), bool(match.group(4)))
        results[name] = {}
        continue
    if name and line.startswith("│"):
        cells = [cell.strip() for cell in line.strip("│").split("│")]
        try:
            results[name][cells[0]] = float(cells[3].replace(",", ""))
        except (IndexError, ValueError):
            pass


def metric(library, operation, count, prefix, peak=False):
    for label, value in results.get((library, operation, count, peak), {}).items():
        if label.startswith(prefix):
            return value * (1000 if "(ms)" in label else 1)
    return None


def time(us):
    if us is None:
        return "–"
    return f"{us / 1000:.2f} ms" if us < 100_000 else f"{us / 1_000_000:.2f} s"


def size(count):
    if count is None:
        return "–"
    return f"{count / 1_000_000:.2f} MB" if count >= 1_000_000 else f"{count / 1000:.0f} kB"


def ratio(slow, fast):
    return f"{slow / fast:.0f}×" if slow and fast else "–"


counts = sorted({key[2] for key in results})
if not counts:
    sys.exit(0)
print("\n## Summary: p50 of wall clock and of the benchmark thread's CPU time\n")
print("| items | operation | ours wall | ours CPU | Foundation wall | Foundation CPU | Foundation ÷ ours (CPU) "
      "| ours peak (× archive) | Foundation peak | ours mallocs |")
print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for count in counts:
    archive = metric("Ours", "encode", count, "archiveBytes") or metric("Ours", "decode", count, "archiveBytes")
    for operation in ("encode", "decode"):
        ours_wall = metric("Ours", operation, count, "Time (wall clock)")
        ours_cpu = metric("Ours", operation, count, "threadCPU")
        foundation_wall = metric("Foundation", operation, count, "Time (wall clock)")
        foundation_cpu = metric("Foundation", operation, count, "threadCPU")
        ours_peak = metric("Ours", operation, count, "peakResidentDelta", peak=True)
        foundation_peak = metric("Foundation", operation, count, "peakResidentDelta", peak=True)
        peak_text = f"{size(ours_peak)} ({ours_peak / archive:.1f}×)" if ours_peak is not None and archive else "–"
        mallocs = metric("Ours", operation, count, "Malloc (total)")
        print(f"| {count:,} | {operation} | {time(ours_wall)} | {time(ours_cpu)} | {time(foundation_wall)} "
              f"| {time(foundation_cpu)} | {ratio(foundation_cpu, ours_cpu)} | {peak_text} | {size(foundation_peak)} "
              f"| {int(mallocs) if mallocs is not None else '–'} |")
sizes = [
    f"{count:,} items {size(metric('Ours', 'encode', count, 'archiveBytes'))} / "
    f"{size(metric('Foundation', 'encode', count, 'archiveBytes'))}"
    for count in counts
]
print("\nArchive sizes, ours / Foundation's: " + "; ".join(sizes))
PYTHON
