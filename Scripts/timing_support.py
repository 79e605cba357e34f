"""What the whole-process timing scripts share: a scratch home, the data files, one timed run.

Used by budget-check.py and the CalDAV scripts (imported from this folder).
"""
import os
import resource
import shutil
import subprocess
import tempfile
import time

# The floor of a one-shot change that keeps the file as it is: read the file and replace it
# atomically and durably as a save does (temporary file, fsync, rename, fsync of the folder),
# nothing decoded or encoded. C, so that the process costs what any process start costs.
ATOMIC_REPLACE_C = r"""
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
int main(int argc, char **argv) {
    if (argc != 2) return 2;
    char tmp[4096], dir[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", argv[1]);
    snprintf(dir, sizeof dir, "%s", argv[1]);
    int in = open(argv[1], O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (in < 0 || fstat(in, &st) != 0) return 1;
    char *bytes = malloc(st.st_size > 0 ? st.st_size : 1);
    ssize_t got = 0, n;
    while (bytes && got < st.st_size && (n = read(in, bytes + got, st.st_size - got)) > 0) got += n;
    close(in);
    if (!bytes || got != st.st_size) return 1;
    int out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (out < 0) return 1;
    ssize_t put = 0;
    while (put < got && (n = write(out, bytes + put, got - put)) > 0) put += n;
    if (put != got || fsync(out) != 0 || close(out) != 0 || rename(tmp, argv[1]) != 0) return 1;
    int folder = open(dirname(dir), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0 || fsync(folder) != 0) return 1;
    close(folder);
    free(bytes);
    return 0;
}
"""


class Scratch:
    """A temporary home for checklists runs: data and state folders, an environment without the
    user's data file or the variant switches, the undo journal's folder."""

    def __init__(self, prefix):
        self.folder = tempfile.mkdtemp(prefix=prefix)
        self.environment = {k: v for k, v in os.environ.items() if not k.startswith("CL_") and k != "CHECKLISTS_FILE"}
        self.environment.update(HOME=self.folder, XDG_STATE_HOME=self.folder + "/state",
                                XDG_DATA_HOME=self.folder + "/data", NO_COLOR="1", TZ="UTC")
        self.undo = self.folder + "/state/checklists/undo"

    def make_file(self, binary, name, per_list):
        """Makes a data file of 10 checklists of `per_list` items with one batch; returns its path."""
        path = f"{self.folder}/{name}"
        lines = []
        for index in range(10):
            lines.append(f"new List {index}")
            lines += [f"add item {index}-{item} with some text" for item in range(per_list)]
        subprocess.run([binary, "--file", path], input="\n".join(lines) + "\n", text=True,
                       env=self.environment, check=True, stdout=subprocess.DEVNULL)
        return path

    def make_imported(self, binary, name, lists, per_list, current, rich=False):
        """Makes a data file of `lists` checklists of `per_list` items in one change (an import of a
        Markdown task list, since a batch of adds into a big checklist takes minutes), the one
        named `current` current; returns its path. With `rich`, every item also has a note, two
        tags, a priority and a due date (SPEC §13's Markdown)."""
        path = f"{self.folder}/{name}"
        markdown = f"{self.folder}/{name}.md"
        with open(markdown, "w") as out:
            for index in range(lists):
                title = "Big" if lists == 1 else f"List {index:02}"
                out.write(f"## {title}\n\n")
                for item in range(per_list):
                    if rich:
                        priority = ["⏫", "🔼", "🔽"][item % 3]
                        due = f"2027-{item % 12 + 1:02}-{item % 28 + 1:02}"
                        out.write(f"- [ ] item {index}-{item} with some text #tag{item % 7} #area{item % 3} {priority}"
                                  f" 📅 {due}\n  A note of item {item}: what to bring\n")
                    else:
                        out.write(f"- [ ] item {index}-{item} with some text\n")
                out.write("\n")
        for arguments in (["import", markdown], ["use", current], ["drop", "List"]):
            subprocess.run([binary, "--file", path] + arguments, env=self.environment, check=True,
                           stdout=subprocess.DEVNULL)
        shutil.rmtree(self.undo, ignore_errors=True)
        return path

    def compile_atomic_replace(self):
        """Compiles the C floor program (read a file, replace it atomically and durably); returns its path."""
        source = f"{self.folder}/atomic-replace.c"
        program = f"{self.folder}/atomic-replace"
        with open(source, "w") as out:
            out.write(ATOMIC_REPLACE_C)
        subprocess.run(["cc", "-O2", source, "-o", program], check=True)
        return program

    def timed(self, arguments, extra=None, stdin=None):
        """Runs one process with the undo journal removed first (untimed), so every run does the
        same work; returns its wall-clock and CPU time (user + system, all threads) in ms."""
        shutil.rmtree(self.undo, ignore_errors=True)
        environment = dict(self.environment, **(extra or {}))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(arguments, input=stdin, text=True, env=environment,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        return wall * 1000, cpu * 1000

    def remove(self):
        """Removes the scratch home and everything in it."""
        shutil.rmtree(self.folder, ignore_errors=True)


def quartile(values, fraction):
    """The value at `fraction` of the way through `values` sorted (0.5: the median, lower of two)."""
    ordered = sorted(values)
    return ordered[int(fraction * (len(ordered) - 1))]
