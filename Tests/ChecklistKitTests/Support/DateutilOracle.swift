import Foundation
import TestSupport

/// python-dateutil's `rrule` as the oracle of the recurrence tests: `rrule-oracle.py` run once by
/// the virtual environment's python (`.ci/venv`, which `Scripts/test-tools.sh` makes) on a batch of cases.
enum DateutilOracle {
    /// The virtual environment's python, beside the package.
    static let python = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: ".ci/venv/bin/python").path
    /// The folder of the scripts, beside the tests that use them.
    static let folder = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Repeat")
    /// The script of the next occurrences (`rrule-oracle.py`).
    static let script = folder.appending(path: "rrule-oracle.py").path
    /// The script of a series' first dates (`rrule-dates.py`).
    static let datesScript = folder.appending(path: "rrule-dates.py").path

    /// Whether that python is there and has dateutil.
    static var available: Bool {
        guard RequiredTool.executable(python) else { return false }
        let check = Process()
        check.executableURL = URL(filePath: python)
        check.arguments = ["-c", "import dateutil.rrule, zoneinfo"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }

    /// The script's answers to `cases` (JSON objects), one per case, in order.
    static func run(_ cases: [[String: Any]], script: String = script) throws -> [Any] {
        let input = try JSONSerialization.data(withJSONObject: cases)
        let process = Process()
        process.executableURL = URL(filePath: python)
        process.arguments = [script]
        process.environment = ["PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"]
        let toPython = Pipe()
        let fromPython = Pipe()
        process.standardInput = toPython
        process.standardOutput = fromPython
        try process.run()
        // The cases are written on another thread, so that neither pipe fills while the other waits.
        let writer = toPython.fileHandleForWriting
        Thread {
            try? writer.write(contentsOf: input)
            try? writer.close()
        }.start()
        let data = fromPython.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let answers = try JSONSerialization.jsonObject(with: data) as? [Any],
            answers.count == cases.count
        else { throw FixtureError("the dateutil oracle failed (status \(process.terminationStatus))") }
        return answers
    }
}
