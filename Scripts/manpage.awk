# Turns the page swift-argument-parser's generate-manual plugin writes into a manual page with the
# usual sections, which groff renders without a warning:
# - a blank line becomes a paragraph break (.Pp), and the command table and the examples are kept as
#   written (.Bd -literal), not filled into one paragraph;
# - the paragraphs of the description that start with "SYNC:", "CALDAV:", "CONFLICTS:",
#   "REPEATING ITEMS:", "NOTES, TAGS AND SUB-ITEMS:", "JSON OUTPUT:", "REMINDERS:", "AGENTS:",
#   "ENVIRONMENT:", "FILES:" and "EXIT STATUS:", and "EXAMPLES:" with the lines after it,
#   become sections of their own after the options, in that order, in
#   place of the plugin's generic EXIT STATUS section;
# - the options get an OPTIONS heading; the plugin's "help" subcommand (ArgumentParser's own, which
#   this program does not have: help is a command of the language) and its "subcommand" synopsis
#   word are left out;
# - the footer gets the version (-v version=...).
function flush_paragraph() {
    if (pending_paragraph) { print ".Pp"; pending_paragraph = 0 }
}
function end_literal() {
    if (literal) { print ".Ed"; literal = 0 }
}
/^\.Ar subcommand$/ { next }
/^\.Os$/ { print ".Os checklists " version; next }
# The help subcommand's entry: from its .It to the end of its own nested list.
/^\.It Em help$/ { skipping = 1; depth = 0; next }
skipping {
    if ($0 ~ /^\.Bl/) depth++
    if ($0 ~ /^\.El/ && --depth <= 0) skipping = 0
    next
}
# The plugin's EXIT STATUS section: ours, and the others collected, take its place.
/^\.Sh "EXIT STATUS"$/ { next }
/^\.Ex -std/ {
    end_literal()
    n = split("SYNC CALDAV CONFLICTS REPEATING_ITEMS NOTES,_TAGS_AND_SUB-ITEMS JSON_OUTPUT REMINDERS AGENTS ENVIRONMENT FILES EXIT_STATUS EXAMPLES", order, " ")
    for (i = 1; i <= n; i++) if (order[i] in section) printf "%s", section[order[i]]
    next
}
# A section of the description: one paragraph, collected until the blank line after it.
/^(SYNC|CALDAV|CONFLICTS|REPEATING ITEMS|NOTES, TAGS AND SUB-ITEMS|JSON OUTPUT|REMINDERS|AGENTS|ENVIRONMENT|FILES|EXIT STATUS): / {
    name = substr($0, 1, index($0, ":") - 1)
    key = name; gsub(/ /, "_", key)
    section[key] = ".Sh \"" name "\"\n" substr($0, length(name) + 3) "\n"
    collecting = key
    pending_paragraph = 0
    next
}
collecting != "" {
    if ($0 == "") { collecting = ""; next }
    section[collecting] = section[collecting] $0 "\n"
    next
}
# The examples: the lines after the heading, up to the options' list.
/^EXAMPLES:$/ { examples = 1; section["EXAMPLES"] = ".Sh EXAMPLES\n.Bd -literal -offset indent\n"; pending_paragraph = 0; next }
examples {
    if ($0 == "") next
    if ($0 !~ /^\./) { section["EXAMPLES"] = section["EXAMPLES"] $0 "\n"; next }
    section["EXAMPLES"] = section["EXAMPLES"] ".Ed\n"
    examples = 0
}
# The options' list, the first list at the top level.
/^\.Bl / && !options_seen && !literal {
    options_seen = 1
    pending_paragraph = 0
    print ".Sh OPTIONS"
    print
    next
}
/^COMMANDS \(/ { flush_paragraph(); print; literal_next = 1; next }
/^$/ {
    end_literal()
    if (literal_next == 1) literal_next = 2
    pending_paragraph = 1
    next
}
/^\./ {
    end_literal()
    if ($0 !~ /^\.Sh/) flush_paragraph()
    pending_paragraph = 0
    print
    next
}
{
    flush_paragraph()
    if (literal_next == 2) { print ".Bd -literal -offset indent"; literal = 1; literal_next = 0 }
    print
}
