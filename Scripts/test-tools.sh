#!/usr/bin/env bash
# Makes what the tests run that a fresh Debian machine with the Swift toolchain lacks: Debian's
# packages (when this runs as root, or with sudo that asks no password) and the virtual
# environment .ci/venv with the CalDAV servers and clients from PyPI. Scripts/test.sh runs it
# first, so the one test command tests everything; what it cannot install it names, and the
# tests that need it are then skipped (and named at the end) or, under CI=true, fail.
set -euo pipefail
cd "$(dirname "$0")/.."

# libedit for the line editor; git for sync (SPEC §8); a D-Bus session bus, notify-send and what
# the tests' Notifications service needs for reminders (SPEC §9); make, groff, lintian, dpkg-dev,
# binutils and col for installing and packaging (SPEC §10); curl and openssl for CalDAV (§11);
# python3-venv for the virtual environment below; taskwarrior and todotxt-cli make the files
# `import` reads from other tools (SPEC §15).
packages=(libedit-dev pkg-config git dbus libnotify-bin python3 python3-dbus python3-gi make groff-base
    lintian dpkg-dev binutils bsdextrautils curl openssl python3-venv taskwarrior todotxt-cli)

# Whether a tool the tests need is missing.
missing() {
    ! pkg-config --exists libedit 2>/dev/null || [ ! -f /usr/include/histedit.h ] || ! command -v git >/dev/null \
        || ! command -v dbus-daemon >/dev/null || ! command -v notify-send >/dev/null \
        || ! /usr/bin/python3 -c 'import dbus, gi' 2>/dev/null \
        || ! command -v make >/dev/null || ! command -v groff >/dev/null || ! command -v lintian >/dev/null \
        || ! command -v dpkg-shlibdeps >/dev/null || ! command -v strip >/dev/null || ! command -v col >/dev/null \
        || ! command -v curl >/dev/null || ! command -v openssl >/dev/null \
        || ! command -v task >/dev/null || ! command -v todo-txt >/dev/null \
        || ! /usr/bin/python3 -c 'import venv, ensurepip' 2>/dev/null
}

if missing; then
    as_root=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
            as_root=(sudo -n)
        else
            echo "test-tools: some tools the tests need are missing; as root: apt-get install ${packages[*]}" >&2
            as_root=(false)
        fi
    fi
    if [ "${as_root[*]}" != false ]; then
        echo "test-tools: installing Debian packages the tests need" >&2
        "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
    fi
fi

# CalDAV (SPEC §11) is tested against real servers: Radicale 3.9 and Xandikos 0.4 from PyPI, with
# the python caldav library (and python-dateutil, which the RRULE oracle uses too) as the phone,
# and vdirsyncer 0.21 with todoman 4.7 as another computer on the same account; the official MCP
# python SDK (mcp 2.x) is the agent host of `checklists mcp`'s tests. A venv that lacks
# any of them is made again.
if [ ! -x .ci/venv/bin/radicale ] || [ ! -x .ci/venv/bin/xandikos ] \
    || [ ! -x .ci/venv/bin/vdirsyncer ] || [ ! -x .ci/venv/bin/todo ] \
    || ! .ci/venv/bin/python -c 'import caldav, dateutil, mcp' 2>/dev/null; then
    if /usr/bin/python3 -c 'import venv, ensurepip' 2>/dev/null; then
        echo "test-tools: making .ci/venv (the CalDAV servers and clients, from PyPI)" >&2
        rm -rf .ci/venv
        /usr/bin/python3 -m venv .ci/venv
        .ci/venv/bin/pip install --quiet 'radicale==3.9.*' 'xandikos==0.4.*' 'caldav==3.6.*' python-dateutil \
            'vdirsyncer==0.21.*' 'todoman==4.7.*' 'mcp>=2,<3'
    else
        echo "test-tools: cannot make .ci/venv without python3-venv (apt-get install python3-venv)" >&2
    fi
fi
