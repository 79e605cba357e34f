#!/usr/bin/env bash
# Fuzzes the KeyedArchive decoders, the partial load and the editor of the data file, the
# iCalendar reader and the multistatus XML reader with libFuzzer and AddressSanitizer.
#
#   Scripts/fuzz.sh [SECONDS]      (default 600)
#
# Builds .build-fuzz/fuzz-keyedarchive from Sources/KeyedArchive/**/*.swift, ChecklistKit's model
# and archive mapping, the benchmark data and Fuzz/*.swift (one module,
# `swiftc -sanitize=fuzzer,address`), seeds .build-fuzz/corpus with ../shared/fixtures (when present) and a few generated archives,
# then runs for SECONDS. New inputs are added to the corpus, so later runs continue from it.
# Crashes, timeouts and OOMs are written to .build-fuzz/artifacts/; the run log is
# .build-fuzz/fuzz.log. Reproduce one with: .build-fuzz/fuzz-keyedarchive FILE
# Environment: FUZZ_NICE (nice level of the fuzzing run, default 10).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-600}"
out=.build-fuzz
binary="$out/fuzz-keyedarchive"
mkdir -p "$out/corpus" "$out/artifacts"

echo "== building $binary"
# Compile a snapshot of the sources, so edits made while the compiler runs cannot mix versions.
# ChecklistKit's model and its archive mapping join the KeyedArchive sources in one module, so
# their `import KeyedArchive` lines are dropped from the snapshot.
rm -rf "$out/src" && mkdir -p "$out/src/ChecklistKit" && cp -R Sources/KeyedArchive "$out/src/"
cp -R Sources/ChecklistKit/Model Sources/ChecklistKit/Archive Sources/ChecklistKit/Calendar \
    Sources/ChecklistKit/CalDAV "$out/src/ChecklistKit/"
mkdir -p "$out/src/ChecklistKit/Dates" && cp Sources/ChecklistKit/Dates/{LocalTime,CalendarDay,Due}.swift \
    "$out/src/ChecklistKit/Dates/"
# The repeat rules, without the series completion that belongs to a session.
cp -R Sources/ChecklistKit/Repeat "$out/src/ChecklistKit/"
rm "$out/src/ChecklistKit/Repeat/ChecklistBook+Series.swift"
# The repeat rules' reader uses one helper of the command parser: its extension, taken as it is.
mkdir -p "$out/src/ChecklistKit/Commands"
sed -n '/^extension String {$/,/^}$/p' Sources/ChecklistKit/Commands/Command.swift \
    > "$out/src/ChecklistKit/Commands/String+Spaces.swift"
# The iCalendar and XML writers escape text with one helper of the exchange formats.
mkdir -p "$out/src/ChecklistKit/Exchange" && cp Sources/ChecklistKit/Exchange/String+Escaping.swift \
    "$out/src/ChecklistKit/Exchange/"
