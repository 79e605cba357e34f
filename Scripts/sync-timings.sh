#!/usr/bin/env bash
# Times sync and the merge driver on the release build, next to plain git on a text file in the
# same run, and measures how much the repository grows per sync (SPEC §8; README "Sync").
#
# Needs git, hyperfine (apt-get install -y hyperfine) and python3 (to write the test data and read
# hyperfine's JSON). Everything runs in a temporary folder; nothing of the user's is touched.
# Environment: SCRATCH_PATH (SwiftPM build folder, default .build), RUNS (default 20),
# SYNCS (syncs per growth measurement, default 20).
set -euo pipefail

cd "$(dirname "$0")/.."
scratch=${SCRATCH_PATH:-.build}
runs=${RUNS:-20}
syncs=${SYNCS:-20}

echo "building the release binary…" >&2
bin=$(Scripts/release-build.sh --product checklists --scratch-path "$scratch")/checklists

work=$(mktemp -d "${TMPDIR:-/tmp}/checklists-sync-timings.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HOME=$work/home XDG_DATA_HOME=$work/home/data XDG_STATE_HOME=$work/home/state NO_COLOR=1 TZ=UTC
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.org GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.org
unset CHECKLISTS_FILE
mkdir -p "$HOME"

# A JSON export of LISTS checklists × PER items each, imported into a new data file.
make_data() { # FILE ITEMS
    python3 - "$2" > "$work/import.json" << 'EOF'
import json, sys
items = int(sys.argv[1])
lists = []
for l in range(10):
    lists.append({"name": f"List {l}", "iconName": "No Icon", "items": [
        {"itemID": 0, "text": f"Item {l}-{i} with a text of about thirty", "checked": i % 3 == 0,
         "dueDate": None, "shouldRemind": False} for i in range(items // 10)]})
print(json.dumps({"checklists": lists}))
EOF
    "$bin" --file "$1" import "$work/import.json" > /dev/null
    "$bin" --file "$1" drop List > /dev/null
    "$bin" --file "$1" use 1 > /dev/null
}

mean_ms() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print(" ".join("%.1f" % (x["mean"]*1000) for x in r))' "$1"; }

for items in 1000 10000; do
    echo "== $items items" >&2
    # Three machines' files: a base, ours with 50 items checked, theirs with 50 texts edited.
    make_data "$work/base-$items.plist" "$items"
    cp "$work/base-$items.plist" "$work/ours-$items.plist"
    cp "$work/base-$items.plist" "$work/theirs-$items.plist"
    seq 1 50 | sed 's/^/check /' | "$bin" --file "$work/ours-$items.plist" > /dev/null
    seq 1 50 | sed 's/^/edit /; s/$/ edited/' | "$bin" --file "$work/theirs-$items.plist" > /dev/null
    cp "$work/ours-$items.plist" "$work/ours0-$items.plist"

    # Two clones of a remote holding the data file, in step: a sync with nothing to do.
    remote=$work/remote-$items.git
    git init -q --bare "$remote"
    a=$work/a-$items
    mkdir -p "$a"
    cp "$work/base-$items.plist" "$a/Checklists.plist"
    "$bin" --file "$a/Checklists.plist" sync init "$remote" > /dev/null
    # The same with a text file of as many lines, through plain git.
    t=$work/t-$items
    git init -q "$t"
    seq 1 "$items" | sed 's/$/ a line of text about thirty characters/' > "$t/list.txt"
    git -C "$t" add list.txt
    git -C "$t" commit -qm text
    git -C "$t" remote add origin "$remote-text.git"
    git init -q --bare "$remote-text.git"
    git -C "$t" push -q origin HEAD:refs/heads/main
    git -C "$t" fetch -q origin

    hyperfine --runs "$runs" --warmup 3 --export-json "$work/h.json" -N \
        --prepare "cp $work/ours0-$items.plist $work/ours-$items.plist" \
        "git -C $t fetch -q origin" \
        "git -C $t merge -q origin/main" \
        "$bin --file $a/Checklists.plist sync" \
        "$bin merge $work/base-$items.plist $work/ours-$items.plist $work/theirs-$items.plist" > /dev/null
    read -r fetch merge sync driver <<< "$(mean_ms "$work/h.json")"
    plain=$(python3 -c "print('%.1f' % ($fetch + $merge))")
    echo "$items items: git fetch + git merge (text, nothing to do) $plain ms; sync (nothing to do) $sync ms ($(python3 -c "print('%.1f' % ($sync / $plain))")×); merge driver $driver ms ($(python3 -c "print('%.1f' % ($driver / $plain))")×)"

    # Growth: SYNCS syncs, each after one change, pushed to the remote.
    before=$(du -sk "$a/.git/objects" | cut -f1)
    for i in $(seq 1 "$syncs"); do
        "$bin" --file "$a/Checklists.plist" toggle $((i % 100 + 1)) > /dev/null
        "$bin" --file "$a/Checklists.plist" sync > /dev/null
    done
    after=$(du -sk "$a/.git/objects" | cut -f1)
    git -C "$a" gc -q
    packed=$(du -sk "$a/.git/objects" | cut -f1)
    file=$(($(stat -c %s "$a/Checklists.plist") / 1024))
    echo "$items items (file $file KiB): $syncs syncs grew .git/objects by $(((after - before) / syncs)) KiB per sync (sync's own packing included); after git gc the whole history takes $packed KiB"
done
