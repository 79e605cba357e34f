#!/usr/bin/env bash
# Times the release build of checklists on a 10,000-item file — one-shot commands, startup, and
# the per-change cost inside a batch at 10,000 and 100,000 items, and in one 20,000-item
# checklist against ten of 2,000 — next to todo.txt and Taskwarrior on the same workload, and
# beside the floor of a one-shot change (a C program that only reads the file and replaces it
# atomically and durably, as a save does), and writes the table to Scripts/TIMINGS.md.
#
# Uses hyperfine when installed (apt-get install -y hyperfine), else a bash loop timed with
# `date +%s%N`; the rows compared with each other (one-shot changes against todo.txt and
# Taskwarrior, one big checklist against ten) run interleaved by Scripts/interleaved.py instead.
# todo.txt (todotxt-cli: todo-txt or todo.sh) and Taskwarrior (task) are compared when
# installed. Everything runs in a temporary folder; nothing of the user's is touched.
#
# Environment: SCRATCH_PATH (SwiftPM build folder, default .build), RUNS (timed runs per
# one-shot command, default 30), BATCH_RUNS (runs per batch measurement, default 3),
# BIG_RUNS (runs per big-checklist batch, default 10), TIMINGS_OUT (default Scripts/TIMINGS.md).
set -euo pipefail

cd "$(dirname "$0")/.."
root=$PWD
scratch=${SCRATCH_PATH:-.build}
runs=${RUNS:-30}
batch_runs=${BATCH_RUNS:-3}
big_runs=${BIG_RUNS:-10}
out=${TIMINGS_OUT:-$root/Scripts/TIMINGS.md}

have() { command -v "$1" > /dev/null 2>&1; }

# The release binary as it would be shipped (Scripts/release-build.sh): the Swift runtime,
# Foundation and libstdc++ linked statically, which spares about 2 ms of dynamic symbol
# resolution at every start (5.2 → 3.3 ms for --version), and libstdc++'s loading another 0.7 ms.
echo "building the release binary…" >&2
bin=$(Scripts/release-build.sh --product checklists --scratch-path "$scratch")/checklists

