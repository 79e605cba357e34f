import ArgumentParser
import ChecklistKit

/// The `checklists` command line: options, then one-shot, batch or interactive mode.
@main
struct ChecklistsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checklists",
        abstract: "Keep checklists in the terminal, in the iOS Checklists app's own file format.",
        discussion: ManualText.isAskedFor ? ManualText.discussion : "",
        version: "checklists \(Version.number)"
    )

    @Option(name: .long, help: ArgumentHelp("The data file to use.", valueName: "path"))
    var file: String?

    @Flag(name: .long, help: "In batch mode, stop at the first command that fails.")
    var bail = false

    @Option(name: .long, help: "Colour the output: auto (when standard output is a terminal), always or never.")
    var color: ColorChoice = .auto

    @Flag(name: .long, help: "Print one JSON document a command instead of text (see the manual's JSON OUTPUT).")
    var json = false

    @Argument(
        parsing: .captureForPassthrough,
        help: ArgumentHelp("A command and its arguments (see help); none to read commands from standard input."),
        completion: .custom { words, index, prefix in
            ShellCompletion.candidates(words: words, index: index, prefix: prefix)
        }
    )
    var command: [String] = []

    /// Runs the common forms at once (`Invocation.plain`), parses the others; an invalid invocation
    /// exits 2 (SPEC §2), not ArgumentParser's 64.
    static func main() {
        if let invocation = Invocation.plain(CommandLine.arguments.dropFirst()) { invocation.run() }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            let message = fullMessage(for: error)
            if CommandLine.arguments.dropFirst().contains("--json") {
                Output.problem("error", message, line: 0)
            } else {
                Output.error(message)
            }
            exit(withError: ExitCode(ExitStatus.usage.code))
        }
    }

    func run() throws {
        // Passthrough capture takes --help and --version when they come first: answer them here.
        switch command.first {
        case "--help", "-h":
            print(Self.helpMessage(columns: ManualText.columns))
            return
        case "--version":
            print(Self.configuration.version)
            return
        case "--experimental-dump-help":
            // The manual page generator (swift-argument-parser's generate-manual plugin) asks for this.
            print(Self._dumpHelp())
            return
        default:
            break
        }
        // It also takes "--" and unknown options: the first ends the options, the others are invalid.
        var command = command
        if command.first == "--" {
            command.removeFirst()
        } else if let option = command.first, option.hasPrefix("-") {
            throw ValidationError("Unknown option '\(option)'.")
        }
        Invocation(file: file, bail: bail, color: color, json: json, command: command).run()
    }
}
