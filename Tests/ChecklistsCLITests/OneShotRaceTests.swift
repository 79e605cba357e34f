import Foundation
import Testing

/// One-shot commands racing another process's `use`, `new` and `rename`: each is resolved against
/// the file as it is under the lock, so none fails for an item or checklist that exists, and none
/// reports the sound file as damaged (SPEC §5).
struct OneShotRaceTests {
    /// How many times each racing command runs: enough that the race failed every run before
    /// commands were resolved under the lock (a third to a half of them failed).
    static let rounds = 25

    /// Two checklists of three items each, "List" current: every command of the races works on either.
    private func twoListsOfThree(_ cli: ChecklistsProcess) throws {
        let setUp = "new Other\nadd o1\nadd o2\nadd o3\nuse List\nadd l1\nadd l2\nadd l3\n"
        #expect(try cli.batch(setUp).status == 0)
    }

    /// Runs each command of `commands` `rounds` times (one-shot, one after the other) while `mover`,
    /// a shell loop body, runs over and over in another process; returns every failure, the
    /// mover's included, as `status: command: message` lines.
    private func race(_ cli: ChecklistsProcess, _ commands: [[String]], mover: String) throws -> [String] {
        let stop = cli.folder.appending(path: "stop").path
        let moving = try cli.startShell(
            """
            i=0
            while [ ! -e "$1" ]; do
                i=$((i + 1))
                \(mover)
            done
            """, arguments: [stop])
        let quoted = commands.map { words in
            words.map { "'" + $0 + "'" }.joined(separator: " ")
        }
        let racing = try cli.shell(
            """
            i=0
            while [ $i -lt \(Self.rounds) ]; do
            \(quoted.map { "    out=$(\"$CHECKLISTS\" \($0) 2>&1) || echo \"$?: \($0): $out\"" }.joined(separator: "\n"))
                i=$((i + 1))
            done
            touch "$1"
            """, arguments: [stop])
        let moved = try moving.wait()
        return (racing.stdout + moved.stdout).split(separator: "\n").map(String.init)
    }

    @Test func changesRacingUseNeverFailForItemsThatExistNorReportTheFileDamaged() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try twoListsOfThree(cli)
        let failures = try race(
            cli,
            [
                ["add", "x"], ["toggle", "1"], ["edit", "1", "edited"], ["due", "2", "tomorrow"], ["move", "1", "3"],
                ["repeat", "3", "daily"], ["toggle", "#0"], ["uncheck", "2"],
            ],
            mover: """
                out=$("$CHECKLISTS" use Other 2>&1) || echo "$?: use Other: $out"
                    out=$("$CHECKLISTS" use List 2>&1) || echo "$?: use List: $out"
                """)
        #expect(failures == [])
        #expect(try cli.run(["show", "List"]).status == 0)
    }

    @Test func addsRacingNewNeverReportTheFileDamaged() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try twoListsOfThree(cli)
        let failures = try race(
            cli, [["add", "x"], ["toggle", "#0"], ["check", "#3"]],
            mover: "out=$(\"$CHECKLISTS\" new \"New $i\" 2>&1) || echo \"$?: new: $out\"")
        #expect(failures == [])
        let exported = try cli.exported()
        #expect(exported.allItems.filter { $0.text == "x" }.count == Self.rounds)
    }

    @Test func changesRacingRenameNeverFailForItemsThatExist() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try twoListsOfThree(cli)
        let failures = try race(
            cli, [["toggle", "#3"], ["add", "x"], ["toggle", "1"], ["edit", "#4", "renamed"]],
            mover: "out=$(\"$CHECKLISTS\" rename \"Name $i\" 2>&1) || echo \"$?: rename: $out\"")
        #expect(failures == [])
        #expect(try cli.exported().allItems.count == 6 + Self.rounds)
    }
}
