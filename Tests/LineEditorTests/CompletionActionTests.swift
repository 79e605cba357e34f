import Testing

@testable import LineEditor

@Test func aSingleCandidateIsCompletedWithASpace() {
    #expect(CompletionAction.forLine("sh", candidates: ["show"]) == .edit(deleteCount: 0, text: "ow "))
    #expect(CompletionAction.forLine("use Gro", candidates: ["Groceries"]) == .edit(deleteCount: 0, text: "ceries "))
}

@Test func aCompleteWordGetsJustTheSpace() {
    #expect(CompletionAction.forLine("show", candidates: ["show"]) == .edit(deleteCount: 0, text: " "))
}

@Test func anEmptyWordIsCompleted() {
    #expect(CompletionAction.forLine("icon ", candidates: ["Birthdays"]) == .edit(deleteCount: 0, text: "Birthdays "))
}

@Test func noCandidatesMeansNothingToDo() {
    #expect(CompletionAction.forLine("xyz", candidates: []) == CompletionAction.none)
    #expect(CompletionAction.forLine("xyz", candidates: [""]) == CompletionAction.none)
}

@Test func severalCandidatesInsertTheirCommonPrefix() {
    let action = CompletionAction.forLine("u", candidates: ["uncheck", "undo"])
    #expect(action == .edit(deleteCount: 0, text: "n"))
}

@Test func severalCandidatesWithNothingMoreInCommonAreListed() {
    let action = CompletionAction.forLine("un", candidates: ["uncheck", "undo", "undo"])
    #expect(action == .list(["uncheck", "undo"]))
}

@Test func aCandidateWithSpacesIsInsertedQuoted() {
    let action = CompletionAction.forLine("use Gro", candidates: ["Grocery List"])
    #expect(action == .edit(deleteCount: 3, text: "\"Grocery List\" "))
}

@Test func anOpenQuoteIsKeptAndClosed() {
    let action = CompletionAction.forLine("use \"Grocery L", candidates: ["Grocery List"])
    #expect(action == .edit(deleteCount: 0, text: "ist\" "))
    let single = CompletionAction.forLine("use 'Gro", candidates: ["Grocery List"])
    #expect(single == .edit(deleteCount: 0, text: "cery List' "))
}

@Test func aCommonPrefixWithASpaceLeavesTheQuoteOpen() {
    let action = CompletionAction.forLine("use G", candidates: ["Grocery List", "Grocery Store"])
    #expect(action == .edit(deleteCount: 1, text: "\"Grocery "))
}

@Test func candidatesWithQuotesAreEscaped() {
    let action = CompletionAction.forLine("use Say", candidates: ["Say \"hi\""])
    #expect(action == .edit(deleteCount: 0, text: "\\ \\\"hi\\\" "))
}

@Test func aCaseInsensitiveMatchReplacesTheTypedWord() {
    let action = CompletionAction.forLine("use gro", candidates: ["Groceries"])
    #expect(action == .edit(deleteCount: 3, text: "Groceries "))
}

@Test func unicodeWordsAreCountedInScalars() {
    let action = CompletionAction.forLine("use 购", candidates: ["Ölwechsel"])
    #expect(action == .edit(deleteCount: 1, text: "Ölwechsel "))
}

@Test func candidatesAreListedInColumnsThatFitTheWidth() {
    let listing = CompletionAction.listing(of: ["add", "check", "clear", "delete", "drop"], width: 20)
    #expect(listing == "add     delete\ncheck   drop\nclear")
    #expect(CompletionAction.listing(of: ["one"], width: 0) == "one")
}

@Test func wideCharactersTakeTwoColumns() {
    #expect(CompletionAction.displayWidth("购物") == 4)
    #expect(CompletionAction.displayWidth("🎉a") == 3)
    #expect(CompletionAction.displayWidth("e\u{301}") == 1)
}

@Test func completionWordsSplitOnUnquotedSpaces() {
    let words = EditLineReader.completionWords("edit  \"Grocery List\" 'a b' c\\ d ")
    #expect(words.previous == ["edit", "Grocery List", "a b", "c d"])
    #expect(words.current == "")
}

@Test func completionWordsKeepThePartialWordWithoutItsQuote() {
    let words = EditLineReader.completionWords("use \"Grocery L")
    #expect(words.previous == ["use"])
    #expect(words.current == "Grocery L")
    #expect(EditLineReader.completionWords("") == ([], ""))
}

@Test func anApostropheInsideAWordOpensNoQuote() {
    let words = EditLineReader.completionWords("use Mum's ")
    #expect(words.previous == ["use", "Mum's"])
    #expect(words.current == "")
    let partial = EditLineReader.completionWords("add Réserver l'hô")
    #expect(partial.previous == ["add", "Réserver"])
    #expect(partial.current == "l'hô")
}
