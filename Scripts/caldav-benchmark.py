#!/usr/bin/env python3
"""CalDAV sync speed (issue #35): checklists against its own requests made by curl alone and
against vdirsyncer, on one local Radicale.

Usage: Scripts/caldav-benchmark.py BINARY [ROUNDS]      (`make` builds .build/dist/checklists)

Starts Radicale from .ci/venv (as Scripts/caldav-timings.py does) and prints a table of medians
of ROUNDS interleaved rounds (default 5; each round runs everything below in a shuffled order, an
idle sync four times), wall-clock ms of whole processes, for:
  - a first sync of 1,000 tasks in 10 lists into an empty account: `checklists caldav init`;
    the same HTTP requests, recorded from checklists' own curl configurations (a `curl` first
    on the PATH, untimed runs), made by one `curl` process over one connection; vdirsyncer
    uploading a folder of the same 1,000 tasks as .ics files (`discover`, which makes the 10
    calendars, then `sync`);
  - a sync with nothing to do at 1,000 and at 10,000 tasks (the 10,000 written into Radicale's
    folder, then joined by checklists and downloaded by vdirsyncer, untimed): `checklists
    caldav`; its requests made by one `curl`; `vdirsyncer sync`.
It also counts the curl processes and requests of each checklists sync. Needs curl, and
vdirsyncer in .ci/venv (`.ci/venv/bin/pip install 'vdirsyncer==0.21.*'`).
"""
import glob
import importlib.util
import os
import random
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from timing_support import Scratch, quartile  # noqa: E402

spec = importlib.util.spec_from_file_location("caldav_timings", os.path.join(HERE, "caldav-timings.py"))
caldav = importlib.util.module_from_spec(spec)
spec.loader.exec_module(caldav)
PASSWORD, VENV = caldav.PASSWORD, caldav.VENV


def recorder(folder):
    """A `curl` for the PATH that keeps each process's configuration and request bodies in
    folder/N/ (N counting the processes), then runs the real curl on it."""
    os.makedirs(f"{folder}/bin")
    with open(f"{folder}/bin/curl", "w") as out:
        out.write(f"#!/bin/sh\nn={folder}/$(ls {folder} | grep -c '^[0-9]')\nmkdir $n\ncat > $n/config\n"
                  "sed -n 's/^data-binary = \"@\\(.*\\)\"$/\\1/p' $n/config | while read -r f; do cp \"$f\" $n/; done\n"
                  "exec /usr/bin/curl \"$@\" < $n/config\n")
    os.chmod(f"{folder}/bin/curl", 0o755)
    return f"{folder}/bin:" + os.environ.get("PATH", "/usr/bin:/bin")


def replay_config(recorded, out, rename=None):
    """The recorded curl processes as one configuration (one process, one connection): bodies
    copied from the recording, answers written into `out`, the account renamed (old, new) if asked."""
    requests = []
    for process in sorted(glob.glob(f"{recorded}/[0-9]*"), key=lambda path: int(os.path.basename(path))):
        number = os.path.basename(process)
        for body in glob.glob(f"{process}/request-*"):
            shutil.copy(body, f"{out}/{number}-{os.path.basename(body)}")
        with open(f"{process}/config") as config:
            text = re.sub(r'^data-binary = "@.*/(request-[0-9]+)"$', rf'data-binary = "@{out}/{number}-\1"',
                          config.read(), flags=re.M)
        requests += re.split(r"^next\n", text, flags=re.M)
    for index, request in enumerate(requests):
        request = re.sub(r'^output = ".*"$', f'output = "{out}/body-{index}"', request, flags=re.M)
        request = re.sub(r'^dump-header = ".*"$', f'dump-header = "{out}/head-{index}"', request, flags=re.M)
        if rename:
            old, new = rename
            request = request.replace(f"/{old}/", f"/{new}/").replace(f'"{old}:', f'"{new}:')
        requests[index] = request
    return "next\n".join(requests), len(requests)


def processes(recorded):
    """The curl processes and requests of a recorded sync."""
    configs = glob.glob(f"{recorded}/[0-9]*/config")
    return len(configs), sum(len(re.findall(r"^url = ", open(path).read(), flags=re.M)) for path in configs)


