import Testing

@testable import ChecklistKit

/// The command table: one declaration per command, naming it, parsing back to it, and the help it gives.
struct CommandNameDeclarationTests {
    @Test func everyCommandHasExactlyOneDeclarationNamingIt() {
        let names = CommandName.allCases.map { $0.declaration.name }
        #expect(names == CommandName.allCases)
        #expect(Set(names.map(\.rawValue)).count == CommandName.allCases.count)
    }

    @Test func everyDeclaredWordParsesBackToItsCommand() throws {
        for name in CommandName.allCases {
            // The word alone, else with the first example arguments the grammar allows.
            let line = [name.rawValue] + Self.sampleArguments[name, default: []]
            let command = try #require(try Command.parse(line), "\(line)")
            #expect(command.name == (name == .exit ? .quit : name), "\(line)")
        }
    }

    @Test func theUsageLineStartsWithTheWordAndNamesEachArgument() {
        for declaration in CommandName.allCases.map(\.declaration) {
            #expect(declaration.usage.hasPrefix(declaration.name.rawValue), "\(declaration.name)")
            // A choice is spelled out by its words instead (json|markdown|ics).
            for argument in declaration.arguments {
                let words: [String] =
                    if case .choice(let words) = argument.kind { words } else { [argument.placeholder] }
                #expect(
                    words.contains { declaration.usage.contains($0) }, "\(declaration.name) \(argument.placeholder)")
            }
        }
    }

    @Test func helpOfACommandIsItsUsageSummaryAndDetails() throws {
        for declaration in CommandName.allCases.map(\.declaration) {
            let lines = try Session.help(declaration.name.rawValue).lines.map(\.text)
            #expect(lines == [declaration.usage, "  " + declaration.summary] + declaration.details)
        }
    }

    @Test func theCommandsOnlyTheInteractiveModeRunsAreDeclaredSo() {
        let interactive = CommandName.allCases.filter { $0.declaration.isInteractiveOnly }
        #expect(interactive == [.history, .quit, .exit])
    }

    @Test func reachAndJSONShapeAreDeclared() {
        #expect(CommandName.undo.declaration.reach == .journal(.nextUndo))
        #expect(CommandName.check.declaration.reach == .named)
        #expect(CommandName.lists.declaration.json == .lists)
        #expect(CommandName.show.declaration.json == .checklist)
        #expect(CommandName.info.declaration.json == .item)
        #expect(CommandName.add.declaration.json == .change)
    }

    /// Arguments that make each command that needs some parse.
    private static let sampleArguments: [CommandName: [String]] = [
        .new: ["X"], .use: ["X"], .rename: ["X"], .drop: ["X"], .add: ["x"], .edit: ["1"], .check: ["1"],
        .uncheck: ["1"], .toggle: ["1"], .delete: ["1"], .move: ["1", "2"], .due: ["1", "today"],
        .remind: ["1", "on"], .repeat: ["1", "daily"], .note: ["1"], .tag: ["1", "+x"], .untag: ["1", "+x"],
        .priority: ["1", "high"], .start: ["1", "today"], .sub: ["1", "x"], .nest: ["1", "2"], .unnest: ["1"],
        .info: ["1"], .find: ["x"], .export: ["json"], .import: ["f"], .inspect: ["f"], .merge: ["a", "b", "c"],
        .cat: ["f"],
    ]
}
