import ChecklistKit
import SystemCalls

extension GitSync {
    /// What the CalDAV sync of the data file git merges in the work tree at `top` last left (the
    /// sync state's BASE), for the merge driver; `nil` when there is none.
    ///
    /// Git runs the driver at the top of the work tree and names only temporary files, so the
    /// data file is the one `.gitattributes` gives the driver (`sync init` writes that line).
    public static func calDAVBase(workTree top: String, environment: [String: String]) -> ChecklistBook? {
        guard let bytes = StateFile.read(top + "/.gitattributes") else { return nil }
        let paths = String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard words.dropFirst().contains(where: { $0 == "merge=checklists" }), let pattern = words.first,
                pattern.hasPrefix("/")
            else { return nil }
            return String(pattern).gitPatternPath
        }
        // Two data files in one repository: which one git merges is not known here.
        guard paths.count == 1, let path = paths.first else { return nil }
        let dataFile = FileSystem.resolved(top + path)
        return CalDAVState.load(CalDAVState.path(dataFile: dataFile, environment: environment)).base
    }
}
