import ChecklistKit
import Testing

struct CompletionTests {
    private let names = ["Groceries", "Garden Work", "List 2", "List 10", "中文"]

    private func complete(_ line: String) -> [String] {
        Completion.candidates(lineBeforeCursor: line, checklistNames: names)
    }

    @Test func theFirstWordCompletesToCommandNames() {
        #expect(complete("sh") == ["show"])
        #expect(complete("u") == ["use", "uncheck", "upcoming", "undo"])
        #expect(complete("").count == CommandName.allCases.count)
        #expect(complete("zz").isEmpty)
    }

    @Test func commandsTakingAChecklistCompleteItsName() {
        #expect(complete("use g") == ["Garden Work", "Groceries"])
        #expect(complete("show Gr") == ["Groceries"])
        #expect(complete("drop list ") == ["List 2", "List 10"])
        #expect(complete("use 中") == ["中文"])
    }

    @Test func namesWithSpacesCompleteFromEverythingTyped() {
        #expect(complete("use Garden W") == ["Garden Work"])
        #expect(complete("use \"Garden W") == ["Garden Work"])
    }

    @Test func iconCompletesIconNames() {
        #expect(complete("icon g") == ["Groceries"])
        #expect(complete("icon ").count == Checklist.iconNames.count)
        #expect(complete("icon Trips x").isEmpty)
    }

    @Test func helpCompletesCommandNames() {
        #expect(complete("help im") == ["import"])
    }

    @Test func repeatCompletesTheWordsOfARule() {
        #expect(complete("repeat 1 ") == ["daily", "weekly", "monthly", "yearly", "weekdays", "every", "none"])
        #expect(complete("repeat 1 w") == ["weekly", "weekdays"])
        #expect(complete("repeat #3 N") == ["none"])
        #expect(complete("repeat 1 every w") == ["week", "weekday", "wednesday"])
        #expect(complete("repeat 1 every 2 ") == ["days", "weeks", "months", "years"])
        #expect(complete("repeat 1 every 2 weeks ") == ["on"])
        #expect(complete("repeat 1 every 2 weeks on f") == ["friday"])
        #expect(complete("repeat 1 every mon,t") == ["mon,tuesday", "mon,thursday"])
        #expect(complete("repeat 1 every monday and s") == ["saturday", "sunday"])
        #expect(complete("rep").contains("repeat"))
        #expect(complete("repeat ").isEmpty)
        #expect(complete("repeat 1 daily ").isEmpty)
    }

    @Test func otherArgumentsHaveNoCandidates() {
        #expect(complete("add Gr").isEmpty)
        #expect(complete("check 1").isEmpty)
    }
}
