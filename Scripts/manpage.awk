# Turns the page swift-argument-parser's generate-manual plugin writes into one that groff renders
# without a warning: a blank line becomes a paragraph break (.Pp), and the command table and the
# examples (the lines after "COMMANDS (" and "EXAMPLES:") are kept as written (.Bd -literal), not
# filled into one paragraph. The plugin lists the passthrough arguments as a subcommand; there is none.
# The footer gets the version.
/^\.Ar subcommand$/ { next }
# The footer names the program and its version (passed as -v version=...).
/^\.Os$/ { print ".Os checklists " version; next }
/^COMMANDS \(/ || /^EXAMPLES:$/ { print; literal_next = 1; next }
/^$/ {
    if (literal) { print ".Ed"; literal = 0 }
    if (literal_next == 1) literal_next = 2
    print ".Pp"
    next
}
/^\./ {
    if (literal) { print ".Ed"; literal = 0 }
    print
    next
}
{
    if (literal_next == 2) { print ".Bd -literal -offset indent"; literal = 1; literal_next = 0 }
    print
}
