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
        let words = try CommandWords.marked(#"add Read "1984 tomorrow" 'to'day \!\! +work"#)
        #expect(words.map(\.text) == ["add", "Read", "1984 tomorrow", "today", "!!", "+work"])
        #expect(words.map(\.quoted) == [false, false, true, true, true, false])
    }

    @Test func anApostropheInsideAWordIsPartOfIt() throws {
        #expect(try CommandWords.split("add Don't forget the milk") == ["add", "Don't", "forget", "the", "milk"])
        #expect(try CommandWords.split("add Mum's birthday") == ["add", "Mum's", "birthday"])
        #expect(try CommandWords.split("add Réserver l'hôtel") == ["add", "Réserver", "l'hôtel"])
        #expect(try CommandWords.split(#"add 12" ruler"#) == ["add", #"12""#, "ruler"])
        let words = try CommandWords.marked("add Don't forget tomorrow")
        #expect(words.map(\.quoted) == [false, false, false, false])
    }

    @Test func aQuoteOpensAQuotedRunOnlyWhereAWordStarts() throws {
        #expect(try CommandWords.split(#"add Enjoy the "sun""#) == ["add", "Enjoy", "the", "sun"])
        #expect(try CommandWords.split("'Read 1984 tomorrow'") == ["Read 1984 tomorrow"])
        #expect(try CommandWords.split(#"add "Don't panic" now"#) == ["add", "Don't panic", "now"])
        // Quoted parts that follow each other from the start of a word make one word, as in a shell.
        #expect(try CommandWords.split(#"add 'it'\''s'"#) == ["add", "it's"])
        #expect(try CommandWords.split(#"add "a"'b'"#) == ["add", "ab"])
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
