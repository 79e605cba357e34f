/// Why a command was refused; each message says what is wrong and how to get on.
public enum CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line could not be split into words.
    case syntax(String)
    /// No command has this name or prefix.
    case unknownCommand(String)
    /// Several commands start with this prefix.
    case ambiguousCommand(String, candidates: [String])
    /// A prefix too short for a command that deletes (`dr` for `drop`).
    case shortPrefix(String, command: String, letters: Int)
    /// The arguments do not fit the command's usage.
    case usage(command: String, usage: String, problem: String)
    /// No checklist matches.
    case noSuchList(String, hint: String)
    /// A name prefix matches several checklists.
    case ambiguousList(String, candidates: [String])
    /// A checklist of that name exists already.
    case duplicateList(String)
    /// No checklist is current.
    case noCurrentList
    /// An item reference points at nothing.
    case noSuchItem(String)
    /// Anything else the command cannot do, with its message.
    case refused(String)

    public var description: String {
        switch self {
        case .syntax(let message):
            message
        case .unknownCommand(let name):
            "unknown command \"\(name)\"; type help for the list of commands"
        case .ambiguousCommand(let name, let candidates):
            "\"\(name)\" could be \(Self.list(candidates)); type more letters"
        case .shortPrefix(let name, let command, let letters):
            "\"\(name)\" is too short for \(command), which deletes: type \(command), or at least its first \(letters) letters"
        case .usage(let command, let usage, let problem):
            "\(problem); usage: \(usage) (help \(command) for more)"
        case .noSuchList(let name, let hint):
            "no checklist \"\(name)\"; \(hint)"
        case .ambiguousList(let name, let candidates):
            "\"\(name)\" could be \(Self.list(candidates.map { "\"\($0)\"" })); type more of the name"
        case .duplicateList(let name):
            "a checklist named \"\(name)\" exists already; choose another name"
        case .noCurrentList:
            "no checklist is current; choose one with use LIST or create one with new NAME"
        case .noSuchItem(let message):
            message
        case .refused(let message):
            message
        }
    }

    private static func list(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
