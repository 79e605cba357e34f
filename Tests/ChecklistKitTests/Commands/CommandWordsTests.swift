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

    @Test func wordsWithAQuoteOrABackslashAreMarkedQuoted() throws {
        let words = try CommandWords.marked(#"add Read "1984 tomorrow" to'day' \!\! +work"#)
        #expect(words.map(\.text) == ["add", "Read", "1984 tomorrow", "today", "!!", "+work"])
        #expect(words.map(\.quoted) == [false, false, true, true, true, false])
    }

    @Test func aShellArgumentHoldingASpaceCountsAsQuoted() {
        #expect(CommandWord(argument: "Read 1984 tomorrow").quoted)
        #expect(!CommandWord(argument: "tomorrow").quoted)
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