work=$(mktemp -d "${TMPDIR:-/tmp}/checklists-timings.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HOME=$work/home XDG_DATA_HOME=$work/home/data XDG_STATE_HOME=$work/home/state NO_COLOR=1 TZ=UTC
unset CHECKLISTS_FILE
mkdir -p "$HOME"

# A bare C program that does nothing: the floor for starting any process.
if have cc && printf 'int main(void) { return 0; }\n' | cc -O2 -x c - -o "$work/true" 2> /dev/null; then
    c_true=$work/true
else
    c_true=/bin/true
fi

# A bare Swift program that prints a line, linked as checklists is: the floor for a Swift start.
swift_hello=""
mkdir -p "$work/hello/Sources/hello"
printf '// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: "hello", targets: [.executableTarget(name: "hello")])\n' \
    > "$work/hello/Package.swift"
echo 'print("checklists 0.1.0")' > "$work/hello/Sources/hello/main.swift"
if hello_bin=$(Scripts/release-build.sh --package-path "$work/hello" 2> /dev/null); then
    swift_hello=$hello_bin/hello
fi

milliseconds() { echo $(($(date +%s%N) / 1000000)); }

# measure RUNS PREPARE COMMAND [WARMUP]: prints "mean|stddev|min|median" in milliseconds. PREPARE runs
# before every run (untimed) so changing commands always start from the same file. Both are
# words without shell syntax (a script is run as `sh FILE`).
measure() {
    local count=$1 prepare=$2 command=$3 warmup=${4:-2}
    if have hyperfine; then
        # -N: no shell, so even a 1 ms command is timed exactly; PREPARE and COMMAND are plain words.
        local args=(-N --style none --warmup "$warmup" --runs "$count" --export-csv "$work/run.csv")
        [ -n "$prepare" ] && args+=(--prepare "$prepare")
        hyperfine "${args[@]}" "$command" > /dev/null
        # hyperfine's CSV: command,mean,stddev,median,user,system,min,max (seconds).
        awk -F, 'NR == 2 { printf "%.1f|%.1f|%.1f|%.1f\n", $2 * 1000, $3 * 1000, $7 * 1000, $4 * 1000 }' "$work/run.csv"
    else
        local samples=() i start end
        for ((i = 0; i < count + warmup; i++)); do
            if [ -n "$prepare" ]; then $prepare; fi
            start=$(date +%s%N)
            $command > /dev/null 2>&1
            end=$(date +%s%N)
            ((i >= warmup)) && samples+=("$(((end - start) / 1000))")
        done
        printf '%s\n' "${samples[@]}" | sort -n | awk '
            { value[NR] = $1; sum += $1; square += $1 * $1 }
            END { mean = sum / NR; sd = sqrt(square / NR - mean * mean)
                  median = NR % 2 ? value[(NR + 1) / 2] : (value[NR / 2] + value[NR / 2 + 1]) / 2
                  printf "%.1f|%.1f|%.1f|%.1f\n", mean / 1000, sd / 1000, value[1] / 1000, median / 1000 }'
    fi
}

rows=()
# row WHAT COMMAND RESULT [DIVISOR]: a table row; a divisor turns a batch's time into a per-change one.
row() {
    local what=$1 command=$2 result=$3 divisor=${4:-1} mean sd low median
    IFS='|' read -r mean sd low median <<< "$result"
    if [ "$divisor" != 1 ]; then
        mean=$(awk -v v="$mean" -v d="$divisor" 'BEGIN { printf "%.2f", v / d }')
        sd=$(awk -v v="$sd" -v d="$divisor" 'BEGIN { printf "%.2f", v / d }')
        low=$(awk -v v="$low" -v d="$divisor" 'BEGIN { printf "%.2f", v / d }')
        median=$(awk -v v="$median" -v d="$divisor" 'BEGIN { printf "%.2f", v / d }')
    fi
    rows+=("| $what | \`$command\` | $mean ± $sd | $median | $low |")
    echo "$what: $mean ms (± $sd, median $median, min $low)" >&2
}

# The 10,000-item file: 10 checklists × 1,000 items, made by one batch process of adds.
file10k=$work/10k.plist
{
    for list in $(seq -w 1 10); do
        echo "new List $list"
        seq -f "add item $list-%g" 1 1000
    done
    echo "use List 05"
} > "$work/make-10k.txt"
echo "creating 10,000 items with one batch…" >&2
started=$(milliseconds)
"$bin" --file "$file10k" < "$work/make-10k.txt" > /dev/null
create_ms=$(($(milliseconds) - started))
echo "  $create_ms ms" >&2
cp "$file10k" "$work/10k.pristine"
size10k=$(stat -c %s "$file10k")

# The 100,000-item file: 10 checklists × 10,000 items, imported from a Markdown task list in one change.
file100k=$work/100k.plist
for list in $(seq -w 1 10); do
    echo "## Big $list"
    echo
    seq -f "- [ ] item $list-%g" 1 10000
    echo
done > "$work/100k.md"
started=$(milliseconds)
"$bin" --file "$file100k" import "$work/100k.md" > /dev/null
"$bin" --file "$file100k" use "Big 05" > /dev/null
import_ms=$(($(milliseconds) - started))
cp "$file100k" "$work/100k.pristine"
size100k=$(stat -c %s "$file100k")

# One checklist of 20,000 items, and the same 20,000 items as ten checklists of 2,000, each imported.
for shape in one ten; do
    if [ $shape = one ]; then lists=1 per=20000 current=Big; else lists=10 per=2000 current="List 05"; fi
    for list in $(seq -w 1 $lists); do
        if [ $shape = one ]; then echo "## Big"; else echo "## List $list"; fi
        echo
        seq -f "- [ ] item $list-%g with some text" 1 $per
        echo
    done > "$work/$shape.md"
    "$bin" --file "$work/$shape.plist" import "$work/$shape.md" > /dev/null
    "$bin" --file "$work/$shape.plist" use "$current" > /dev/null
    "$bin" --file "$work/$shape.plist" drop List > /dev/null
    cp "$work/$shape.plist" "$work/$shape.pristine"
done
seq -f "add new item %g" 1 100 > "$work/adds.txt"

restore10k="cp $work/10k.pristine $file10k"
restore100k="cp $work/100k.pristine $file100k"
undo_folder=$XDG_STATE_HOME/checklists/undo
# script NAME TEXT: writes a shell script to run as a PREPARE or COMMAND of measure.
script() {
    printf '%s\n' "$2" > "$work/$1.sh"
    echo "sh $work/$1.sh"
}
# Every changing command interleaved below starts from its pristine data and no undo journal,
# flushed to the disk (\`sync\`): a data file is normally written long before the next change,
# and a restore left in the page cache would otherwise be written by the change's own fsync.
fresh10k=$(script fresh10k "cp $work/10k.pristine $file10k; rm -f $file10k.lock; rm -rf $undo_folder; sync")
# The same, then one change made by checklists itself (untimed): the file as checklists left it,
# which the lock file's note vouches for, as in a run of one-shot commands.
left10k=$(script left10k "cp $work/10k.pristine $file10k; rm -f $file10k.lock; $bin --file $file10k add prepared > /dev/null; rm -rf $undo_folder; sync")

echo "timing checklists…" >&2
row "process start, C \`true\` (reference)" "true" "$(measure "$runs" "" "$c_true")"
row "write and fsync a copy of the 10,000-item file (reference)" "dd conv=fsync" \
    "$(measure "$runs" "" "dd if=$work/10k.pristine of=$work/copy.plist bs=4M conv=fsync status=none")"
if [ -n "$swift_hello" ]; then
    row "process start, a Swift \`print\` linked the same way (reference)" "hello" "$(measure "$runs" "" "$swift_hello")"
fi
row "startup: \`--version\` (parsed by ArgumentParser)" "checklists --version" "$(measure "$runs" "" "$bin --version")"
row "startup: \`lists\` with no data file yet" "checklists lists" "$(measure "$runs" "" "$bin --file $work/none.plist lists")"
row "one-shot \`show\` of a 1,000-item checklist" "checklists show" \
    "$(measure "$runs" "" "$bin --file $file10k show")"

for _ in $(seq 200); do echo "toggle 1"; done > "$work/toggles.txt"
row "batch, per change, 10,000 items (200 \`toggle 1\` ÷ 200)" "checklists < toggles.txt" \
    "$(measure "$batch_runs" "$restore10k" "$(script batch10k "$bin --file $file10k < $work/toggles.txt")" 1)" 200
row "batch, per change, 100,000 items (200 \`toggle 1\` ÷ 200)" "checklists < toggles.txt" \
    "$(measure "$batch_runs" "$restore100k" "$(script batch100k "$bin --file $file100k < $work/toggles.txt")" 1)" 200

# A batch of 100 adds into one 20,000-item checklist and into one of ten 2,000-item checklists,
# interleaved; then, once each from a fresh state folder, the undo journal's bytes per change.
echo "timing one big checklist against ten…" >&2
for shape in one ten; do
    printf '%s\t%s\t%s\n' "$(script "fresh-$shape" "cp $work/$shape.pristine $work/$shape.plist; rm -rf $undo_folder")" \
        "$bin --file $work/$shape.plist" "$work/adds.txt"
done > "$work/big.tsv"
mapfile -t big < <(python3 "$root/Scripts/interleaved.py" "$big_runs" 1 "$work/big.tsv")
row "batch, per change, one 20,000-item checklist (100 \`add\` ÷ 100)" "checklists < adds.txt" "${big[0]}" 100
row "batch, per change, ten 2,000-item checklists, into one (100 \`add\` ÷ 100)" "checklists < adds.txt" "${big[1]}" 100
journal_rows=()
for shape in one ten; do
    cp "$work/$shape.pristine" "$work/$shape.plist"
    rm -rf "$undo_folder"
    "$bin" --file "$work/$shape.plist" < "$work/adds.txt" > /dev/null
    bytes=$(cat "$undo_folder"/* | wc -c)
    journal_rows+=("| $shape | $((bytes / 100)) |")
done

# The one-shot changes, interleaved with todo.txt's and Taskwarrior's when they are installed.
side_names=(
    "one-shot \`check 5\` (10,000 items, the file as checklists left it)"
    "one-shot \`add x\` (10,000 items, the file as checklists left it)"
    "one-shot \`add x\` (10,000 items, the file just copied in: the other checklists skimmed)"
)
side_commands=("checklists check 5" "checklists add x" "checklists add x")
printf '%s\t%s\t\n' "$left10k" "$bin --file $file10k check 5" "$left10k" "$bin --file $file10k add x" \
    "$fresh10k" "$bin --file $file10k add x" > "$work/side.tsv"
# The one-shot changes beyond the current checklist's items: its name, another checklist dropped
# (list 3, "List 02"), an item of another checklist by its ID (#1005, in "List 02"), and an undo
# of the `check 5` made (untimed) before it.
left10k_checked=$(script left10k-checked "$left10k; $bin --file $file10k check 5 > /dev/null; sync")
side_names+=(
    "one-shot \`rename R\` (10,000 items, the file as checklists left it)"
    "one-shot \`drop 3\`, another checklist (10,000 items, the file as checklists left it)"
    "one-shot \`check #1005\`, in another checklist (10,000 items, the file as checklists left it)"
    "one-shot \`undo\` of a \`check 5\` (10,000 items, the file as checklists left it)"
)
side_commands+=("checklists rename R" "checklists drop 3" "checklists check #1005" "checklists undo")
printf '%s\t%s\t\n' "$left10k" "$bin --file $file10k rename R" "$left10k" "$bin --file $file10k drop 3" \
    "$left10k" "$bin --file $file10k check #1005" "$left10k_checked" "$bin --file $file10k undo" >> "$work/side.tsv"
# The changes that add a checklist with items: an undo of the `drop 3` made (untimed) before it,
# which puts its 1,000 items back, and an import of a Markdown list of 1,000 new items.
left10k_dropped=$(script left10k-dropped "$left10k; $bin --file $file10k drop 3 > /dev/null; sync")
{
    echo "# Imported"
    seq -f "- [ ] imported item %g" 1 1000
} > "$work/import.md"
side_names+=(
    "one-shot \`undo\` of a \`drop 3\`: 1,000 items back (10,000 items, the file as checklists left it)"
    "one-shot \`import\` of a 1,000-item Markdown list (10,000 items, the file as checklists left it)"
)
side_commands+=("checklists undo" "checklists import")
printf '%s\t%s\t\n' "$left10k_dropped" "$bin --file $file10k undo" \
    "$left10k" "$bin --file $file10k import $work/import.md" >> "$work/side.tsv"
mine_count=${#side_names[@]}

# The floor of any one-shot change that keeps the file as it is (one archive, replaced atomically
# and durably): a C program that only reads the 10,000-item file and writes it back as a save
# does (temporary file, fsync, rename, fsync of the folder), with no decoding or encoding at all.
if have cc && cc -O2 -x c - -o "$work/replace" 2> /dev/null << 'EOF'
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
EOF
then
    side_names+=("floor: read the 10,000-item file and replace it atomically and durably, in C, nothing decoded or encoded (reference)")
    side_commands+=("replace")
    printf '%s\t%s\t\n' "$fresh10k" "$work/replace $file10k" >> "$work/side.tsv"
fi

# todo.txt: one line per item in todo.txt, 10,000 lines.
todo=""
if have todo.sh; then todo=todo.sh; elif have todo-txt; then todo=todo-txt; fi
if [ -n "$todo" ]; then
    todo_dir=$work/todo
    mkdir -p "$todo_dir"
    cat > "$work/todo.cfg" << EOF
export TODO_DIR="$todo_dir"
export TODO_FILE="$todo_dir/todo.txt"
export DONE_FILE="$todo_dir/done.txt"
export REPORT_FILE="$todo_dir/report.txt"
EOF
    seq -f "item %g" 1 10000 > "$work/todo.pristine"
    : > "$work/done.pristine"
    restore_todo=$(script restore-todo "cp $work/todo.pristine $todo_dir/todo.txt; cp $work/done.pristine $todo_dir/done.txt; sync")
    $restore_todo
    todo_cmd="$(command -v "$todo") -d $work/todo.cfg -p"
    side_names+=("todo.txt: \`add x\` (10,000 items)" "todo.txt: \`do 5\` (10,000 items)")
    side_commands+=("$todo add x" "$todo do 5")
    printf '%s\t%s\t\n' "$restore_todo" "$todo_cmd add x" "$restore_todo" "$todo_cmd do 5" >> "$work/side.tsv"
else
    echo "todo.txt not installed (apt-get install -y todotxt-cli): skipped" >&2
fi

# Taskwarrior: 10,000 pending tasks, imported once.
if have task; then
    export TASKRC=$work/taskrc TASKDATA=$work/task
    mkdir -p "$TASKDATA"
    printf 'data.location=%s\nconfirmation=off\nverbose=nothing\nnews.version=99.99.99\n' "$TASKDATA" > "$TASKRC"
    seq -f '{"description":"item %g","status":"pending","entry":"20240101T000000Z"}' 1 10000 > "$work/tasks.json"
    task rc.confirmation=off rc.verbose=nothing import "$work/tasks.json" > /dev/null 2>&1
    cp -r "$TASKDATA" "$work/task.pristine"
    restore_task=$(script restore-task "rm -rf $TASKDATA && cp -r $work/task.pristine $TASKDATA && sync")
    task_cmd="$(command -v task) rc.confirmation=off rc.verbose=nothing"
    side_names+=("Taskwarrior: \`task add x\` (10,000 tasks)" "Taskwarrior: \`task 5 done\` (10,000 tasks)")
    side_commands+=("task add x" "task 5 done")
    printf '%s\t%s\t\n' "$restore_task" "$task_cmd add x" "$restore_task" "$task_cmd 5 done" >> "$work/side.tsv"
else
    echo "Taskwarrior not installed (apt-get install -y taskwarrior): skipped" >&2
fi
echo "timing one-shot changes side by side…" >&2
mapfile -t side < <(python3 "$root/Scripts/interleaved.py" "$runs" 2 "$work/side.tsv")
for i in "${!side_names[@]}"; do
    row "${side_names[$i]}" "${side_commands[$i]}" "${side[$i]}"
done
# Each one-shot change of checklists against todo.txt's and Taskwarrior's `add` (issue #23's
# targets: at least 2× and 5× faster), as the ratio of the means and of the medians of this run.
side_index() { # NAME-PREFIX: the index in side_names of the row whose name starts so, if any
    local i
    for i in "${!side_names[@]}"; do [[ ${side_names[$i]} == "$1"* ]] && echo "$i" && return; done
}
side_field() { cut -d'|' -f"$2" <<< "${side[$1]}"; } # INDEX FIELD (1: mean, 4: median)
ratios=()
for other in "$(side_index "todo.txt: \`add x\`")" "$(side_index "Taskwarrior: \`task add x\`")"; do
    [ -n "$other" ] || continue
    for ((mine = 0; mine < mine_count; mine++)); do
        ratios+=("| ${side_names[$mine]} | ${side_names[$other]} | $(awk -v a="$(side_field "$other" 1)" \
            -v b="$(side_field "$mine" 1)" -v c="$(side_field "$other" 4)" -v d="$(side_field "$mine" 4)" \
            'BEGIN { printf "%.2f× | %.2f×", a / b, c / d }') |")
    done
done

# 100 one-shot adds in a row on the same data, per add: a one-shot change saves an edit of the
# file, and every so often a full encode that drops what the edits left behind; this row counts
# both. The same for todo.txt and Taskwarrior when they are installed.
echo "timing 100 one-shot adds in a row…" >&2
row "100 one-shot \`add\` in a row, per add (10,000 items)" "checklists add x" \
    "$(measure "$batch_runs" "$fresh10k" "$(script adds10k "for i in \$(seq 100); do $bin --file $file10k add x\$i > /dev/null; done")" 1)" 100
if [ -n "$todo" ]; then
    row "todo.txt: 100 \`add\` in a row, per add (10,000 items)" "todo-txt add x" \
        "$(measure "$batch_runs" "$restore_todo" "$(script todo-adds "for i in \$(seq 100); do $todo_cmd add x\$i > /dev/null; done")" 1)" 100
fi
if have task; then
    row "Taskwarrior: 100 \`task add\` in a row, per add (10,000 tasks)" "task add x" \
        "$(measure "$batch_runs" "$restore_task" "$(script task-adds "for i in \$(seq 100); do $task_cmd add x\$i > /dev/null; done")" 1)" 100
fi

tool=$(have hyperfine && hyperfine --version || echo "a bash loop with date +%s%N")
{
    echo "# Timings"
    echo
    echo "A dated snapshot, kept for comparison with later runs of \`Scripts/timings.sh\`; the current"
    echo "figures, each with how it is reproduced, are in [docs/performance.md](../docs/performance.md)."
    echo
    echo "Made by \`Scripts/timings.sh\` on $(date -u +%Y-%m-%d): release build, $(nproc) cores"
    echo "($(uname -m), $(. /etc/os-release && echo "$PRETTY_NAME")), load average $(cut -d' ' -f1-3 /proc/loadavg) at the end,"
    echo "timed with $tool; ${runs} runs per one-shot command after 2 warm-up runs, ${batch_runs} per batch after 1."
    echo "Commands run with \`--file\` on a temporary data file; changing ones start from the same file each run (restored untimed before each)."
    echo
    echo "The data: 10 checklists × 1,000 items (10,000 items, $size10k bytes), made by one batch of"
    echo "10,000 \`add\` lines in $create_ms ms (each add a full locked, fsynced save); the current checklist"
    echo "has 1,000 items. For the 100,000-item row: 10 × 10,000 items ($size100k bytes), imported from a"
    echo "Markdown task list in $import_ms ms. todo.txt: a 10,000-line todo.txt; Taskwarrior 2: 10,000 pending tasks."
    echo "The big-checklist rows: one checklist of 20,000 items, and the same 20,000 items as ten checklists of"
    echo "2,000 (the current one gets the adds), each imported; ${big_runs} runs of each after 1, interleaved."
    echo "The one-shot changes (checklists, todo.txt and Taskwarrior) ran interleaved by Scripts/interleaved.py,"
    echo "each round in a shuffled order, each run after its data was restored, the undo journal removed and"
    echo "everything flushed with \`sync\` (untimed); \"as checklists left it\": the restored file then got one"
    echo "untimed \`add\` by checklists, as in a run of one-shot commands."
    echo
    echo "| what | command | mean ± σ (ms) | median (ms) | min (ms) |"
    echo "|---|---|---:|---:|---:|"
    printf '%s\n' "${rows[@]}"
    echo
    if [ ${#ratios[@]} -gt 0 ]; then
        echo "How many times faster each one-shot change is than the other tool's \`add\`, in this run:"
        echo
        echo "| checklists | against | by the means | by the medians |"
        echo "|---|---|---:|---:|"
        printf '%s\n' "${ratios[@]}"
        echo
    fi
    echo "Undo journal bytes per change, a batch of 100 \`add\` from no journal:"
    echo
    echo "| data | bytes per change |"
    echo "|---|---:|"
    echo "${journal_rows[0]/one/one 20,000-item checklist}"
    echo "${journal_rows[1]/ten/ten 2,000-item checklists}"
    echo
    echo "Every checklists change is a locked read-modify-write that rewrites the whole archive"
    echo "to a temporary file, fsyncs it, renames it over the data file and fsyncs the folder."
    echo "A one-shot change of the current checklist decodes only that checklist (the others are"
    echo "skimmed) and writes the file as an edit: the bytes of every untouched object carried over,"
    echo "the changed ones appended; once edits leave a quarter of the file unused, the change"
    echo "encodes the whole file afresh (the \"in a row\" rows include those)."
    echo "todo.txt's \`add\` appends one line and its \`do\` rewrites the file with sed, neither"
    echo "with fsync; Taskwarrior 2 writes its data files in place (no temporary file and rename),"
    echo "each followed by fdatasync."
} > "$out"
echo "wrote $out" >&2
