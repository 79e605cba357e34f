#!/usr/bin/env python3
"""CalDAV sync against a local Radicale, next to the bare HTTP work done by one curl process.

Usage: Scripts/caldav-timings.py BINARY [ROUNDS] [ITEMS]

Starts Radicale (from .ci/venv, htpasswd password, on a free port, in a temporary folder) and
measures, as medians of ROUNDS interleaved runs (default 5; ITEMS default 1,000, in 10 lists):
  (a) the first sync (`caldav init`, an upload into an empty account) against the same 10
      MKCALENDARs and ITEMS PUTs made by one `curl` process over one connection;
  (b) a sync with nothing to do (`caldav`) against the 10 `sync-collection` REPORTs (with the
      current tokens) made by one `curl`;
  (c) at 10 x ITEMS items (written into Radicale's folder, then joined by `caldav init` from a
      data file of the same items), one task changed by another client: the sync's requests and bytes
      (counted by a `curl` wrapper first on the PATH that adds a `write-out` to every request)
      and its time.
Each figure is wall-clock ms of the whole process (checklists' own start-up, curl's, the
server's work). Needs curl, python3 and .ci/venv (made by Scripts/test-tools.sh).
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timing_support import Scratch, quartile  # noqa: E402

PASSWORD = "s3cret pass"
VENV = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".ci", "venv", "bin")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Radicale:
    """A Radicale server in a temporary folder with users u0..u199 (one fresh account a run)."""

    def __init__(self, folder):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        with open(f"{folder}/users", "w") as users:
            users.writelines(f"u{index}:{PASSWORD}\n" for index in range(200))
        with open(f"{folder}/config", "w") as config:
            config.write(f"[server]\nhosts = 127.0.0.1:{self.port}\n[auth]\ntype = htpasswd\n"
                         f"htpasswd_filename = {folder}/users\nhtpasswd_encryption = plain\n"
                         f"[storage]\nfilesystem_folder = {folder}/collections\n[logging]\nlevel = warning\n")
        self.process = subprocess.Popen([f"{VENV}/radicale", "--config", f"{folder}/config"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.next_user = 0
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        sys.exit("Radicale did not start")

    def user(self):
        self.next_user += 1
        return f"u{self.next_user - 1}"

    def stop(self):
        self.process.terminate()
        self.process.wait()


def curl_batch(requests, user, folder):
    """Runs one curl process over `requests` ((method, url, headers, body path or None)); returns
    the wall-clock ms and the status of each."""
    lines = []
    for index, (method, url, headers, body) in enumerate(requests):
        if index:
            lines.append("next")
        lines += [f'url = "{url}"', f'request = "{method}"', f'user = "{user}:{PASSWORD}"', "silent",
                  f'output = "{folder}/out-{index}"', 'write-out = "%{http_code}\\n"']
        lines += [f'header = "{header}"' for header in headers]
        if body:
            lines.append(f'data-binary = "@{body}"')
    start = time.perf_counter()
    done = subprocess.run(["curl", "-q", "--config", "-"], input="\n".join(lines) + "\n", text=True,
                          capture_output=True, check=True)
    wall = (time.perf_counter() - start) * 1000
    return wall, done.stdout.split()


def vtodo(uid, summary, position):
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//checklists//checklists//EN\r\nBEGIN:VTODO\r\n"
            f"UID:{uid}\r\nDTSTAMP:20260101T000000Z\r\nCREATED:20260101T000000Z\r\n"
            f"LAST-MODIFIED:20260101T000000Z\r\nSEQUENCE:0\r\nSUMMARY:{summary}\r\nSTATUS:NEEDS-ACTION\r\n"
            f"X-APPLE-SORT-ORDER:{position}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")


def seed(server_folder, user, lists, per_list):
    """Writes `lists` task lists of `per_list` tasks into Radicale's folder for `user`, the way
    Radicale stores them (a folder per collection with `.Radicale.props`, a file per task): an
    upload through HTTP grows with the list (Radicale checks each new task's UID against every
    task of its list), and (c) measures the sync after it, not the upload."""
    for index in range(lists):
        folder = f"{server_folder}/collections/collection-root/{user}/seeded-{index:02}"
        os.makedirs(folder)
        with open(f"{folder}/.Radicale.props", "w") as out:
            out.write('{"C:supported-calendar-component-set": "VTODO", '
                      f'"D:displayname": "List {index:02}", "tag": "VCALENDAR"}}')
        for item in range(per_list):
            uid = uuid.uuid4().hex
            with open(f"{folder}/{uid}.ics", "w") as out:
                out.write(vtodo(uid, f"item {index}-{item} with some text", item))


def bare_upload(server, user, folder, per_list):
    """The first sync's HTTP work by one curl: 10 MKCALENDARs, then every PUT."""
    requests = []
    for index in range(10):
        body = f"{folder}/mk-{index}.xml"
        with open(body, "w") as out:
            out.write('<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>'
                      f"<d:displayname>List {index}</d:displayname><c:supported-calendar-component-set>"
                      '<c:comp name="VTODO"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>')
        requests.append(("MKCALENDAR", f"{server.url}{user}/list-{index}/",
                         ["Content-Type: application/xml; charset=utf-8"], body))
    for index in range(10):
        for item in range(per_list):
            uid = f"{uuid.uuid4().hex}@checklists"
            body = f"{folder}/put-{index}-{item}.ics"
            with open(body, "w") as out:
                out.write(vtodo(uid, f"item {index}-{item} with some text", item))
            requests.append(("PUT", f"{server.url}{user}/list-{index}/{uid.replace('@', '-at-')}.ics",
                             ["Content-Type: text/calendar; charset=utf-8", "If-None-Match: *"], body))
    wall, statuses = curl_batch(requests, user, folder)
    if any(not status.startswith("2") for status in statuses):
        sys.exit(f"bare upload failed: {sorted(set(statuses))}")
    return wall


