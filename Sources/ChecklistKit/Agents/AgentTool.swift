/// A tool `checklists mcp` offers agents (SPEC §16); its name is an interface, like `--json`.
///
/// Each tool runs a command of the language, and what the command table declares of it gives the
/// tool's description, parameters, output schema and hints, so a tool cannot drift from its command.
public enum AgentTool: String, CaseIterable, Sendable {
    case lists, show, find, upcoming, info, tags
    case newList = "new_list"
    case add, update, check, uncheck, delete, move, undo, redo

    /// One parameter of a tool.
    public struct Parameter: Sendable, Equatable {
        /// Its name in the call's `arguments`.
        public var name: String
        /// What it takes, as the command's argument does.
        public var kind: CommandDeclaration.ArgumentKind
        /// Whether the call must give it.
        public var isRequired: Bool
        /// Whether it takes an array of values (`items`, `tags`).
        public var isArray: Bool
    }

    /// The command the tool runs (`update` sets fields as `edit`, `due`… do, in one change).
    public var command: CommandName {
        switch self {
        case .lists: .lists
        case .show: .show
        case .find: .find
        case .upcoming: .upcoming
        case .info: .info
        case .tags: .tags
        case .newList: .new
        case .add: .add
        case .update: .edit
        case .check: .check
        case .uncheck: .uncheck
        case .delete: .delete
        case .move: .move
        case .undo: .undo
        case .redo: .redo
        }
    }

    /// Whether the tool only reads: its command prints a document other than a change's.
    public var isReadOnly: Bool { command.declaration.json != .change }

    /// Whether the tool deletes (its command is one of those that delete at once).
    public var isDestructive: Bool { CommandName.deleting.contains(command) }

    /// The tools `--read-only` offers, or all of them.
    public static func offered(readOnly: Bool) -> [AgentTool] {
        allCases.filter { !readOnly || $0.isReadOnly }
    }

    /// The item fields `add` and `update` set, each named after the command that sets it alone:
    /// that command's last argument says what the field takes.
    static let fieldSetters: [(name: String, command: CommandName)] = [
        ("due", .due), ("start", .start), ("repeat", .repeat), ("priority", .priority), ("note", .note),
    ]

    /// The tool's parameters: the command's declared arguments (a repeated ITEM becomes `items`,
    /// words such as `to` are left out), and for `add` and `update` the fields they set.
    public var parameters: [Parameter] {
        let fields = Self.fieldSetters.compactMap { field in
            field.command.declaration.arguments.last.map {
                Parameter(name: field.name, kind: $0.kind, isRequired: false, isArray: false)
            }
        }
        let text = Parameter(name: "text", kind: .text, isRequired: self == .add, isArray: false)
        switch self {
        case .add:
            return [text, Parameter(name: "list", kind: .list, isRequired: false, isArray: false)] + fields + [
                Parameter(name: "tags", kind: .tag, isRequired: false, isArray: true),
                Parameter(name: "parent", kind: .item, isRequired: false, isArray: false),
            ]
        case .update:
            return [Parameter(name: "item", kind: .item, isRequired: true, isArray: false), text] + fields + [
                Parameter(name: "tags_add", kind: .tag, isRequired: false, isArray: true),
                Parameter(name: "tags_remove", kind: .tag, isRequired: false, isArray: true),
            ]
        default:
            return command.declaration.arguments.compactMap { argument in
                if case .choice = argument.kind { return nil }
                let repeatedItems = argument.isRepeated && argument.kind == .item
                return Parameter(
                    name: repeatedItems ? "items" : argument.placeholder.lowercased(), kind: argument.kind,
                    isRequired: !argument.isOptional, isArray: repeatedItems)
            }
        }
    }

    /// What the tool does, for the agent: the command's summary, and how items are named.
    public var summary: String {
        switch self {
        case .add: "add an item, with any of its fields, in one change (one undo step)"
        case .update: "change an item's fields, in one change (one undo step)"
        default: command.summary
        }
    }
}