# An item's successor UID is a digest of its own; a client's alarm is compared with the time
# a reminder fires by itself.
mkdir -p "$out/src/ChecklistKit/Store" "$out/src/ChecklistKit/Reminders"
cp Sources/ChecklistKit/Store/String+StableDigest.swift "$out/src/ChecklistKit/Store/"
cp Sources/ChecklistKit/Reminders/{ReminderSchedule,Reminder,FiredReminders}.swift "$out/src/ChecklistKit/Reminders/"
# Tags are compared folded, as search folds text.
mkdir -p "$out/src/ChecklistKit/Session" && cp Sources/ChecklistKit/Session/SearchFolding.swift "$out/src/ChecklistKit/Session/"
sed -i '/^import KeyedArchive$/d' "$out"/src/ChecklistKit/*/*.swift
mapfile -t sources < <(find "$out/src/KeyedArchive" "$out/src/ChecklistKit" -name '*.swift' | sort)
echo "   sources: $(cat "${sources[@]}" | cksum | cut -d' ' -f1) ($(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -module-name KeyedArchiveFuzz -swift-version 6 \
    "${sources[@]}" Benchmarks/Sources/BenchModel/BenchModel.swift Fuzz/FuzzTarget.swift Fuzz/XMLFuzzTarget.swift \
    Fuzz/PartialLoadFuzzTarget.swift \
    -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)

echo "== seeding $out/corpus"
fixtures=../shared/fixtures
if [ -d "$fixtures" ]; then
    find "$fixtures" -type f ! -name '*.json' ! -name '*.md' ! -name '*.py' ! -name '*.tsv' -size -256k -print0 |
        while IFS= read -r -d '' file; do
            cp -f "$file" "$out/corpus/fixture-$(printf '%s' "$file" | cksum | cut -d' ' -f1)"
        done
else
    echo "   (no $fixtures: generated seeds only)"
fi
FUZZ_WRITE_SEEDS="$out/corpus" "$binary"
# An iCalendar seed for the calendar reader: a task with a folded line, parameters and an alarm.
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:a@b\r\nSUMMARY:Buy milk\\, eggs\r\n folded\r\nSTATUS:COMPLETED\r\nDUE;TZID=America/New_York:20261125T130000\r\nCATEGORIES:Groceries,Home\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=END:PT0S\r\nEND:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n' > "$out/corpus/seed-icalendar"
# A multistatus seed for the XML reader: a calendar-multiget answer as Radicale gives it.
printf '%s' '<?xml version="1.0" encoding="utf-8"?>
<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/ann/l/a%40b.ics</href><propstat><prop><getetag>"e&amp;1"</getetag><C:calendar-data><![CDATA[BEGIN:VCALENDAR
END:VCALENDAR]]></C:calendar-data><x:icon xmlns:x="https://checklists.invalid/ns" x:a='"'"'1'"'"'>&#xE9;</x:icon></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>' > "$out/corpus/seed-multistatus"

cat > "$out/keyedarchive.dict" <<'EOF'
"bplist00"
"\x00\x00\x00\x00\x00\x00\x01\x01"
"NSKeyedArchiver"
"$archiver"
"$version"
"$objects"
"$top"
"$null"
"$class"
"$classname"
"$classes"
"NSObject"
"NSArray"
"NSMutableArray"
"NSString"
"NS.string"
"NS.objects"
"NSDate"
"NS.time"
"CF$UID"
"Checklists"
"ChecklistItems"
"ChecklistIndex"
"ChecklistItemID"
"Checklists.Checklist"
"Checklists.ChecklistItem"
"Items"
"Text"
"DueDate"
"HasDueDate"
"BEGIN:VCALENDAR"
"END:VCALENDAR"
"BEGIN:VTODO"
"END:VTODO"
"BEGIN:VALARM"
"SUMMARY:"
"STATUS:COMPLETED"
"DUE;VALUE=DATE:"
"DUE;TZID=Europe/Berlin:"
"\x0d\x0a "
"<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
"<plist version=\"1.0\">"
"<dict>"
"</dict>"
"<array>"
"</array>"
"<key>"
"</key>"
"<string>"
"</string>"
"<integer>"
"</integer>"
"<real>"
"<date>"
"<data>"
"<true/>"
"<false/>"
"&amp;"
"&#x"
"<!--"
"<![CDATA["
"xmlns=\"DAV:\""
"xmlns:C=\"urn:ietf:params:xml:ns:caldav\""
"<multistatus"
"</multistatus>"
"<response>"
"<href>"
"<propstat>"
"<prop>"
"<getetag>"
"<C:calendar-data>"
"&#x"
"&#"
"<!DOCTYPE"
EOF

echo "== fuzzing for ${seconds}s (log: $out/fuzz.log)"
status=0
nice -n "${FUZZ_NICE:-10}" "$binary" "$out/corpus" \
    -dict="$out/keyedarchive.dict" \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=65536 \
    -artifact_prefix="$out/artifacts/" -print_final_stats=1 \
    > "$out/fuzz.log" 2>&1 || status=$?
tail -n 25 "$out/fuzz.log"
echo "== corpus: $(find "$out/corpus" -type f | wc -l) files; artifacts: $(find "$out/artifacts" -type f | wc -l)"
exit "$status"
