import Foundation
import TestSupport

/// Runs Python's `plistlib` as an independent oracle, when `python3` is installed.
enum Python {
    /// The `python3` executable found on `PATH`, if any.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(filePath: String(folder)).appending(path: "python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    static let available = RequiredTool.available(
        "the plistlib oracle tests need python3", present: executable != nil, install: "apt-get install python3")

    /// Loads every `*.plist` in `folder` with `plistlib` and writes `NAME.json` beside it, in the
    /// canonical form of `../shared/fixtures/make_expected.py`; one process for all files.
    static func writeCanonicalJSON(forPropertyListsIn folder: URL) throws {
        let script = """
            import base64, datetime, json, os, plistlib, sys
            def canon(v):
                if isinstance(v, plistlib.UID): return {"uid": v.data}
                if isinstance(v, bool): return v
                if isinstance(v, int): return v
                if isinstance(v, float): return {"real": repr(v)}
                if isinstance(v, str): return v
                if isinstance(v, (bytes, bytearray)): return {"data": base64.b64encode(bytes(v)).decode()}
                if isinstance(v, datetime.datetime):
                    if v.tzinfo is None: v = v.replace(tzinfo=datetime.timezone.utc)
                    return {"date": v.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")}
                if isinstance(v, dict): return {k: canon(x) for k, x in v.items()}
                if isinstance(v, list): return [canon(x) for x in v]
                raise TypeError(type(v))
            folder = sys.argv[1]
            for name in sorted(os.listdir(folder)):
                if not name.endswith(".plist"): continue
                with open(os.path.join(folder, name), "rb") as fh: tree = plistlib.load(fh)
                with open(os.path.join(folder, name[:-6] + ".json"), "w", encoding="utf-8") as fh:
                    json.dump(canon(tree), fh, ensure_ascii=False, indent=1)
            """
        guard let executable else { throw FoundationArchiving.Failure(description: "python3 is not installed") }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-c", script, folder.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FoundationArchiving.Failure(
                description: "python3 failed: \(String(decoding: message, as: UTF8.self))")
        }
    }
}
