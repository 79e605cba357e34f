import Foundation
import TestSupport
import Testing

/// The manual page as `make` builds it (SPEC §10): swift-argument-parser's generate-manual on the
/// built program, finished by `Scripts/manpage.awk`, rendered by groff.
@Suite(
    .enabled(
        if: RequiredTool.available(
            "groff and col (the manual page test)",
            present: RequiredTool.executable("/usr/bin/groff") && RequiredTool.executable("/usr/bin/col"),
            install: "apt-get install groff-base bsdextrautils")))
struct ManualPageTests {
    /// The page rendered as text, and groff's warnings.
    private func renderedPage(_ cli: ChecklistsProcess) throws -> (text: String, warnings: String) {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let generator = ChecklistsProcess.executable.deletingLastPathComponent().appending(path: "generate-manual")
        try #require(FileManager.default.isExecutableFile(atPath: generator.path), "swift build builds generate-manual")
        let script = """
            "$1" "$CHECKLISTS" -o "$2" > /dev/null && awk -v version=test -f "$3" "$2/checklists.1" > "$2/page.1" \
            && groff -man -ww -z "$2/page.1" 2> "$2/warnings" && groff -man -Tutf8 "$2/page.1" 2> /dev/null | col -bx
            """
        let outcome = try cli.shell(
            script, arguments: [generator.path, cli.folder.path, root.appending(path: "Scripts/manpage.awk").path])
        try #require(outcome.status == 0, "\(outcome.stderr)")
        let warnings = try String(contentsOf: cli.folder.appending(path: "warnings"), encoding: .utf8)
        return (outcome.stdout, warnings)
    }

    @Test func eachSectionComesOnceAndFilesNamesEveryFileOfTheProgram() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let page = try renderedPage(cli)
        #expect(page.warnings.isEmpty, "\(page.warnings)")
        let headings = page.text.split(separator: "\n").filter { $0.first?.isUppercase == true && !$0.hasPrefix(" ") }
        #expect(
            headings.dropFirst().map(String.init) == [
                "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "SYNC", "CALDAV", "CONFLICTS", "REPEATING ITEMS",
                "NOTES, TAGS AND SUB-ITEMS", "JSON OUTPUT", "REMINDERS", "AGENTS", "ENVIRONMENT", "FILES",
                "EXIT STATUS",
                "EXAMPLES",
            ])
        // ArgumentParser's own help subcommand is not one of this program's.
        #expect(!page.text.contains("subcommand"))
        let files = page.text.components(separatedBy: "\nFILES\n").last?.components(separatedBy: "\nEXIT STATUS").first
        let text = try #require(files).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for name in ["Checklists.plist.lock", "history", "undo/HASH", "reminders", "~/.local/state/checklists"] {
            #expect(text.contains(name), "FILES lacks \(name)")
        }
    }

    /// The README sends readers to `man checklists` for it all: sync, CalDAV, conflicts,
    /// repeating items and reminders are there, each a section (#40 finding 6).
    @Test func thePageSaysHowSyncCalDAVConflictsRepeatsAndRemindersWork() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let page = try renderedPage(cli)
        #expect(page.warnings.isEmpty, "\(page.warnings)")
        let text = page.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for phrase in [
            "sync init URL makes the data folder a git repository", "caldav init URL [USER] finds the account",
            "CHECKLISTS_CALDAV_PASSWORD", "a field both sides changed keeps this machine's value",
            "repeat ITEM RULE makes an item come back", "checklists watch fires reminders",
            "note ITEM alone opens it in $VISUAL", "two spaces deeper a level",
        ] {
            #expect(text.contains(phrase), "the page lacks \"\(phrase)\"")
        }
    }

    /// The package ships the manual, not the source's docs/: the page must not send readers
    /// there, and says itself what to do with a damaged or read-only file and where CalDAV
    /// keeps its account and state (#47 finding 19).
    @Test func thePageIsWholeWithoutTheSourcesDocs() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let page = try renderedPage(cli)
        let text = page.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(!text.contains("docs/"), "the page sends readers to docs/, which the package does not ship")
        #expect(!text.contains(".md"), "the page names a Markdown file the package does not ship")
        for phrase in [
            "mv PATH PATH.damaged", "exits 65", "mode 0400 or 0444", "refused with exit 74",
            "checklists/caldav/HASH", "HASH.tmp/", "never the password",
        ] {
            #expect(text.contains(phrase), "the page lacks \"\(phrase)\"")
        }
    }

    @Test func helpPointsToTheManualForWhatItLeavesOut() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let help = try cli.run(["--help"])
        #expect(help.stdout.contains("see man checklists"))
        #expect(!help.stdout.contains("REPEATING ITEMS: repeat ITEM RULE"))
    }
}