def tokens(server, user, folder):
    """Each collection of `user` with its current sync token."""
    body = f"{folder}/propfind.xml"
    with open(body, "w") as out:
        out.write('<d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>')
    done = subprocess.run(["curl", "-s", "-X", "PROPFIND", "-u", f"{user}:{PASSWORD}", "-H", "Depth: 1", "-H",
                           "Content-Type: application/xml", "--data-binary", f"@{body}", f"{server.url}{user}/"],
                          capture_output=True, text=True, check=True)
    result = []
    for response in done.stdout.split("<response>")[1:]:
        href = response.split("<href>")[1].split("</href>")[0]
        if "<sync-token>" in response:
            result.append((href, response.split("<sync-token>")[1].split("</sync-token>")[0]))
    return result


def bare_idle(server, user, folder):
    """A sync with nothing to do by one curl: a sync-collection REPORT per collection."""
    requests = []
    for index, (href, token) in enumerate(tokens(server, user, folder)):
        body = f"{folder}/sync-{index}.xml"
        with open(body, "w") as out:
            out.write(f'<d:sync-collection xmlns:d="DAV:"><d:sync-token>{token}</d:sync-token>'
                      "<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>")
        requests.append(("REPORT", server.url + href.lstrip("/"), ["Content-Type: application/xml; charset=utf-8"],
                         body))
    wall, statuses = curl_batch(requests, user, folder)
    if len(requests) != 10 or any(status != "207" for status in statuses):
        sys.exit(f"bare sync-collection failed: {len(requests)} collections, {statuses}")
    return wall


