#!/usr/bin/env python3
"""Measures the one-shot budgets of Benchmarks/budgets.txt and says which hold (issue #37).

Usage: budget-check.py BINARY [ROUNDS]

BINARY should be the shipped build (`make`: .build/dist/checklists); todo.txt (todotxt-cli) and
Taskwarrior (taskwarrior) must be installed. The data: 10 checklists of 1,000 items made by an
import (the program's own file), a 10,000-line todo.txt and 10,000 pending Taskwarrior tasks.
Each round runs every command once in a shuffled order, each after its data is restored and the
undo journal removed (untimed; the checklists file then gets one untimed `add`, so that it is the
program's own file as in a run of one-shot commands). Prints each command's median wall clock, then each budget with
its measured value and whether it holds; exits 1 when one does not.
"""
import os
import random
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timing_support import Scratch  # noqa: E402

binary = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 40
budget_file = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Benchmarks", "budgets.txt")
budgets = {}
with open(budget_file) as lines:
    for line in lines:
        if line.strip() and not line.startswith("#"):
            name, value = line.split()[:2]
            budgets[name] = float(value)

todo = shutil.which("todo.sh") or shutil.which("todo-txt")
task = shutil.which("task")
if not todo or not task:
    sys.exit("budget-check.py needs todo.txt and Taskwarrior: apt-get install -y todotxt-cli taskwarrior")

scratch = Scratch("checklists-budget.")
try:
    pristine = scratch.make_imported(binary, "pristine.plist", 10, 1000, "List 05")
    data = f"{scratch.folder}/Checklists.plist"
    todo_dir = f"{scratch.folder}/todo"
    os.makedirs(todo_dir)
    with open(f"{scratch.folder}/todo.cfg", "w") as config:
        config.write(f'export TODO_DIR="{todo_dir}"\nexport TODO_FILE="{todo_dir}/todo.txt"\n'
                     f'export DONE_FILE="{todo_dir}/done.txt"\nexport REPORT_FILE="{todo_dir}/report.txt"\n')
    todo_lines = "".join(f"item {n}\n" for n in range(1, 10001))
    task_data = f"{scratch.folder}/task"
    task_environment = {"TASKRC": f"{scratch.folder}/taskrc", "TASKDATA": task_data}
    os.makedirs(task_data)
    with open(task_environment["TASKRC"], "w") as config:
        config.write(f"data.location={task_data}\nconfirmation=off\nverbose=nothing\nnews.version=99.99.99\n")
    tasks = "".join(f'{{"description":"item {n}","status":"pending","entry":"20240101T000000Z"}}\n'
                    for n in range(1, 10001))
    subprocess.run([task, "import", "-"], input=tasks, text=True, check=True, capture_output=True,
                   env=dict(scratch.environment, **task_environment))
    shutil.copytree(task_data, f"{scratch.folder}/task.pristine")

    def restore_checklists():
        # Then one untimed change, so that the file is one this program wrote (the lock file's
        # note says so), as in a run of one-shot commands: a file copied in is loaded whole once.
        shutil.copyfile(pristine, data)
        subprocess.run([binary, "--file", data, "add", "y"], env=scratch.environment, check=True,
                       stdout=subprocess.DEVNULL)

    def restore_todo():
        with open(f"{todo_dir}/todo.txt", "w") as out:
            out.write(todo_lines)
        open(f"{todo_dir}/done.txt", "w").close()

    def restore_task():
        shutil.rmtree(task_data)
        shutil.copytree(f"{scratch.folder}/task.pristine", task_data)

    commands = {
        "checklists add x": (restore_checklists, [binary, "--file", data, "add", "x"], None),
        "checklists check 5": (restore_checklists, [binary, "--file", data, "check", "5"], None),
        "checklists --version": (None, [binary, "--version"], None),
        "todo.txt add x": (restore_todo, [todo, "-d", f"{scratch.folder}/todo.cfg", "-p", "add", "x"], None),
        "task add x": (restore_task, [task, "add", "x"], task_environment),
    }
    samples = {name: [] for name in commands}
    order = list(commands)
    random.seed(3)
    for round_number in range(rounds + 2):
        random.shuffle(order)
        for name in order:
            restore, arguments, extra = commands[name]
            if restore:
                restore()
            os.sync()
            wall, _ = scratch.timed(arguments, extra)
            if round_number >= 2:
                samples[name].append(wall)
    median = {name: statistics.median(values) for name, values in samples.items()}
    measured = {
        "add-vs-todotxt": median["todo.txt add x"] / median["checklists add x"],
        "check-vs-todotxt": median["todo.txt add x"] / median["checklists check 5"],
        "add-vs-taskwarrior": median["task add x"] / median["checklists add x"],
        "check-vs-taskwarrior": median["task add x"] / median["checklists check 5"],
        "version-ms": median["checklists --version"],
    }
    print(f"{rounds} rounds.\n\n| command | median |\n|---|---:|")
    for name, value in median.items():
        print(f"| `{name}` | {value:.2f} ms |")
    print("\n| budget | measured | holds |\n|---|---:|---|")
    missed = False
    for name, limit in budgets.items():
        value = measured[name]
        holds = value <= limit if name.endswith("-ms") else value >= limit
        missed = missed or not holds
        bound = "≤" if name.endswith("-ms") else "≥"
        print(f"| {name} {bound} {limit:g} | {value:.2f} | {'yes' if holds else 'NO'} |")
    sys.exit(1 if missed else 0)
finally:
    scratch.remove()
