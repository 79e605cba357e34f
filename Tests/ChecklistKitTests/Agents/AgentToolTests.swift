import Testing

@testable import ChecklistKit

/// The tools `checklists mcp` offers (SPEC §16): their names and parameters are an interface.
struct AgentToolTests {
    @Test func theToolsAreTheSpecsWithTheSpecsParameters() {
        let expected: [String: [String]] = [
            "lists": [], "show": ["list", "filter"], "find": ["text", "filter"], "upcoming": ["filter"],
            "info": ["item"], "tags": [], "new_list": ["name"],
            "add": ["text", "list", "due", "start", "repeat", "priority", "note", "tags", "parent"],
            "update": ["item", "text", "due", "start", "repeat", "priority", "note", "tags_add", "tags_remove"],
            "check": ["items"], "uncheck": ["items"], "delete": ["items"], "move": ["item", "list", "position"],
            "undo": [], "redo": [],
        ]
        #expect(Set(AgentTool.allCases.map(\.rawValue)) == Set(expected.keys))
        for tool in AgentTool.allCases {
            #expect(tool.parameters.map(\.name) == expected[tool.rawValue], "\(tool)")
        }
    }

    @Test func onlyWhatNamesTheItemOrTheTextIsRequired() {
        let required = AgentTool.allCases.filter { !$0.parameters.filter(\.isRequired).isEmpty }
        #expect(
            required.map(\.rawValue) == ["info", "new_list", "add", "update", "check", "uncheck", "delete", "move"])
        #expect(AgentTool.add.parameters.filter(\.isRequired).map(\.name) == ["text"])
        #expect(AgentTool.move.parameters.filter(\.isRequired).map(\.name) == ["item"])
    }

    @Test func readToolsAreReadOnlyAndDeleteIsDestructive() {
        #expect(AgentTool.offered(readOnly: true) == [.lists, .show, .find, .upcoming, .info, .tags])
        #expect(AgentTool.allCases.filter(\.isDestructive) == [.delete])
        #expect(AgentTool.offered(readOnly: false) == AgentTool.allCases)
    }

    @Test func fieldsTakeWhatTheCommandsThatSetThemTake() {
        let kinds = Dictionary(uniqueKeysWithValues: AgentTool.update.parameters.map { ($0.name, $0.kind) })
        #expect(kinds["due"] == .date && kinds["start"] == .date && kinds["repeat"] == .rule)
        #expect(kinds["tags_add"] == .tag && kinds["item"] == .item && kinds["note"] == .text)
        guard case .choice(let levels) = kinds["priority"] else {
            Issue.record("priority takes its levels")
            return
        }
        #expect(levels.contains("high") && levels.contains("9"))
    }
}