def wrapper(folder):
    """A `curl` first on the PATH that logs method, URL and bytes of every request to folder/log."""
    os.makedirs(f"{folder}/bin", exist_ok=True)
    with open(f"{folder}/bin/curl", "w") as out:
        out.write("#!/bin/sh\nsed 's/^url = .*/&\\nwrite-out = \"%{method} %{size_request} %{size_upload} "
                  "%{size_header} %{size_download}\\\\n\"/' | /usr/bin/curl \"$@\" >> '" + folder + "/log'\n")
    os.chmod(f"{folder}/bin/curl", 0o755)
    return f"{folder}/bin"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    items = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    scratch = Scratch("checklists-caldav-timings-")
    folder = scratch.folder
    os.makedirs(f"{folder}/server")
    server = Radicale(f"{folder}/server")
    try:
        pristine = scratch.make_file(binary, "pristine", items // 10)
        # A new data file starts with an empty "List"; without it, exactly 10 lists.
        subprocess.run([binary, "--file", pristine, "drop", "List"], env=scratch.environment, check=True,
                       stdout=subprocess.DEVNULL)
        ours_upload, bare_uploads, ours_idle, bare_idles = [], [], [], []
        for round_ in range(rounds):
            # (a) first sync into an empty account, then (b) nothing to do, each beside the bare work.
            data = f"{folder}/data-{round_}"
            shutil.copy(pristine, data)
            state = f"{folder}/state-{round_}"
            extra = {"XDG_STATE_HOME": state, "XDG_CONFIG_HOME": f"{folder}/config-{round_}",
                     "CHECKLISTS_CALDAV_PASSWORD": PASSWORD}
            user = server.user()
            wall, _ = scratch.timed([binary, "--file", data, "caldav", "init", server.url, user], extra)
            ours_upload.append(wall)
            bare_folder = tempfile.mkdtemp(dir=folder)
            bare_uploads.append(bare_upload(server, server.user(), bare_folder, items // 10))
            for _ in range(2):
                wall, _ = scratch.timed([binary, "--file", data, "caldav"], extra)
                ours_idle.append(wall)
                bare_idles.append(bare_idle(server, user, bare_folder))
            shutil.rmtree(bare_folder)
        print(f"(a) first sync, {items} items in 10 lists: checklists {quartile(ours_upload, 0.5):.0f} ms, "
              f"bare curl {quartile(bare_uploads, 0.5):.0f} ms "
              f"({quartile(ours_upload, 0.5) / quartile(bare_uploads, 0.5):.2f}x)")
        print(f"(b) sync with nothing to do: checklists {quartile(ours_idle, 0.5):.0f} ms, "
              f"bare curl (10 sync-collection REPORTs) {quartile(bare_idles, 0.5):.0f} ms "
              f"({quartile(ours_idle, 0.5) / quartile(bare_idles, 0.5):.2f}x)")
        # (c) one task changed by another client at 10 x items.
        big = scratch.make_imported(binary, "big", 10, items, "List 00")
        extra = {"XDG_STATE_HOME": f"{folder}/state-big", "XDG_CONFIG_HOME": f"{folder}/config-big",
                 "CHECKLISTS_CALDAV_PASSWORD": PASSWORD}
        user = server.user()
        seed(f"{folder}/server", user, 10, items)
        # Radicale reads and indexes files it did not write at the first request that needs them
        # (here longer than curl's 30 s without progress): done once, untimed, as an upload through
        # HTTP would have done it.
        tokens(server, user, folder)
        wall, _ = scratch.timed([binary, "--file", big, "caldav", "init", server.url, user], extra)
        print(f"    joining the {10 * items} tasks seeded on the server (every task fetched, paired by text): "
              f"{wall:.0f} ms")
        bin_folder = wrapper(folder)
        logged = dict(extra, PATH=bin_folder + ":" + os.environ.get("PATH", "/usr/bin:/bin"))
        changed, idle = [], []
        for round_ in range(rounds):
            href = tokens(server, user, folder)[3][0]
            listing = subprocess.run(["curl", "-s", "-X", "PROPFIND", "-u", f"{user}:{PASSWORD}", "-H", "Depth: 1",
                                      server.url + href.lstrip("/")], capture_output=True, text=True, check=True)
            task = [h.split("</href>")[0] for h in listing.stdout.split("<href>")[1:] if h.split("</href>")[0]
                    .endswith(".ics")][round_]
            text = subprocess.run(["curl", "-s", "-u", f"{user}:{PASSWORD}", server.url + task.lstrip("/")],
                                  capture_output=True, text=True, check=True).stdout
            with open(f"{folder}/edited.ics", "w") as out:
                out.write(text.replace("SUMMARY:", f"SUMMARY:changed {round_} "))
            subprocess.run(["curl", "-s", "-o", "/dev/null", "-X", "PUT", "-u", f"{user}:{PASSWORD}", "-H",
                            "Content-Type: text/calendar", "--data-binary", f"@{folder}/edited.ics",
                            server.url + task.lstrip("/")], check=True)
            open(f"{folder}/log", "w").close()
            wall, _ = scratch.timed([binary, "--file", big, "caldav"], logged)
            changed.append(wall)
            with open(f"{folder}/log") as log:
                lines = [line.split() for line in log if line.strip()]
            wall, _ = scratch.timed([binary, "--file", big, "caldav"], extra)
            idle.append(wall)
        methods = [line[0] for line in lines]
        total = sum(sum(int(field) for field in line[1:]) for line in lines)
        print(f"(c) one task changed by another client at {10 * items} items: {len(lines)} requests "
              f"({', '.join(methods)}), {total} bytes; {quartile(changed, 0.5):.0f} ms; "
              f"then nothing to do: {quartile(idle, 0.5):.0f} ms")
    finally:
        server.stop()
        scratch.remove()


if __name__ == "__main__":
    main()
