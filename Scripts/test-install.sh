#!/usr/bin/env bash
# Checks `make install`, `make uninstall` and `make deb` (SPEC §10) with the real tools: the files
# land where they belong, the installed executable runs without the Swift runtime libraries, the
# manual page renders without a warning and names every command, nothing is left after uninstall,
# lintian finds no error in the package, and the package's executable runs.
set -uo pipefail
cd "$(dirname "$0")/.."
passed=0
failed=0
check() { # DESCRIPTION COMMAND...
    local what=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "install check failed: $what" >&2
    fi
}

work=$(mktemp -d "${TMPDIR:-/tmp}/checklists-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HOME=$work/home XDG_STATE_HOME=$work/home/state XDG_DATA_HOME=$work/home/data NO_COLOR=1
mkdir -p "$HOME"
version=$(sed -n 's/.*static let number = "\(.*\)".*/\1/p' Sources/checklists/Version.swift)

if ! make --no-print-directory all > "$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    echo "install: 0 passed, 1 failed"
    exit 1
fi
root=$work/root
make --no-print-directory install DESTDIR="$root" PREFIX=/usr > /dev/null
files=(usr/bin/checklists usr/share/man/man1/checklists.1 usr/share/bash-completion/completions/checklists
    usr/share/zsh/vendor-completions/_checklists usr/share/fish/vendor_completions.d/checklists.fish
    usr/lib/systemd/user/checklists-watch.service)
every_file_is_installed() {
    for file in "${files[@]}"; do [ -f "$root/$file" ] || { echo "missing $file" >&2; return 1; }; done
}
check "every file is installed" every_file_is_installed
check "the executable prints the version" test "$("$root/usr/bin/checklists" --version)" = "checklists $version"
check "the executable runs a command" \
    test "$("$root/usr/bin/checklists" --file "$work/data.plist" add Buy milk)" = "added 1 [ ] Buy milk  #0"
check "the executable needs no Swift runtime library" sh -c "! ldd '$root/usr/bin/checklists' | grep -q libswift"
check "the unit starts the installed executable" \
    grep -qx "ExecStart=/usr/bin/checklists watch" "$root/usr/lib/systemd/user/checklists-watch.service"
check "the manual page renders without a warning" \
    sh -c "test -z \"\$(groff -man -ww -z '$root/usr/share/man/man1/checklists.1' 2>&1)\""
manual_names_every_command() {
    local page commands
    page=$(groff -man -Tutf8 "$root/usr/share/man/man1/checklists.1" 2> /dev/null | col -bx)
    commands=$("$root/usr/bin/checklists" --file "$work/data.plist" help | awk 'NF && !/^[A-Z]/ {print $1}')
    [ -n "$commands" ] || return 1
    for command in $commands; do
        grep -q "^ *$command\b" <<< "$page" || { echo "the manual page lacks $command" >&2; return 1; }
    done
}
check "the manual page names every command of help" manual_names_every_command
check "the manual page carries the version" grep -q "checklists $version" <(groff -man -Tutf8 "$root/usr/share/man/man1/checklists.1" 2> /dev/null) 
make --no-print-directory uninstall DESTDIR="$root" PREFIX=/usr > /dev/null
check "uninstall leaves no file" test -z "$(find "$root" -type f)"

deb=checklists_${version}_$(dpkg --print-architecture).deb
if make --no-print-directory deb > "$work/deb.log" 2>&1; then
    if command -v lintian > /dev/null; then
        check "lintian finds no error in the package" sh -c "! lintian '$deb' 2> /dev/null | grep '^E:'"
    elif [ "${CI:-}" = true ]; then
        check "lintian is installed (apt-get install lintian)" false
    else
        echo "the package check needs lintian: apt-get install lintian" >> "${CHECKLISTS_SKIPPED:-/dev/null}"
    fi
    dpkg-deb -x "$deb" "$work/unpacked"
    check "the package's executable runs" test "$("$work/unpacked/usr/bin/checklists" --version)" = "checklists $version"
    check "the package declares its dependencies" sh -c "dpkg-deb -f '$deb' Depends | grep -q libedit2"
    glibc_needed() {
        local needed
        needed=$(dpkg-deb -f "$deb" Depends | sed -n 's/.*libc6 (>= \([^)]*\)).*/\1/p')
        [ -n "$needed" ] || return 1
        # Packed relative relocations are applied only by the loader of glibc 2.36 and later.
        if readelf -V "$work/unpacked/usr/bin/checklists" | grep -q GLIBC_ABI_DT_RELR; then
            dpkg --compare-versions "$needed" ge 2.36
        fi
    }
    check "the package asks for the glibc whose loader runs its executable" glibc_needed
    maintainer=$(sed -n 's/^MAINTAINER ?= //p' Makefile)
    check "the package's maintainer is the Makefile's MAINTAINER" test "$(dpkg-deb -f "$deb" Maintainer)" = "$maintainer"
    check "the package has no Homepage while HOMEPAGE is empty" test -z "$(dpkg-deb -f "$deb" Homepage)"
    check "the package names no made-up example.org address" \
        sh -c "! dpkg-deb -I '$deb' | grep -q example.org && ! zcat '$work/unpacked/usr/share/doc/checklists/changelog.gz' | grep -q example.org && ! grep -q example.org '$work/unpacked/usr/share/doc/checklists/copyright'"
    rm -f "$deb"
else
    cat "$work/deb.log" >&2
    failed=$((failed + 1))
fi
echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
