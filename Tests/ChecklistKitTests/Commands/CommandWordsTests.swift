import ChecklistKit
import Testing

struct CommandWordsTests {
    @Test func spacesSeparateWordsAndRepeatedSpacesCollapse() throws {
        #expect(try CommandWords.split("add Buy  milk") == ["add", "Buy", "milk"])
    }

    @Test func quotesGroupWordsAndKeepInnerSpaces() throws {
        #expect(try CommandWords.split("add \"two  spaces\"") == ["add", "two  spaces"])
        #expect(try CommandWords.split("add 'it is'") == ["add", "it is"])
    }

    @Test func backslashEscapesTheNextCharacter() throws {
        #expect(try CommandWords.split(#"add a\ b \"q\""#) == ["add", "a b", "\"q\""])
    }

    @Test func emptyQuotesMakeAnEmptyWord() throws {
        #expect(try CommandWords.split("edit 1 \"\"") == ["edit", "1", ""])
    }

    @Test func unterminatedQuoteIsAnError() {
        #expect(throws: CommandError.self) { try CommandWords.split("add \"milk") }
        #expect(throws: CommandError.self) { try CommandWords.split("add milk\\") }
    }

    @Test func quotedWordsSplitBackToThemselves() throws {
        for word in ["plain", "two words", "quote\"inside", "back\\slash", "", "'single'"] {
            #expect(try CommandWords.split(CommandWords.quoted(word)) == [word])
        }
    }
}
