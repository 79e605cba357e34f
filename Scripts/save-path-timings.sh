#!/usr/bin/env bash
# Measures each mechanism of the save path against the plain path in one interleaved run
# (issue "a leaner save path"; results in Benchmarks/RESULTS.md). Builds the package's release
# binary with `-D SAVE_TUNING_SWITCH`, the one build whose `SaveTuning` reads the environment
# variable CHECKLISTS_SAVE_TUNING (production builds never do), in a build folder of its own
# (.build/save-tuning), then runs Scripts/save-path-timings.py on it.
#
# Usage: Scripts/save-path-timings.sh [ROUNDS]   (default 30: about seven minutes here)
set -euo pipefail
cd "$(dirname "$0")/.."
build=(swift build -c release --static-swift-stdlib --product checklists --scratch-path .build/save-tuning
    -Xswiftc -DSAVE_TUNING_SWITCH)
echo "building the switchable release binary…" >&2
"${build[@]}" >&2
bin=$("${build[@]}" --show-bin-path)/checklists
python3 Scripts/save-path-timings.py "$bin" "${1:-30}"
