import Testing

@testable import ChecklistKit

/// The checks every command's parser uses.
struct CommandArgumentsTests {
    private func arguments(_ name: CommandName, _ words: String...) -> CommandArguments {
        CommandArguments(name, marked: words.map { CommandWord($0) }[...])
    }

    @Test func textIsTheWordsSpaced() {
        #expect(arguments(.add, "Buy", "milk").text == "Buy milk")
        #expect(arguments(.add).text == "")
    }

    @Test func aMissingOrExtraArgumentIsAUsageErrorOfTheCommand() {
        #expect(throws: CommandError.usage(command: "info", usage: "info ITEM", problem: "missing argument")) {
            try arguments(.info).onlyItem()
        }
        #expect(throws: CommandError.usage(command: "info", usage: "info ITEM", problem: "too many arguments")) {
            try arguments(.info, "1", "2").onlyItem()
        }
    }

    @Test func itemsNeedAtLeastOne() throws {
        #expect(
            try arguments(.check, "1", "#2").items() == [ItemReference("1"), ItemReference("#2")].compactMap { $0 })
        #expect(throws: CommandError.usage(command: "check", usage: "check ITEM...", problem: "missing ITEM")) {
            try arguments(.check).items()
        }
    }

    @Test func nonEmptyRefusesSpacesAlone() {
        #expect(throws: CommandError.usage(command: "new", usage: "new NAME", problem: "missing NAME")) {
            try arguments(.new, " ").nonEmpty("NAME")
        }
    }
}
