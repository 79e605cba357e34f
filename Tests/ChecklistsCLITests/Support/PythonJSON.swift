import Foundation

/// Reads JSON Lines the way a script would: each line through Python's `json.loads` (strict: a raw
/// control character in a string is an error), given back as Foundation objects.
enum PythonJSON {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The documents of `text`, one a line (an empty text has none).
    static func documents(_ text: String) throws -> [[String: Any]] {
        let script = """
            import json, sys
            for number, line in enumerate(sys.stdin.read().split("\\n"), 1):
                if line == "": continue
                document = json.loads(line)
                if not isinstance(document, dict): sys.exit(f"line {number} is not an object")
                print(json.dumps(document, ensure_ascii=True))
            """
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let read = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python's json refused it: \(String(decoding: problem, as: UTF8.self))")
        }
        return try read.split(separator: UInt8(ascii: "\n")).map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                throw Failure(description: "not an object: \(String(decoding: line, as: UTF8.self))")
            }
            return object
        }
    }

    /// The one document of `text`.
    static func document(_ text: String) throws -> [String: Any] {
        let all = try documents(text)
        guard all.count == 1, let only = all.first else {
            throw Failure(description: "\(all.count) documents, not one: \(text)")
        }
        return only
    }
}
