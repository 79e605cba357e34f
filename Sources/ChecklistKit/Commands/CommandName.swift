/// The commands of the language (SPEC §6), each declared in `declaration`.
public enum CommandName: String, CaseIterable, Sendable {
    case help, lists, new, use, rename, icon, drop, show, add, edit, check, uncheck, toggle, delete, move
    case due, remind, `repeat`, note, tag, untag, tags, priority, start, sub, nest, unnest, info
    case clear, find, upcoming, agenda, undo, redo, export, `import`, inspect, history
    case sync, caldav, merge, cat, watch, mcp, quit, exit

    /// How the command is called (its declaration's).
    public var usage: String { declaration.usage }

    /// One line saying what the command does (its declaration's).
    public var summary: String { declaration.summary }

    /// The commands that delete at once (`undo` brings back what they took).
    public static let deleting: [CommandName] = [.drop, .delete, .clear]

    /// The fewest letters of a prefix naming a command that deletes: two keys (`dr`, `cl`) are too
    /// easily typed by a slip, or meant as another command, to drop a checklist on their own.
    public static let deletingPrefixLength = 3

    /// Finds the command `word` names: case-insensitive, exact or a unique prefix (of at least
    /// `deletingPrefixLength` letters for a command that deletes).
    public static func resolve(_ word: String) throws(CommandError) -> CommandName {
        let lowered = word.lowercased()
        if let exact = CommandName(rawValue: lowered) { return exact }
        let candidates = allCases.filter { $0.rawValue.hasPrefix(lowered) }
        guard !lowered.isEmpty, let first = candidates.first else { throw .unknownCommand(word) }
        guard candidates.count == 1 else { throw .ambiguousCommand(word, candidates: candidates.map(\.rawValue)) }
        if deleting.contains(first), lowered.count < deletingPrefixLength {
            throw .shortPrefix(word, command: first.rawValue, letters: deletingPrefixLength)
        }
        return first
    }
}
