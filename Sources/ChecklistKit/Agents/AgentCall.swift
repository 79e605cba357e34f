import KeyedArchive

/// What one tool call runs: a command of the language, or an agent's change of many fields.
///
/// Made from the call's `arguments` as the commands read their words, so a bad argument gets the
/// message the command would print.
public enum AgentCall: Sendable, Equatable {
    /// A command, run as the shell runs it.
    case command(Command)
    /// `add` or `update`: the item and the commands setting each field, run as one change.
    case change(CommandName, AgentTarget, fields: [Command])

    /// The call of `tool` with `arguments` (a JSON object, or `nil` for none), items looked up in `book`.
    public init(_ tool: AgentTool, arguments: JSONValue?, book: ChecklistBook) throws(CommandError) {
        let given = try Arguments(tool, arguments, book: book)
        switch tool {
        case .lists: self = .command(.lists)
        case .tags: self = .command(.tags)
        case .undo: self = .command(.undo)
        case .redo: self = .command(.redo)
        case .show:
            self = try .parsed("show", given.string("list").map(CommandWords.quoted), given.string("filter"))
        case .find:
            self = try .parsed("find", given.string("text").map(CommandWords.quoted), given.string("filter"))
        case .upcoming: self = try .parsed("upcoming", given.string("filter"))
        case .newList: self = try .parsed("new", given.string("name").map(CommandWords.quoted))
        case .info: self = .command(.info(try given.item("item")))
        case .check: self = .command(.mark(try given.items("items"), .check))
        case .uncheck: self = .command(.mark(try given.items("items"), .uncheck))
        case .delete: self = .command(.delete(try given.items("items")))
        case .move:
            let item = try given.item("item")
            let position = try given.integer("position")
            if let list = try given.string("list") {
                self = .command(.move(item, .list(list, position: position)))
            } else if let position {
                self = .command(.move(item, .position(position)))
            } else {
                throw .refused("move takes list, position or both")
            }
        case .add:
            let parent = try given.string("parent").map { word throws(CommandError) in try given.reference(word) }
            let target = AgentTarget.new(
                text: try given.string("text") ?? "", list: try given.string("list"), parent: parent)
            self = .change(.add, target, fields: try given.fields(tags: "tags", removing: nil))
        case .update:
            var fields = try given.string("text").map { [Command.edit(.id(0), $0)] } ?? []
            fields += try given.fields(tags: "tags_add", removing: "tags_remove")
            self = .change(.edit, .existing(try given.item("item")), fields: fields)
        }
    }

    /// The command the words of `line` (its parts joined by spaces) parse to, as the REPL parses
    /// a line: a quoted part is read as it is, never as filter words.
    private static func parsed(_ parts: String?...) throws(CommandError) -> AgentCall {
        let line = parts.compactMap { $0 }.joined(separator: " ")
        guard let command = try Command.parse(CommandWords.marked(line)) else { throw .refused("nothing to run") }
        return .command(command)
    }

    /// A call's arguments, checked against the tool's parameters.
    private struct Arguments {
        let members: [String: JSONValue]
        let book: ChecklistBook

        /// Checks that `arguments` is an object naming only the tool's parameters, every
        /// required one among them.
        init(_ tool: AgentTool, _ arguments: JSONValue?, book: ChecklistBook) throws(CommandError) {
            self.book = book
            var members: [String: JSONValue] = [:]
            switch arguments {
            case nil, .null?: break
            case .object(let pairs)?: for (key, value) in pairs { members[key] = value }
            default: throw .refused("arguments must be an object")
            }
            let parameters = tool.parameters
            let names = parameters.map(\.name)
            for key in members.keys.sorted() where !names.contains(key) {
                let known = names.isEmpty ? "none" : names.joined(separator: ", ")
                throw .refused("\(tool.rawValue) takes no argument \"\(key)\" (it takes: \(known))")
            }
            for parameter in parameters where parameter.isRequired && members[parameter.name] == nil {
                throw .refused("missing \(parameter.name)")
            }
            self.members = members
        }

        /// The string argument `name`, `nil` when it is not given.
        func string(_ name: String) throws(CommandError) -> String? {
            switch members[name] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw .refused("\(name) must be a string")
            }
        }

        /// The whole-number argument `name`, `nil` when it is not given.
        func integer(_ name: String) throws(CommandError) -> Int? {
            switch members[name] {
            case nil, .null?: return nil
            case .number(let text)?:
                guard let number = Int(text) else { throw .refused("\(name) must be a whole number") }
                return number
            default: throw .refused("\(name) must be a whole number")
            }
        }

        /// The array-of-strings argument `name`, empty when it is not given.
        func strings(_ name: String) throws(CommandError) -> [String] {
            switch members[name] {
            case nil, .null?: return []
            case .array(let elements)?:
                var texts: [String] = []
                for element in elements {
                    guard case .string(let text) = element else { throw .refused("\(name) must be strings") }
                    texts.append(text)
                }
                return texts
            default: throw .refused("\(name) must be an array of strings")
            }
        }

        /// The item the argument `name` names.
        func item(_ name: String) throws(CommandError) -> ItemReference {
            guard let word = try string(name) else { throw .refused("missing \(name)") }
            return try reference(word)
        }

        /// The items the argument `name` names: at least one.
        func items(_ name: String) throws(CommandError) -> [ItemReference] {
            let words = try strings(name)
            guard !words.isEmpty else { throw .refused("missing \(name): give at least one #ID or UID") }
            var references: [ItemReference] = []
            for word in words { references.append(try reference(word)) }
            return references
        }

        /// The item `word` names: `#ID`, or the UID of an item; positions shift under an agent's
        /// feet, so they are refused.
        func reference(_ word: String) throws(CommandError) -> ItemReference {
            if word.hasPrefix("#"), let reference = ItemReference(word) { return reference }
            for list in book.checklists {
                if let item = list.items.first(where: { $0.uid == word }) { return .id(item.itemID) }
            }
            if let reference = ItemReference(word), reference.isPositional {
                throw .refused("\"\(word)\" is a position; name items by #ID or UID (info and show give them)")
            }
            throw .noSuchItem(word)
        }

        /// The commands setting the fields `add` and `update` take, each parsed from its value as
        /// the command that sets it alone parses its words; `tags` adds tags, `removing` takes some away.
        func fields(tags: String, removing: String?) throws(CommandError) -> [Command] {
            var fields: [Command] = []
            for (name, command) in AgentTool.fieldSetters {
                guard let value = try string(name) else { continue }
                if command == .note {
                    // A note is text as it is (line breaks included); empty clears it.
                    fields.append(.note(.id(0), value.isEmpty ? .none : .text(value)))
                    continue
                }
                let words = [command.rawValue, "#0"] + value.split(separator: " ").map(String.init)
                if let parsed = try Command.parse(words) { fields.append(parsed) }
            }
            for (name, adding) in [(tags, true), (removing, false)] {
                guard let name else { continue }
                let typed = try strings(name).map { $0.hasPrefix("+") ? String($0.dropFirst()) : $0 }
                guard !typed.isEmpty else { continue }
                let words = [adding ? "tag" : "untag", "#0"] + typed.map { "+" + $0 }
                if let parsed = try Command.parse(words) { fields.append(parsed) }
            }
            return fields
        }
    }
}
