/// One command of the language as it is declared once (SPEC §6): its usage, help, argument
/// grammar with each argument's completion, reach, `--json` document and parser.
///
/// `CommandName.declaration` holds one for each command; `Command.parse`, `help`, the manual's
/// command table and both completions read it, as swift-argument-parser derives help, usage and
/// completion from one `ParsableCommand`. A later MCP layer derives each tool's input schema
/// from `arguments`.
public struct CommandDeclaration: Sendable {
    /// What kind of value an argument takes: enough to derive a JSON Schema from.
    public enum ArgumentKind: Sendable, Equatable {
        /// An item reference: a position (3), a range (2-5) or an ID (#17).
        case item
        /// A checklist reference: a number from `lists`, a name or a unique prefix of one.
        case list
        /// Free text, the rest of the line.
        case text
        /// A date expression (`DateExpression`), or `none`.
        case date
        /// A repeat rule (`RepeatPattern`), or `none`.
        case rule
        /// Filter words (SPEC §14), anywhere among the command's words.
        case filter
        /// A tag written `+WORD`.
        case tag
        /// A whole number of 1 or more.
        case position
        /// A file name.
        case file
        /// One of these words (a subcommand, a format, an option, a level).
        case choice([String])
    }

    /// What Tab completion offers for an argument.
    public enum ArgumentCompletion: Sendable, Equatable {
        /// Nothing.
        case nothing
        /// The checklists' names.
        case checklistNames
        /// The command names.
        case commandNames
        /// The icon names.
        case iconNames
        /// The tags in use, after `+` (and `-+` among filter words).
        case tags
        /// The single-word DATEs and the start of a few others, and the weekdays.
        case dateWords
        /// The words a RULE may go on with.
        case ruleWords
        /// These words.
        case words([String])
        /// File names.
        case files
    }

    /// One argument of the grammar, in the order of the usage line.
    public struct Argument: Sendable, Equatable {
        /// Its name in the usage line (`ITEM`, `LIST`, `TEXT`).
        public var placeholder: String
        /// What it takes.
        public var kind: ArgumentKind
        /// Whether it may be left out.
        public var isOptional: Bool
        /// Whether it may be given more than once (`ITEM...`).
        public var isRepeated: Bool
        /// What Tab completion offers for it.
        public var completion: ArgumentCompletion

        /// An argument; its completion follows from its kind unless given.
        init(
            _ placeholder: String, _ kind: ArgumentKind, optional: Bool = false, repeated: Bool = false,
            completion: ArgumentCompletion? = nil
        ) {
            self.placeholder = placeholder
            self.kind = kind
            isOptional = optional
            isRepeated = repeated
            self.completion = completion ?? Self.completion(of: kind)
        }

        /// What completion offers for a kind of argument when the declaration says nothing else.
        private static func completion(of kind: ArgumentKind) -> ArgumentCompletion {
            switch kind {
            case .list: .checklistNames
            case .date: .dateWords
            case .rule: .ruleWords
            case .tag: .tags
            case .file: .files
            case .choice(let words): .words(words)
            case .item, .text, .filter, .position: .nothing
            }
        }
    }

    /// The `--json` document a command prints (SPEC §14), by its members.
    public enum JSONShape: Sendable, Equatable {
        /// `lists`: every checklist.
        case lists
        /// `list` and its `items`.
        case checklist
        /// `items`, each naming its checklist.
        case items
        /// `overdue` items, then `days`, each a `date` with its `items` (SPEC §17).
        case agenda
        /// `tags`, each with its count of open items.
        case tags
        /// `item` with its `subItems`.
        case item
        /// A change: `message`, `current`, the changed `items`, `deleted` and `lists`.
        case change
        /// The output as `lines` (a command that neither reads items nor changes them).
        case lines
    }

    /// The command.
    public var name: CommandName
    /// How it is called (`move ITEM POSITION|to LIST [POSITION]`).
    public var usage: String
    /// One line saying what it does.
    public var summary: String
    /// The lines `help COMMAND` adds below the summary.
    public var details: [String]
    /// Its arguments, in the order of the usage line.
    public var arguments: [Argument]
    /// What it reads of the data file before its arguments are known (`Command.reach` narrows it).
    public var reach: Reach
    /// The `--json` document it prints.
    public var json: JSONShape
    /// Whether the command only makes sense in the interactive mode (left out of shell completion).
    public var isInteractiveOnly: Bool
    /// Whether `help` and the manual list it (`exit` is `quit` again).
    public var isListed: Bool
    /// Reads the command's arguments.
    let parse: @Sendable (CommandArguments) throws(CommandError) -> Command

    /// What a command reads of the data file, by kind (`CommandReach` is the reach of a parsed one).
    public enum Reach: Sendable, Equatable {
        /// Nothing of the items: it makes, adds or lists what holds items.
        case nothing
        /// The current checklist's items.
        case currentItems
        /// The checklists and items its arguments name (the current checklist's items for a position).
        case named
        /// The checklists an entry of the undo journal names.
        case journal(CommandReach.JournalEntry)
        /// Every checklist's items.
        case wholeBook
    }

    /// A declaration.
    init(
        _ name: CommandName, _ usage: String, _ summary: String, details: [String] = [],
        arguments: [Argument] = [], reach: Reach, json: JSONShape = .lines, interactiveOnly: Bool = false,
        listed: Bool = true, parse: @escaping @Sendable (CommandArguments) throws(CommandError) -> Command
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.details = details
        self.arguments = arguments
        self.reach = reach
        self.json = json
        isInteractiveOnly = interactiveOnly
        isListed = listed
        self.parse = parse
    }

    /// The declarations `help` and the manual list, in the language's order.
    public static var listed: [CommandDeclaration] {
        CommandName.allCases.map(\.declaration).filter(\.isListed)
    }
}
