#!/usr/bin/env python3
"""Measures the speed budgets of Benchmarks/budgets.txt and says which hold.

Usage: budget-check.py BINARY [--rounds N] [--only PATTERN]

BINARY should be the shipped build (`make`: .build/dist/checklists); todo.txt (todotxt-cli),
Taskwarrior (taskwarrior) and a C compiler must be installed. Each row of budgets.txt names a
measurement defined below (`MEASUREMENTS`), a bound and whether it is held or a goal not yet
held. Only the rows whose name matches PATTERN (a regular expression; default all) are measured,
and only the commands and data they need are made. Each of N rounds (default 20, after one round
not counted) runs every command once in a shuffled order, each after its data is restored, the
undo journal removed and the disk flushed (untimed; a restored checklists file gets one untimed
`add`, so that it is the program's own file, as in a run of one-shot commands). A measurement is
a median wall clock in ms or a ratio of medians of one run, so that a machine whose speed drifts
favours neither side.

Prints each command's median, then each row with its measure, its bound and whether it holds;
exits 1 when a held row does not (a goal that is not met yet is printed as such, and does not
change the exit status).
"""
import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timing_support import Scratch  # noqa: E402

BUDGETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Benchmarks", "budgets.txt")
SIZES = {"10k": 10_000, "100k": 100_000}
KINDS = ["plain", "rich"]
VERBS = {"add": ["add", "x"], "toggle": ["toggle", "5"]}


def tag_arguments(words):
    """`tag 1 +w1 … +wN`: one item given `words` tags in one command."""
    return ["tag", "1"] + [f"+word{number}" for number in range(words)]


# Every command timed: NAME → (data set, arguments after the program). A data set of checklists
# is restored before each run; "todo-N" is a todo.txt of N lines, "task" 10,000 Taskwarrior tasks,
# "none" nothing at all.
COMMANDS = {
    "checklists --version": ("none", ["--version"]),
    "checklists add x, 10 × 1,000": ("ten", ["add", "x"]),
    "checklists check 5, 10 × 1,000": ("ten", ["check", "5"]),
    "checklists show, 10 × 1,000": ("ten", ["show"]),
    "checklists show, 10 × 1,000 rich": ("ten-rich", ["show"]),
    "checklists --json show, 10 × 1,000 rich": ("ten-rich", ["--json", "show"]),
    "checklists show, one of 100k plain": ("one-100k-plain", ["show"]),
    "checklists tag 2,000 words": ("small", tag_arguments(2000)),
    "checklists tag 4,000 words": ("small", tag_arguments(4000)),
    "todo.txt add x, 10,000 lines": ("todo-10000", ["add", "x"]),
    "todo.txt ls, 100,000 lines": ("todo-100000", ["ls"]),
    "task add x, 10,000 tasks": ("task", ["add", "x"]),
}
for size in SIZES:
    for kind in KINDS:
        for verb, arguments in VERBS.items():
            COMMANDS[f"checklists {verb}, one of {size} {kind}"] = (f"one-{size}-{kind}", arguments)
        COMMANDS[f"floor, one of {size} {kind}"] = (f"floor-{size}-{kind}", [])

# A tool call of `checklists mcp` (SPEC §16), timed as the round trip of one request to a server
# kept running on the data set: NAME → (data set, tool, arguments).
AGENT_CALLS = {"checklists mcp add, one of 10k plain": ("one-10k-plain", "add", {"text": "x"})}

# Every measurement a row may name: NAME → (commands whose medians are added up, commands whose
# medians divide that sum; none: the sum itself, in ms).
MEASUREMENTS = {
    "add-vs-todotxt": (["todo.txt add x, 10,000 lines"], ["checklists add x, 10 × 1,000"]),
    "check-vs-todotxt": (["todo.txt add x, 10,000 lines"], ["checklists check 5, 10 × 1,000"]),
    "add-vs-taskwarrior": (["task add x, 10,000 tasks"], ["checklists add x, 10 × 1,000"]),
    "check-vs-taskwarrior": (["task add x, 10,000 tasks"], ["checklists check 5, 10 × 1,000"]),
    "version-ms": (["checklists --version"], []),
    "show-ms": (["checklists show, 10 × 1,000"], []),
    "show-json-vs-text": (["checklists --json show, 10 × 1,000 rich"], ["checklists show, 10 × 1,000 rich"]),
    "show-100k-vs-todotxt-ls": (["todo.txt ls, 100,000 lines"], ["checklists show, one of 100k plain"]),
    "tag-4000-vs-2000": (["checklists tag 4,000 words"], ["checklists tag 2,000 words"]),
    "mcp-add-10k-vs-oneshot": (["checklists mcp add, one of 10k plain"], ["checklists add, one of 10k plain"]),
}
for verb in VERBS:
    MEASUREMENTS[f"{verb}-10k-plain-vs-todotxt"] = (
        ["todo.txt add x, 10,000 lines"], [f"checklists {verb}, one of 10k plain"])
    for size in SIZES:
        MEASUREMENTS[f"{verb}-{size}-rich-vs-plain"] = (
            [f"checklists {verb}, one of {size} rich"], [f"checklists {verb}, one of {size} plain"])
        for kind in KINDS:
            MEASUREMENTS[f"{verb}-{size}-{kind}-vs-floor"] = (
                [f"checklists {verb}, one of {size} {kind}"], ["checklists --version", f"floor, one of {size} {kind}"])


