import KeyedArchive

extension AgentTool {
    /// Writes the tool as `tools/list` lists it: name, description, input and output JSON Schemas
    /// and annotations.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("name", rawValue)
        writer.member("description", summary + ". " + Self.naming)
        writer.key("inputSchema")
        writer.beginObject()
        writer.member("type", "object")
        writer.key("properties")
        writer.beginObject()
        for parameter in parameters {
            writer.key(parameter.name)
            Self.writeSchema(of: parameter, to: &writer)
        }
        writer.endObject()
        writer.key("required")
        JSONReport.strings(parameters.filter(\.isRequired).map(\.name), to: &writer)
        writer.member("additionalProperties", false)
        writer.endObject()
        writer.key("outputSchema")
        Self.writeSchema(of: command.declaration.json, to: &writer)
        writer.key("annotations")
        writer.beginObject()
        writer.member("readOnlyHint", isReadOnly)
        writer.member("destructiveHint", isDestructive)
        writer.member("openWorldHint", false)
        writer.endObject()
        writer.endObject()
    }

    /// How every tool names items, told in each description.
    static let naming = "Items are named by #ID or UID (as the JSON documents give them), never by position."

    /// Writes a parameter's schema: its JSON type, what it takes, its words when it has a few.
    private static func writeSchema(of parameter: Parameter, to writer: inout JSONWriter) {
        let type = parameter.kind == .position ? "integer" : "string"
        writer.beginObject()
        if parameter.isArray {
            writer.member("type", "array")
            writer.key("items")
            writer.beginObject()
            writer.member("type", type)
            writer.endObject()
        } else {
            writer.member("type", type)
        }
        if parameter.kind == .position { writer.member("minimum", 1) }
        if case .choice(let words) = parameter.kind {
            writer.key("enum")
            JSONReport.strings(words, to: &writer)
        }
        writer.member("description", description(of: parameter.kind))
        writer.endObject()
    }

    /// What a parameter of `kind` takes, in the words of the commands.
    private static func description(of kind: CommandDeclaration.ArgumentKind) -> String {
        switch kind {
        case .item: "an item: #ID or UID"
        case .list: "a checklist: its name, a unique prefix of it, or its number in lists"
        case .text: "text"
        case .date: "a DATE as the commands take it (tomorrow, fri 5pm, 2026-03-01, +3d), or none"
        case .rule: "a RULE (\(RepeatPattern.forms)), or none"
        case .filter: "filter words: " + ItemFilter.wordList
        case .tag: "a tag: one word, without its +"
        case .position: "a position, 1 or more, as show numbers the items"
        case .file: "a file name"
        case .choice(let words): "one of " + words.joined(separator: ", ")
        }
    }

    /// Writes the schema of the `--json` document of `shape` (SPEC §14): the members it always has.
    private static func writeSchema(of shape: CommandDeclaration.JSONShape, to writer: inout JSONWriter) {
        let members: [(String, String)] =
            switch shape {
            case .lists: [("lists", "array")]
            case .checklist: [("list", "object"), ("items", "array")]
            case .items: [("items", "array")]
            case .agenda: [("overdue", "array"), ("days", "array")]
            case .tags: [("tags", "array")]
            case .item: [("item", "object"), ("subItems", "array")]
            case .change:
                [
                    ("message", "string"), ("current", "string|null"), ("items", "array"), ("deleted", "array"),
                    ("lists", "array"), ("droppedLists", "array"),
                ]
            case .lines: [("lines", "array")]
            }
        let all = [("version", "integer"), ("command", "string")] + members
        writer.beginObject()
        writer.member("type", "object")
        writer.key("properties")
        writer.beginObject()
        for (name, type) in all {
            writer.key(name)
            writer.beginObject()
            writer.key("type")
            let types = type.split(separator: "|").map(String.init)
            if types.count == 1 { writer.string(type) } else { JSONReport.strings(types, to: &writer) }
            writer.endObject()
        }
        writer.endObject()
        writer.key("required")
        JSONReport.strings(all.map(\.0), to: &writer)
        writer.endObject()
    }
}
