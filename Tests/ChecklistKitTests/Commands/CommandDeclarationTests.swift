import Testing

@testable import ChecklistKit

/// A command's declaration: what help lists, and what its arguments complete to.
struct CommandDeclarationTests {
    @Test func helpListsTheTableInItsOrderLeavingOutExit() throws {
        let listed = CommandDeclaration.listed
        #expect(listed.map(\.name) == CommandName.allCases.filter { $0 != .exit })
        let help = try Session.help(nil).lines.prefix(listed.count).map(\.text)
        for (line, declaration) in zip(help, listed) {
            #expect(line.hasPrefix(declaration.usage), "\(line)")
            #expect(line.hasSuffix("  " + declaration.summary), "\(line)")
        }
    }

    @Test func argumentsCompleteAsTheirKindUnlessDeclaredOtherwise() {
        let remind = CommandName.remind.declaration.arguments
        #expect(remind.map(\.completion) == [.nothing, .words(["on", "off"])])
        #expect(CommandName.repeat.declaration.arguments.last?.completion == .ruleWords)
        #expect(CommandName.merge.declaration.arguments.map(\.completion) == [.files, .files, .files])
        #expect(CommandName.check.declaration.arguments.first?.isRepeated == true)
    }
}