def read_rows(path):
    """The rows of budgets.txt: (kind, name, operator, bound, what it means), in the file's order."""
    rows = []
    with open(path) as lines:
        for line in lines:
            if not line.strip() or line.startswith("#"):
                continue
            kind, name, operator, bound, *what = line.split()
            if kind not in ("held", "goal") or operator not in ("<=", ">=") or name not in MEASUREMENTS:
                sys.exit(f"budgets.txt: cannot read the row {line.strip()!r}")
            rows.append((kind, name, operator, float(bound), " ".join(what)))
    return rows


class Workload:
    """The data sets of the commands, made on first use in a scratch home, and the way to run each."""

    def __init__(self, binary, scratch):
        self.binary = binary
        self.scratch = scratch
        self.todo = shutil.which("todo-txt") or shutil.which("todo.sh")
        self.task = shutil.which("task")
        self.made = {}

    def prepare(self, data):
        """Makes the data set `data` once; returns (restore function or None, argument prefix, extra environment)."""
        if data not in self.made:
            self.made[data] = self.make(data)
        return self.made[data]

    def make(self, data):
        """Makes the data set `data`: see `prepare`."""
        folder = self.scratch.folder
        if data == "none":
            return None, [self.binary], None
        if data == "task":
            return self.make_taskwarrior()
        if data.startswith("todo-"):
            return self.make_todo(int(data[len("todo-"):]))
        if data.startswith("floor-"):
            # The floor replaces a copy of its own, so that the checklists files keep their lock note.
            _, size, kind = data.split("-")
            pristine, _ = self.checklists_file(f"one-{size}-{kind}")
            copy = f"{folder}/floor-{size}-{kind}.plist"
            shutil.copyfile(pristine, copy)
            if "replace" not in self.made:
                if not shutil.which("cc"):
                    sys.exit("budget-check.py needs a C compiler for the floor: apt-get install -y gcc")
                self.made["replace"] = self.scratch.compile_atomic_replace()
            return None, [self.made["replace"], copy], None
        pristine, work = self.checklists_file(data)

        def restore():
            # Then one untimed change, so that the file is one this program wrote (the lock file's
            # note says so), as in a run of one-shot commands: a file copied in is loaded whole once.
            shutil.copyfile(pristine, work)
            subprocess.run([self.binary, "--file", work, "add", "y"], env=self.scratch.environment, check=True,
                           stdout=subprocess.DEVNULL)

        restore()
        return restore, [self.binary, "--file", work], None

    def checklists_file(self, data):
        """The pristine file of a checklists data set, made by an import, and the path runs use."""
        key = "file " + data
        if key not in self.made:
            if data in ("ten", "ten-rich"):
                shape = (10, 1000, "List 05")
            elif data == "small":
                shape = (1, 10, "Big")
            else:
                _, size, kind = data.split("-")
                shape = (1, SIZES[size], "Big")
            rich = data.endswith("rich")
            pristine = self.scratch.make_imported(self.binary, f"{data}.pristine", *shape, rich=rich)
            self.made[key] = (pristine, f"{self.scratch.folder}/{data}.plist")
        return self.made[key]

    def make_todo(self, lines):
        """A todo.txt of `lines` lines in a folder of its own, restored before each run."""
        if not self.todo:
            sys.exit("budget-check.py needs todo.txt: apt-get install -y todotxt-cli")
        folder = f"{self.scratch.folder}/todo-{lines}"
        os.makedirs(folder)
        with open(f"{folder}/todo.cfg", "w") as config:
            config.write(f'export TODO_DIR="{folder}"\nexport TODO_FILE="{folder}/todo.txt"\n'
                         f'export DONE_FILE="{folder}/done.txt"\nexport REPORT_FILE="{folder}/report.txt"\n')
        text = "".join(f"item {n} with some text\n" for n in range(1, lines + 1))

        def restore():
            with open(f"{folder}/todo.txt", "w") as out:
                out.write(text)
            open(f"{folder}/done.txt", "w").close()

        restore()
        return restore, [self.todo, "-d", f"{folder}/todo.cfg", "-p"], None

    def make_taskwarrior(self):
        """10,000 pending Taskwarrior tasks, imported once and copied back before each run."""
        if not self.task:
            sys.exit("budget-check.py needs Taskwarrior: apt-get install -y taskwarrior")
        folder = self.scratch.folder
        task_data = f"{folder}/task"
        environment = {"TASKRC": f"{folder}/taskrc", "TASKDATA": task_data}
        os.makedirs(task_data)
        with open(environment["TASKRC"], "w") as config:
            config.write(f"data.location={task_data}\nconfirmation=off\nverbose=nothing\nnews.version=99.99.99\n")
        tasks = "".join(f'{{"description":"item {n}","status":"pending","entry":"20240101T000000Z"}}\n'
                        for n in range(1, 10001))
        subprocess.run([self.task, "import", "-"], input=tasks, text=True, check=True, capture_output=True,
                       env=dict(self.scratch.environment, **environment))
        shutil.copytree(task_data, f"{folder}/task.pristine")

        def restore():
            shutil.rmtree(task_data)
            shutil.copytree(f"{folder}/task.pristine", task_data)

        return restore, [self.task], environment


