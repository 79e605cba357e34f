#!/usr/bin/env bash
# Runs every check CI runs: the strict format lint, a build of the program, every test, then the
# install and packaging checks.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests)
[ -d Benchmarks ] && paths+=(Benchmarks/Package.swift Benchmarks/Benchmarks Benchmarks/Sources)
[ -d Fuzz ] && paths+=(Fuzz)
swift format lint --strict --recursive "${paths[@]}"
swift build --product checklists
swift test
# make install, make uninstall and make deb, checked with the real tools (SPEC §10).
Scripts/test-install.sh
