#!/usr/bin/env bash
# Builds a release executable linked as checklists ships, then prints the folder it is in.
#
#   Scripts/release-build.sh [swift build options]     e.g. --product checklists --scratch-path DIR
#
# The Swift runtime and Foundation are linked in (--static-swift-stdlib), and so are libstdc++ and
# libgcc, which the runtime needs, when the C++ compiler's static libstdc++ is found: the
# executable then names only libc and libm, and the dynamic loader spends no time at every start
# loading and relocating libstdc++ (callgrind: `--version` 10.1 M → 8.4 M instructions; hyperfine:
# 3.7 → 3.0 ms). Without a static libstdc++ (it comes with libstdc++-dev, which the Swift
# toolchain needs) the build links it dynamically, as before.
#
# Every module is compiled to reach the metadata of generic types through their accessor functions
# (-disable-concrete-type-metadata-mangled-name-accessors) rather than by demangling their names at
# run time, which also checks their conformances by scanning every conformance record of the
# executable: that was 1.9 M instructions of a one-shot `add` and 1.7 M of `--version`, once per
# type, at every start (callgrind: `add x` at 10,000 items 18.0 M → 16.6 M, `--version`
# 8.4 M → 6.7 M); the executable grows by 36 KB (0.1 %).
#
# With nothing to load from beside it, the executable has no RUNPATH ($ORIGIN, --disable-local-rpath),
# which made the loader look for libm and libc in a dozen folders beside it at every start.
#
# The Swift driver names -lstdc++ itself; a folder holding only libstdc++.a, searched first, makes
# that name find the static library. The folder is .build/static-libstdc++ of this package.
#
# Where the toolchain has lld, it links, with the relative relocations packed (DT_RELR,
# `-z pack-relative-relocs`, read by glibc 2.36 and later, which the executable then requires: an
# older loader refuses it by the GLIBC_ABI_DT_RELR version it names, and `make deb` asks for
# libc6 (>= 2.36), which dpkg-shlibdeps does not). gold wrote 39,198 relocations of 24 bytes, which the loader applied at
# every start, dirtying the pages they lie in; packed, they take 7.6 KB. The executable stays
# position-independent. Interleaved, 60 rounds, two copies of each executable (medians): `lists`
# with no data file 2.24–2.26 → 1.85–2.09 ms, `--version` 2.92–2.98 → 2.55–2.75 ms, a one-shot
# `add x` at 10,000 items 6.78–6.81 → 6.26–6.64 ms; `perf stat`, 200 runs of that `lists`:
# task-clock 1.36–1.58 → 1.17–1.21 ms. (An earlier session, timing `--version` alone, found no gain.)
#
# Environment: SWIFT (default swift).
set -euo pipefail

swift=${SWIFT:-swift}
root=$(cd "$(dirname "$0")/.." && pwd)
flags=(-c release --static-swift-stdlib --disable-local-rpath
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
archive=$(clang -print-file-name=libstdc++.a 2> /dev/null || true)
if [ -f "$archive" ]; then
    folder=$root/.build/static-libstdc++
    mkdir -p "$folder"
    ln -sfn "$archive" "$folder/libstdc++.a"
    flags+=(-Xlinker "-L$folder" -Xswiftc -Xclang-linker -Xswiftc -static-libgcc)
else
    echo "release-build: no static libstdc++ (libstdc++-dev): linking it dynamically" >&2
fi
if command -v ld.lld > /dev/null || [ -x "$(dirname "$(command -v "$swift")")/ld.lld" ]; then
    flags+=(-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs)
fi
"$swift" build "${flags[@]}" "$@" >&2
"$swift" build "${flags[@]}" "$@" --show-bin-path