class AgentServer:
    """`checklists mcp` started once on a copy of a data set, initialized, then asked one tool call
    at a time. The copy is not restored between calls (a restored file would be read again inside
    the next timed call): it grows by one item a round, 21 on 10,000."""

    def __init__(self, binary, pristine, scratch, name):
        work = f"{scratch.folder}/{name}.plist"
        shutil.copyfile(pristine, work)
        self.scratch = scratch
        self.process = subprocess.Popen([binary, "--file", work, "mcp"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=scratch.environment)
        self.next_id = 0
        self.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                    "clientInfo": {"name": "budget-check", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message):
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()

    def request(self, method, params):
        """Sends a request and returns its answer."""
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        answer = json.loads(self.process.stdout.readline())
        if "error" in answer or answer.get("result", {}).get("isError"):
            sys.exit(f"checklists mcp refused {method}: {answer}")
        return answer

    def timed_call(self, tool, arguments):
        """The wall-clock ms of one tool call, from the request written to its answer read, after
        the undo journal is removed (untimed), as before each one-shot run."""
        shutil.rmtree(self.scratch.undo, ignore_errors=True)
        start = time.perf_counter()
        self.request("tools/call", {"name": tool, "arguments": arguments})
        return (time.perf_counter() - start) * 1000

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def main():
    """Measures the chosen rows and prints them; exits 1 when a held one fails."""
    parser = argparse.ArgumentParser(description="Measures the speed budgets of Benchmarks/budgets.txt.")
    parser.add_argument("binary", help="the shipped build (make: .build/dist/checklists)")
    parser.add_argument("--rounds", type=int, default=20, help="rounds counted (default 20)")
    parser.add_argument("--only", default="", help="measure only the rows whose name matches this regular expression")
    options = parser.parse_args()
    rows = [row for row in read_rows(BUDGETS) if re.search(options.only, row[1])]
    if not rows:
        sys.exit(f"no row of budgets.txt matches {options.only!r}")
    needed = []
    for _, name, _, _, _ in rows:
        numerator, denominator = MEASUREMENTS[name]
        needed += [command for command in numerator + denominator if command not in needed]

    scratch = Scratch("checklists-budget.")
    try:
        workload = Workload(os.path.abspath(options.binary), scratch)
        runs = {}
        servers = {}
        for command in [command for command in needed if command in AGENT_CALLS]:
            data, _, _ = AGENT_CALLS[command]
            pristine, _ = workload.checklists_file(data)
            servers[command] = AgentServer(os.path.abspath(options.binary), pristine, scratch, f"mcp-{data}")
        for command in [command for command in needed if command not in AGENT_CALLS]:
            data, arguments = COMMANDS[command]
            restore, prefix, extra = workload.prepare(data)
            runs[command] = (restore, prefix + arguments, extra)
        samples = {command: [] for command in needed}
        order = list(needed)
        random.seed(3)
        for round_number in range(options.rounds + 1):
            random.shuffle(order)
            for command in order:
                if command in servers:
                    _, tool, tool_arguments = AGENT_CALLS[command]
                    wall = servers[command].timed_call(tool, tool_arguments)
                    if round_number >= 1:
                        samples[command].append(wall)
                    continue
                restore, arguments, extra = runs[command]
                if restore:
                    restore()
                os.sync()
                wall, _ = scratch.timed(arguments, extra)
                if round_number >= 1:
                    samples[command].append(wall)
        for server in servers.values():
            server.close()
    finally:
        scratch.remove()

    median = {command: statistics.median(values) for command, values in samples.items()}
    print(f"{options.rounds} rounds.\n\n| command | median |\n|---|---:|")
    for command in needed:
        print(f"| {command} | {median[command]:.2f} ms |")
    missed = False
    for kind, title in (("held", "Held budgets"), ("goal", "Goals, not yet held")):
        chosen = [row for row in rows if row[0] == kind]
        if not chosen:
            continue
        print(f"\n{title}:\n\n| row | measured | bound | result | what |\n|---|---:|---|---|---|")
        for _, name, operator, bound, what in chosen:
            numerator, denominator = MEASUREMENTS[name]
            value = sum(median[c] for c in numerator)
            if denominator:
                value /= sum(median[c] for c in denominator)
            holds = value <= bound if operator == "<=" else value >= bound
            if kind == "held":
                missed = missed or not holds
                result = "holds" if holds else "FAILS"
            else:
                result = "met" if holds else "not yet"
            bound_text = f"{'≤' if operator == '<=' else '≥'} {bound:g}"
            print(f"| {name} | {value:.2f} | {bound_text} | {result} | {what} |")
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