def answered(out, count):
    """Fails unless all `count` replayed requests got a 2xx answer."""
    for index in range(count):
        with open(f"{out}/head-{index}") as head:
            status = [line.split()[1] for line in head if line.startswith("HTTP/")][-1]
        if not status.startswith("2"):
            sys.exit(f"replayed request {index} answered {status}")


def vdirsyncer_config(folder, server, user, local, collections):
    """A vdirsyncer configuration pairing a folder of .ics files with `user`'s account."""
    path = f"{folder}/vdirsyncer.conf"
    with open(path, "w") as out:
        out.write(f'[general]\nstatus_path = "{folder}/status/"\n'
                  f'[pair account]\na = "local"\nb = "remote"\ncollections = ["{collections}"]\n'
                  f'[storage local]\ntype = "filesystem"\npath = "{local}/"\nfileext = ".ics"\n'
                  f'[storage remote]\ntype = "caldav"\nurl = "{server.url}"\nusername = "{user}"\n'
                  f'password = "{PASSWORD}"\n')
    return path


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    vdirsyncer = f"{VENV}/vdirsyncer"
    if not os.path.exists(vdirsyncer):
        sys.exit("no vdirsyncer: .ci/venv/bin/pip install 'vdirsyncer==0.21.*'")
    scratch = Scratch("checklists-caldav-benchmark-")
    folder = scratch.folder
    numbers = iter(range(10**6))

    def fresh(name):
        path = f"{folder}/{name}-{next(numbers)}"
        os.makedirs(path)
        return path

    def account():
        """The environment of a checklists data file with its own sync state."""
        state = fresh("account")
        return {"XDG_STATE_HOME": f"{state}/state", "XDG_CONFIG_HOME": f"{state}/config",
                "CHECKLISTS_CALDAV_PASSWORD": PASSWORD}

    def vdirsyncer_first(user, tasks, collections):
        """A vdirsyncer pairing of a new folder (a copy of `tasks`, if given) with `user`'s account,
        and the wall-clock ms of its first sync: `discover` (yes to making collections), `sync`."""
        base = fresh("vdirsyncer")
        if tasks:
            shutil.copytree(tasks, f"{base}/local")
        else:
            os.makedirs(f"{base}/local")
        config = vdirsyncer_config(base, server, user, f"{base}/local", collections)
        wall = scratch.timed([vdirsyncer, "-c", config, "discover"], stdin="y\n" * 20)[0]
        return config, wall + scratch.timed([vdirsyncer, "-c", config, "sync"])[0]

    def curl(config):
        return scratch.timed(["curl", "-q", "--config", "-"], stdin=config)[0]

    os.makedirs(f"{folder}/server")
    server = caldav.Radicale(f"{folder}/server")
    try:
        # 1,000 tasks in 10 lists, as checklists holds them (a data file) and vdirsyncer (.ics files).
        pristine = scratch.make_file(binary, "pristine", 100)
        subprocess.run([binary, "--file", pristine, "drop", "List"], env=scratch.environment, check=True,
                       stdout=subprocess.DEVNULL)
        tasks = f"{folder}/tasks"
        for index in range(10):
            os.makedirs(f"{tasks}/list-{index}")
            for item in range(100):
                uid = os.urandom(16).hex()
                with open(f"{tasks}/list-{index}/{uid}.ics", "w") as out:
                    out.write(caldav.vtodo(uid, f"item {index}-{item} with some text", item))

        # Untimed: a first and an idle sync of each at 1,000 tasks, checklists' recorded.
        user_1k, small, small_env = server.user(), f"{folder}/small", account()
        shutil.copy(pristine, small)
        first_rec, idle_rec = fresh("record"), fresh("record")
        scratch.timed([binary, "--file", small, "caldav", "init", server.url, user_1k],
                      dict(small_env, PATH=recorder(first_rec)))
        scratch.timed([binary, "--file", small, "caldav"], dict(small_env, PATH=recorder(idle_rec)))
        vdirsyncer_1k = vdirsyncer_first(server.user(), tasks, "from a")[0]

        # Untimed: 10,000 tasks written into Radicale's folder, joined by checklists (then an idle
        # sync, recorded), downloaded by vdirsyncer (then an idle sync).
        user_10k, big_env = server.user(), account()
        caldav.seed(f"{folder}/server", user_10k, 10, 1000)
        caldav.tokens(server, user_10k, fresh("tokens"))  # Radicale indexes the files it did not write
        big = scratch.make_imported(binary, "big", 10, 1000, "List 00")
        join = scratch.timed([binary, "--file", big, "caldav", "init", server.url, user_10k], big_env)[0]
        big_rec = fresh("record")
        scratch.timed([binary, "--file", big, "caldav"], dict(big_env, PATH=recorder(big_rec)))
        vdirsyncer_10k, download = vdirsyncer_first(user_10k, None, "from b")
        scratch.timed([vdirsyncer, "-c", vdirsyncer_10k, "sync"])

        idle = {}
        for row, data, env, recorded, config in (("idle 1k", small, small_env, idle_rec, vdirsyncer_1k),
                                                 ("idle 10k", big, big_env, big_rec, vdirsyncer_10k)):
            out = fresh("replay")
            idle[row] = (data, env, config, out) + replay_config(recorded, out)

        def measure(row, column):
            """One run: column 0 checklists, 1 curl alone, 2 vdirsyncer."""
            if row == "first":
                if column == 0:
                    data = f"{fresh('first')}/data"
                    shutil.copy(pristine, data)
                    return scratch.timed([binary, "--file", data, "caldav", "init", server.url, server.user()],
                                         account())[0]
                if column == 1:
                    out = fresh("replay")
                    config, count = replay_config(first_rec, out, (user_1k, server.user()))
                    wall = curl(config)
                    answered(out, count)
                    return wall
                return vdirsyncer_first(server.user(), tasks, "from a")[1]
            data, env, config, out, replay, count = idle[row]
            if column == 0:
                return scratch.timed([binary, "--file", data, "caldav"], env)[0]
            if column == 1:
                wall = curl(replay)
                answered(out, count)
                return wall
            return scratch.timed([vdirsyncer, "-c", config, "sync"])[0]

        samples = {(row, column): [] for row in ("first", "idle 1k", "idle 10k") for column in range(3)}
        # An idle sync is short and noisy: four of each a round.
        order, runs = random.Random(7), [run for run in samples for _ in range(1 if run[0] == "first" else 4)]
        for _ in range(rounds):
            order.shuffle(runs)
            for run in runs:
                samples[run].append(measure(*run))
        version = subprocess.run([vdirsyncer, "--version"], capture_output=True, text=True).stdout.split()[-1]
        print(f"{os.cpu_count()} cores, load average {' '.join(f'{load:.2f}' for load in os.getloadavg())} at the "
              f"end; vdirsyncer {version}; medians of {rounds} interleaved rounds ({4 * rounds} idle syncs each), "
              "whole processes' wall-clock\n")
        print("| sync | checklists (curl processes, requests) | curl alone, same requests, one process | vdirsyncer "
              "| ÷ curl | ÷ vdirsyncer |\n|---|---:|---:|---:|---:|---:|")
        for row, title, recorded in (("first", "first sync, 1,000 tasks in 10 lists", first_rec),
                                     ("idle 1k", "nothing to do, 1,000 tasks", idle_rec),
                                     ("idle 10k", "nothing to do, 10,000 tasks", big_rec)):
            ours, bare, theirs = (quartile(samples[row, column], 0.5) for column in range(3))
            count, requests = processes(recorded)
            print(f"| {title} | {ours:.0f} ms ({count}, {requests}) | {bare:.0f} ms | {theirs:.0f} ms "
                  f"| {ours / bare:.2f}× | {ours / theirs:.2f}× |")
        print("\nEach run's range (min–max ms; checklists, curl alone, vdirsyncer): " + "; ".join(
            f"{row}: " + ", ".join(f"{min(samples[row, c]):.0f}–{max(samples[row, c]):.0f}" for c in range(3))
            for row in ("first", "idle 1k", "idle 10k")) + ".")
        print(f"Untimed set-up at 10,000 tasks: checklists joining them {join:.0f} ms, vdirsyncer's first sync "
              f"(a download) {download:.0f} ms.")
    finally:
        server.stop()
        scratch.remove()


if __name__ == "__main__":
    main()
