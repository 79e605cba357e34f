#!/usr/bin/env python3
"""How long `sync` holds the store's lock at 100,000 items, next to plain git doing the same.

Usage: Scripts/sync-lock-timings.py BINARY [ITEMS] [ROUNDS]

Two machines share a bare remote. Each round, machine A changes one item and syncs; machine B
changes another item; then B's sync (a merge with one change on each side) is timed, and a
poller in this process measures how long the store's lock is held (from the first moment it finds
the lock taken to the first moment it gets it again, trying every millisecond). Beside it, in a
copy of B's folder made just before, plain git does the same work without checklists: commit the
change, fetch, merge (`-X theirs`, as git cannot merge the binary file itself). Everything runs in
a temporary folder; needs git and python3.
"""
import fcntl
import json
import os
import shutil
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timing_support import Scratch, quartile  # noqa: E402


def run(arguments, environment, cwd=None):
    done = subprocess.run(arguments, env=environment, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(arguments)} failed ({done.returncode}): {done.stderr}")


def lock_held(lock_path, stop, result):
    """Polls the lock every millisecond; stores how long it was held by someone else (ms)."""
    descriptor = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    taken = None
    try:
        while not stop.is_set():
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                fcntl.flock(descriptor, fcntl.LOCK_UN)
                if taken is not None:
                    result.append((time.perf_counter() - taken) * 1000)
                    return
            except BlockingIOError:
                if taken is None:
                    taken = time.perf_counter()
            time.sleep(0.001)
    finally:
        os.close(descriptor)


def main():
    binary = os.path.abspath(sys.argv[1])
    items = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    scratch = Scratch("checklists-sync-lock-")
    environment = dict(scratch.environment, GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.org",
                       GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.org")
    try:
        folder = scratch.folder
        lists = [{"name": f"List {index}", "iconName": "No Icon", "items": [
            {"itemID": 0, "text": f"Item {index}-{item} with a text of about thirty", "checked": False,
             "dueDate": None, "shouldRemind": False} for item in range(items // 10)]} for index in range(10)]
        with open(f"{folder}/import.json", "w") as file:
            json.dump({"checklists": lists}, file)
        remote = f"{folder}/remote.git"
        run(["git", "init", "-q", "--bare", remote], environment)
        a, b = f"{folder}/a/Checklists.plist", f"{folder}/b/Checklists.plist"
        run([binary, "--file", a, "import", f"{folder}/import.json"], environment)
        run([binary, "--file", a, "drop", "List"], environment)
        run([binary, "--file", a, "use", "1"], environment)
        run([binary, "--file", a, "sync", "init", remote], environment)
        run([binary, "--file", b, "sync", "init", remote], environment)
        syncs, locks, plain = [], [], []
        for round_number in range(rounds):
            run([binary, "--file", a, "toggle", str(2 * round_number + 1)], environment)
            run([binary, "--file", a, "sync"], environment)
            run([binary, "--file", b, "toggle", str(2 * round_number + 2)], environment)
            copy = f"{folder}/plain-{round_number}"
            shutil.copytree(f"{folder}/b", copy, symlinks=True)
            # git's own binary merge, taking the remote's side, instead of checklists' driver.
            with open(f"{copy}/.git/info/attributes", "w") as file:
                file.write("/Checklists.plist merge=binary -diff\n")
            stop, held = threading.Event(), []
            poller = threading.Thread(target=lock_held, args=(b + ".lock", stop, held))
            poller.start()
            start = time.perf_counter()
            run([binary, "--file", b, "sync"], environment)
            syncs.append((time.perf_counter() - start) * 1000)
            stop.set()
            poller.join()
            locks += held
            start = time.perf_counter()
            run(["git", "add", "Checklists.plist"], environment, cwd=copy)
            run(["git", "commit", "-q", "-m", "change"], environment, cwd=copy)
            run(["git", "fetch", "-q", "origin"], environment, cwd=copy)
            run(["git", "merge", "-q", "--no-edit", "-X", "theirs", "origin/main"], environment, cwd=copy)
            plain.append((time.perf_counter() - start) * 1000)
            shutil.rmtree(copy)
        median = lambda values: quartile(values, 0.5) if values else float("nan")
        print(f"{items} items, {rounds} rounds (medians):")
        print(f"  sync, whole process          {median(syncs):8.0f} ms")
        print(f"  sync, store's lock held      {median(locks):8.0f} ms")
        print(f"  git add+commit+fetch+merge   {median(plain):8.0f} ms")
        print(f"  lock held ÷ plain git        {median(locks) / median(plain):8.2f}×")
    finally:
        scratch.remove()


if __name__ == "__main__":
    main()
