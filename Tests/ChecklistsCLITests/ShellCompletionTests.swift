import Foundation
import Testing

/// Shell completion (SPEC §2): the generated bash script's function, run in bash, completes
/// commands and their arguments, checklist names read from the data file by the program itself.
struct ShellCompletionTests {
    /// Runs the bash script's `_checklists` for each command line (the cursor at its end) and
    /// returns what it offers for each, in order.
    private func complete(_ cli: ChecklistsProcess, _ lines: [String]) throws -> [[String]] {
        let script = try cli.run(["--generate-completion-script", "bash"])
        try #require(script.status == 0)
        let scriptPath = cli.folder.appending(path: "completion.bash").path
        try Data(script.stdout.utf8).write(to: URL(filePath: scriptPath))
        // The words as bash's own completion would set them up; the program is named by its path.
        let driver = """
            source "$1"; shift
            for line in "$@"; do
                COMP_LINE="checklists $line"; COMP_POINT=${#COMP_LINE}
                eval "COMP_WORDS=($COMP_LINE)"
                [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
                COMP_WORDS[0]="$CHECKLISTS"
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                COMPREPLY=()
                _checklists checklists "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                printf '%s|' "${COMPREPLY[@]}"; printf '\\n'
            done
            """
        let driverPath = cli.folder.appending(path: "driver.bash").path
        try Data(driver.utf8).write(to: URL(filePath: driverPath))
        let outcome = try cli.shell("exec bash \"$@\"", arguments: [driverPath, scriptPath] + lines)
        try #require(outcome.status == 0, "\(outcome.stderr)")
        let offered = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            $0.split(separator: "|").map(String.init)
        }
        try #require(offered.count == lines.count, "\(outcome.stdout)\n\(outcome.stderr)")
        return offered
    }

    @Test func commandsThenEachCommandsArgumentsComplete() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("new Groceries\nnew My List\nuse Groceries\n")
        let offered = try complete(
            cli,
            [
                "sh", "use ", "use G", "use My ", "icon Gr", "remind 1 ", "export ", "sync ", "help ex",
                "--color never sh", "due 1 tom", "--", "add ",
            ])
        #expect(offered[0] == ["show"])
        #expect(offered[1] == ["Groceries", "List", "My List"])
        #expect(offered[2] == ["Groceries"])
        #expect(offered[3] == ["List"])
        #expect(offered[4] == ["Groceries"])
        #expect(offered[5] == ["on", "off"])
        #expect(offered[6] == ["json", "markdown", "ics"])
        #expect(offered[7] == ["init"])
        #expect(offered[8] == ["export", "exit"])
        #expect(offered[9] == ["show"])
        #expect(offered[10] == ["tomorrow"])
        #expect(Set(offered[11]).isSuperset(of: ["--file", "--color", "--bail"]))
        #expect(offered[12].isEmpty)
    }

    @Test func moveCompletesToAndTheChecklistItGoesTo() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("new Groceries\nnew My List\nuse Groceries\n")
        let offered = try complete(cli, ["move 1 ", "move 1 to G", "move 2 to My L"])
        #expect(offered[0] == ["to"])
        #expect(offered[1] == ["Groceries"])
        #expect(offered[2] == ["List"])
    }

    @Test func theItemDetailCommandsCompleteTheirWordsAndTheTagsInUse() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add Milk\ntag 1 +Dairy +shop\n")
        // bash keeps the candidates that start as typed, case and all.
        let offered = try complete(
            cli, ["ta", "tag 1 +", "untag 1 +D", "priority 1 ", "note 1 ", "start 1 tod", "he un"])
        #expect(offered[0] == ["tag", "tags"])
        #expect(offered[1] == ["+Dairy", "+shop"])
        #expect(offered[2] == ["+Dairy"])
        #expect(offered[3] == ["high", "medium", "low", "none"])
        #expect(offered[4] == ["none"])
        #expect(offered[5] == ["today"])
        #expect(offered[6] == ["uncheck", "untag", "unnest", "undo"])
    }

    @Test func namesComeFromTheDataFileTheCommandLineWouldUse() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let other = cli.folder.appending(path: "other.plist").path
        #expect(try cli.run(["--file", other, "new", "Elsewhere"]).status == 0)
        _ = try cli.batch("new Here\n")
        let offered = try complete(cli, ["use ", "--file \(other) use ", "--file=\(other) drop E"])
        #expect(offered[0] == ["Here", "List"])
        #expect(offered[1] == ["Elsewhere", "List"])
        #expect(offered[2] == ["Elsewhere"])
    }

    @Test func aFileArgumentCompletesFileNames() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try FileManager.default.createDirectory(
            at: cli.folder.appending(path: "exports"), withIntermediateDirectories: true)
        try Data().write(to: cli.folder.appending(path: "exports/backup.json"))
        let folder = cli.folder.path
        let offered = try complete(
            cli, ["import \(folder)/exp", "export json \(folder)/exports/b", "cat \(folder)/nothing"])
        #expect(offered[0] == ["\(folder)/exports/"])
        #expect(offered[1] == ["\(folder)/exports/backup.json"])
        #expect(offered[2].isEmpty)
    }
}
