/// What a command reads of the data file: everything, or the current checklist's items and the
/// checklists and items it names.
///
/// A one-shot command loads the file in part when its reach allows (`scope`): only the current
/// checklist's items are decoded, and only when the command needs them. The session then has the
/// store read what else the reach names (`Session.readMissingItems(for:)`), before the lock and
/// again under it when another process changed the file, so that the command is resolved against
/// the file as it is then (SPEC §5). Names and `#ID`s are kept as the command wrote them: what
/// they lead to is found in the book of the moment.
public struct CommandReach: Sendable, Equatable {
    /// Which entry of the undo journal names the checklists a command replaces.
    public enum JournalEntry: Sendable, Equatable {
        /// The change the next `undo` reverts.
        case nextUndo
        /// The change the next `redo` makes again.
        case nextRedo
    }

    /// Whether the command needs every checklist's items (`lists`, `find`, `upcoming`, `export`,
    /// `tags`, `tag`, sync…) or was not narrowed to less (`help`): its store loads the whole file,
    /// and the other fields say nothing more.
    public var readsWholeBook: Bool
    /// Whether the command needs the current checklist's items: it shows or changes them, names
    /// items by position, or renames the checklist or sets its icon (the undo journal records the
    /// checklist it changes, items and all).
    public var readsCurrentItems: Bool
    /// The checklists the command names by a LIST reference (a number, a name or a prefix of one),
    /// as written: `use`, `drop`, `show LIST`, `move … to LIST`.
    public var namedLists: [String]
    /// The item IDs the command names (`#ID`), in order.
    public var namedItemIDs: [Int]
    /// The journal entry whose checklists the command replaces (`undo`, `redo`), `nil` for none.
    public var journalEntry: JournalEntry?

    /// A reach within the current checklist and what the command names.
    public init(
        readsCurrentItems: Bool = false, namedLists: [String] = [], namedItemIDs: [Int] = [],
        journalEntry: JournalEntry? = nil
    ) {
        readsWholeBook = false
        self.readsCurrentItems = readsCurrentItems
        self.namedLists = namedLists
        self.namedItemIDs = namedItemIDs
        self.journalEntry = journalEntry
    }

    /// The reach of a command that needs every checklist's items, and of a line that did not parse.
    public static let wholeBook: CommandReach = {
        var reach = CommandReach(readsCurrentItems: true)
        reach.readsWholeBook = true
        return reach
    }()

    /// How much of the file a store for the command loads.
    public var scope: LoadScope {
        readsWholeBook ? .everything : .currentChecklist
    }

    /// The reach of a command naming `items`: the current checklist's items when one is a
    /// position, the `#ID`s of the others, and the checklist `list` when given (`move … to LIST`).
    static func naming(_ items: [ItemReference], list: String? = nil) -> CommandReach {
        CommandReach(
            readsCurrentItems: items.contains(where: \.isPositional), namedLists: list.map { [$0] } ?? [],
            namedItemIDs: items.compactMap { reference in
                if case .id(let id) = reference { id } else { nil }
            })
    }
}

extension Command {
    /// What the command reads of the data file (see `CommandReach`): what its declaration says,
    /// with the checklists and items its arguments name.
    public var reach: CommandReach {
        switch self {
        // `show` alone shows the current checklist; `icon` alone lists the icons.
        case .show(nil, _): return CommandReach(readsCurrentItems: true)
        case .icon(nil): return CommandReach()
        // `edit ITEM` alone is the REPL's, which loads the whole book.
        case .editInPlace: return .wholeBook
        default: break
        }
        switch name.declaration.reach {
        case .nothing: return CommandReach()
        case .currentItems: return CommandReach(readsCurrentItems: true)
        case .journal(let entry): return CommandReach(journalEntry: entry)
        // A tag in use in any checklist is kept as first typed: `tag` and `untag` read every
        // checklist's tags. Merge and cat read the files they name and never get here in
        // one-shot mode.
        case .wholeBook: return .wholeBook
        case .named: return namedReach
        }
    }

    /// The reach of a command whose declaration reaches what it names.
    private var namedReach: CommandReach {
        switch self {
        case .use(let list), .drop(let list), .show(let list?, _): CommandReach(namedLists: [list])
        case .move(let item, .list(let list, _)): .naming([item], list: list)
        case .edit(let item, _), .move(let item, .position), .due(let item, _), .remind(let item, _),
            .repeat(let item, _, _), .note(let item, _), .priority(let item, _), .start(let item, _), .sub(let item, _),
            .unnest(let item), .info(let item):
            .naming([item])
        case .nest(let item, let parent): .naming([item, parent])
        case .mark(let items, _), .delete(let items): .naming(items)
        default: .wholeBook
        }
    }
}
