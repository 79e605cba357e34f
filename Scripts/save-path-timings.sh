#!/usr/bin/env bash
# Measures each mechanism of the save path against the plain path in one interleaved run
# (issue "a leaner save path"; results in Benchmarks/RESULTS.md). Builds a copy of HEAD with
# Benchmarks/save-path-variants.patch applied (environment switches that turn each mechanism
# off) in a temporary worktree, then runs Scripts/save-path-timings.py on it.
#
# Usage: Scripts/save-path-timings.sh [ROUNDS]   (default 30: about seven minutes here)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tree=$(mktemp -d "${TMPDIR:-/tmp}/checklists-variants.XXXXXX")
trap 'git -C "$root" worktree remove --force "$tree" > /dev/null 2>&1 || rm -rf "$tree"' EXIT
git worktree add --detach --force "$tree" HEAD > /dev/null
git -C "$tree" apply "$root/Benchmarks/save-path-variants.patch"
echo "building the variants' release binary…" >&2
swift build -c release --static-swift-stdlib --product checklists --package-path "$tree" >&2
bin=$(swift build -c release --static-swift-stdlib --product checklists --package-path "$tree" --show-bin-path)/checklists
python3 "$root/Scripts/save-path-timings.py" "$bin" "${1:-30}"
