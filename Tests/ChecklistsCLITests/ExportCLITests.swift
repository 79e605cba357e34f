import Foundation
import Testing

/// `export json|markdown|ics [FILE]` through the built program: the bytes a user finds in the
/// file, or on standard output redirected to one.
struct ExportCLITests {
    private let setUp = "new Home\nadd Milk\nadd Paint the shed\ncheck 1\nsub 2 Buy paint\n"

    /// An iCalendar text with the values of the lines that hold the time of the export blanked,
    /// so that two exports made a moment apart compare equal.
    private func withoutTimes(_ text: String) -> String {
        text.components(separatedBy: "\r\n").map { line in
            for name in ["DTSTAMP:", "LAST-MODIFIED:", "COMPLETED:"] where line.hasPrefix(name) { return name }
            return line
        }.joined(separator: "\r\n")
    }

    @Test func icsToStandardOutputIsWhatTheFileGetsInEveryMode() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.batch(setUp).status == 0)
        let file = cli.folder.appending(path: "backup.ics").path
        #expect(try cli.run(["export", "ics", file]).status == 0)
        let written = String(decoding: try #require(cli.bytes(file)), as: UTF8.self)
        #expect(written.hasPrefix("BEGIN:VCALENDAR\r\n") && written.hasSuffix("END:VCALENDAR\r\n"))

        let oneShot = try cli.run(["export", "ics"])
        #expect(oneShot.status == 0 && oneShot.stderr.isEmpty)
        #expect(withoutTimes(oneShot.stdout) == withoutTimes(written))
        let batch = try cli.batch("export ics\nshow\n")
        #expect(batch.status == 0)
        #expect(withoutTimes(batch.stdout).hasPrefix(withoutTimes(written)))

        let json = try cli.run(["--json", "export", "ics"])
        #expect(json.status == 0)
        let lines = try #require(try PythonJSON.document(json.stdout)["lines"] as? [String])
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.last == "END:VCALENDAR")
        #expect(withoutTimes(lines.joined(separator: "\r\n") + "\r\n") == withoutTimes(written))
    }

    @Test func anExportToASymbolicLinkWritesItsTargetAndTheLinkStays() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.batch(setUp).status == 0)
        for format in ["json", "markdown", "ics"] {
            let target = cli.folder.appending(path: "real.\(format)").path
            let link = cli.folder.appending(path: "link.\(format)").path
            try Data("old".utf8).write(to: URL(filePath: target))
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.\(format)")
            let outcome = try cli.run(["export", format, link])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "real.\(format)")
            let content = String(decoding: try #require(cli.bytes(target)), as: UTF8.self)
            let expected = try cli.run(["export", format]).stdout
            #expect(format == "ics" ? withoutTimes(content) == withoutTimes(expected) : content == expected)
        }
    }
}
