import Foundation
import Testing

/// `agenda` through the built program (SPEC §17): plain text in a pipe, fitted to `COLUMNS`,
/// JSON with `--json`, and the data file left as it was.
@Suite(.serialized)
struct AgendaCLITests {
    private let setUp = "new Home\nadd Water plants tomorrow every 2 days +garden\nadd Undated\n"

    @Test func aPipeGetsPlainLinesFittedToColumnsAndTheFileIsUntouched() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let long = String(repeating: "long ", count: 40)
        #expect(try cli.batch(setUp + "add \"\(long)\"\ndue 3 tomorrow 10:00\n").status == 0)
        let before = try Data(contentsOf: URL(filePath: cli.dataFile))
        let agenda = try cli.run(["agenda", "5"], environment: ["COLUMNS": "40"])
        #expect(agenda.status == 0, "\(agenda.stderr)")
        let lines = agenda.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Tomorrow", "\(agenda.stdout)")
        #expect(lines.contains("         Water plants  Home  +garden  #0"))
        #expect(lines.contains { $0.hasPrefix("  10:00  long") && $0.hasSuffix("…  Home  #2") && $0.count == 40 })
        #expect(lines.contains("         Water plants  Home  +garden  #0  (to come)"))
        #expect(!agenda.stdout.contains("\u{1B}["), "no colour in a pipe")
        #expect(!agenda.stdout.contains("Undated"))
        #expect(try Data(contentsOf: URL(filePath: cli.dataFile)) == before)
        let json = try cli.run(["--json", "agenda", "2", "+garden"])
        #expect(json.stdout.hasPrefix(#"{"version":1,"command":"agenda","overdue":[],"days":[{"date":""#))
        #expect(!json.stdout.contains("long"))
        let refused = try cli.run(["agenda", "400"])
        #expect(refused.status != 0 && refused.stderr.contains("number of days (1-366)"))
    }
}
