import Foundation
import Testing

/// The install instructions work where they are typed (SPEC §10): in a root shell, often a
/// container's, `sudo` is not there, so every `sudo` command the documentation gives also says
/// what to type as root.
struct InstallInstructionsTests {
    /// The package's root folder.
    private static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README.md and every Markdown page under docs/.
    private static func pages() throws -> [(name: String, text: String)] {
        let docs = root.appending(path: "docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        return try [("README.md", String(contentsOf: root.appending(path: "README.md"), encoding: .utf8))]
            + names.sorted().map { ("docs/\($0)", try String(contentsOf: docs.appending(path: $0), encoding: .utf8)) }
    }

    @Test func everySudoCommandAlsoSaysWhatToTypeAsRoot() throws {
        var sudoLines = 0
        for page in try Self.pages() {
            for line in page.text.split(separator: "\n") where line.contains("sudo ") {
                sudoLines += 1
                // `sudo make install` as root is `make install`: the line names it, after "as root".
                let commands = line.components(separatedBy: "sudo ").dropFirst().map {
                    $0.prefix { $0 != "#" && $0 != "`" && $0 != "(" }.trimmingCharacters(in: .whitespaces)
                }
                for command in commands {
                    let asRoot = line.range(of: "root")
                    #expect(asRoot != nil, "\(page.name): \(line)")
                    if let asRoot { #expect(line[asRoot.upperBound...].contains(command), "\(page.name): \(line)") }
                }
            }
        }
        #expect(sudoLines > 0, "the README says how to install")
    }
}
