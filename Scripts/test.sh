#!/usr/bin/env bash
# Runs every check CI runs: first what the tests need is made (Scripts/test-tools.sh), then the
# strict format lint, a build of the program, every test, and the install and packaging checks.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/test-tools.sh
paths=(Package.swift Sources Tests)
[ -d Benchmarks ] && paths+=(Benchmarks/Package.swift Benchmarks/Benchmarks Benchmarks/Sources)
[ -d Fuzz ] && paths+=(Fuzz)
# Tests skipped for want of a tool write a line each here (Tests/TestSupport/RequiredTool.swift);
# the run ends by naming them. In CI (CI=true) nothing is skipped: a missing tool fails the run.
export CHECKLISTS_SKIPPED
CHECKLISTS_SKIPPED=$(mktemp "${TMPDIR:-/tmp}/checklists-skipped.XXXXXX")
report_skipped() {
    if [ -s "$CHECKLISTS_SKIPPED" ]; then
        echo "skipped (not tested on this machine):"
        sort -u "$CHECKLISTS_SKIPPED" | sed 's/^/  /'
    fi
    rm -f "$CHECKLISTS_SKIPPED"
}
trap report_skipped EXIT
swift format lint --strict --recursive "${paths[@]}"
swift build --product checklists
# The manual page test runs swift-argument-parser's generate-manual on the built program.
swift build --product generate-manual
swift test
# make install, make uninstall and make deb, checked with the real tools (SPEC §10).
Scripts/test-install.sh
