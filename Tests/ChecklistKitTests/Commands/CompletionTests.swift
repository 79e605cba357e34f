import ChecklistKit
import Testing

struct CompletionTests {
    private let names = ["Groceries", "Garden Work", "List 2", "List 10", "中文"]

    private func complete(_ line: String) -> [String] {
        Completion.candidates(lineBeforeCursor: line, checklistNames: names)
    }

    @Test func theFirstWordCompletesToCommandNames() {
        #expect(complete("sh") == ["show"])
        #expect(complete("u") == ["use", "uncheck", "untag", "unnest", "upcoming", "undo"])
        #expect(complete("").count == CommandName.allCases.count)
        #expect(complete("zz").isEmpty)
    }

    @Test func theCommandListsAreTheTables() {
        let declarations = CommandName.allCases.map(\.declaration)
        #expect(complete("") == declarations.map(\.name.rawValue))
        let shell = Completion.complete(shellWords: [""], checklistNames: { [] })
        #expect(shell == .words(declarations.filter { !$0.isInteractiveOnly }.map(\.name.rawValue)))
        #expect(complete("help ") == declarations.map(\.name.rawValue))
    }

    @Test func aDeclaredChoiceCompletesToItsWords() {
        for name in [CommandName.remind, .sync, .caldav, .export] {
            let choice = name.declaration.arguments.first { if case .choice = $0.kind { true } else { false } }
            guard case .words(let words)? = choice?.completion else { continue }
            let line = name.rawValue + (name == .remind ? " 1 " : " ")
            #expect(complete(line) == words, "\(line)")
        }
    }

    @Test func commandsTakingAChecklistCompleteItsName() {
        #expect(complete("use g") == ["Garden Work", "Groceries"])
        #expect(complete("show Gr") == ["Groceries"])
        #expect(complete("drop list ") == ["List 2", "List 10"])
        #expect(complete("use 中") == ["中文"])
    }

    @Test func completionAgreesWithTheThreeLettersACommandThatDeletesTakes() {
        #expect(complete("dr") == ["drop"], "the full word is offered")
        #expect(complete("cl") == ["clear"])
        #expect(complete("dr Gr").isEmpty, "dr is refused, so it names no checklist")
        #expect(complete("dro Gr") == ["Groceries"])
        #expect(Completion.complete(shellWords: ["dr", "Gr"], checklistNames: { names }) == .words([]))
        #expect(Completion.complete(shellWords: ["dro", "Gr"], checklistNames: { names }) == .words(["Groceries"]))
    }

    @Test func moveCompletesToAndThenTheChecklistName() {
        #expect(complete("move 3 ") == ["to"])
        #expect(complete("move 3 to g") == ["Garden Work", "Groceries"])
        #expect(complete("move #2 TO Garden W") == ["Garden Work"])
        #expect(complete("move 3 1").isEmpty)
        #expect(
            Completion.complete(shellWords: ["move", "3", "to", "Gr"], checklistNames: { names })
                == .words(["Groceries"]))
        #expect(
            Completion.complete(shellWords: ["move", "3", "to", "Garden", "W"], checklistNames: { names })
                == .words(["Work"]))
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
        #expect(complete("repeat 1 every w") == ["week", "weekday", "weekend", "wednesday"])
        #expect(complete("repeat 1 every o") == ["other", "october"])
        #expect(complete("repeat 1 every other t") == ["tuesday", "thursday"])
        #expect(complete("repeat 1 every 2nd t") == ["tuesday", "thursday"])
        #expect(complete("repeat 1 every last w") == ["wednesday", "weekday"])
        #expect(complete("repeat 1 every 4th thursday of n") == ["november"])
        #expect(complete("repeat 1 every d") == ["day", "december"])
        #expect(complete("repeat 1 every 2 ") == ["days", "weeks", "months", "years"])
        #expect(complete("repeat 1 every 2 weeks ") == ["on"])
        #expect(complete("repeat 1 every 2 weeks on f") == ["friday"])
        #expect(complete("repeat 1 every mon,t") == ["mon,tuesday", "mon,thursday"])
        #expect(complete("repeat 1 every monday and s") == ["saturday", "sunday"])
        #expect(complete("repeat 1 monthly ") == ["on"])
        #expect(complete("repeat 1 monthly on ") == ["the"])
        #expect(complete("repeat 1 every 3 months on t") == ["the"])
        #expect(complete("repeat 1 monthly on the ") == ["last", "first", "second", "third", "fourth"])
        #expect(complete("repeat 1 monthly on the last d") == ["day"])
        #expect(complete("repeat 1 monthly on the last w") == ["wednesday", "weekday"])
        #expect(complete("rep").contains("repeat"))
        #expect(complete("repeat ").isEmpty)
        #expect(complete("repeat 1 daily ").isEmpty)
    }

    @Test func eachCommandsArgumentsCompleteToWhatTheyTake() {
        #expect(complete("remind 3 o") == ["on", "off"])
        #expect(complete("remind 3 of") == ["off"])
        #expect(complete("export ") == ["json", "markdown", "ics"])
        #expect(complete("sync ") == ["init"])
        #expect(complete("sync init ").isEmpty)
        #expect(complete("due 2 tom") == ["tomorrow"])
        #expect(complete("due 2 fr") == ["friday"])
        #expect(complete("watch --") == ["--once", "--exec"])
        #expect(complete("watch --once --") == ["--exec"])
        #expect(complete("watch --exec ").isEmpty)
        #expect(complete("mcp --") == ["--read-only"])
        #expect(complete("inspect -") == ["--raw"])
        #expect(complete("import -") == ["--dry-run"])
    }

    @Test func aFileIsCompletedByTheCallerFromTheFolder() {
        for line in [
            "export json ", "import ", "cat Che", "merge a b ", "inspect ", "inspect --raw x", "import --dry-run x",
        ] {
            #expect(Completion.complete(lineBeforeCursor: line, checklistNames: names) == .files, "\(line)")
        }
        #expect(Completion.complete(lineBeforeCursor: "merge a b c ", checklistNames: names) == .words([]))
    }

    @Test func theShellsCompleteTheLastWordAndReadNamesOnlyForAList() {
        var read = 0
        func shell(_ words: [String]) -> Completion.Candidates {
            Completion.complete(shellWords: words) {
                read += 1
                return names
            }
        }
        #expect(shell(["sh"]) == .words(["show"]))
        #expect(
            shell([""])
                == .words(CommandName.allCases.map(\.rawValue).filter { !["quit", "exit", "history"].contains($0) }))
        #expect(shell(["remind", "1", ""]) == .words(["on", "off"]))
        #expect(read == 0)
        #expect(shell(["use", "G"]) == .words(["Garden Work", "Groceries"]))
        // A name typed over several words completes in its last word, the one the shell replaces.
        #expect(shell(["use", "Garden", "W"]) == .words(["Work"]))
        #expect(shell(["use", "\"Garden W"]) == .words(["Garden Work"]))
        #expect(shell(["show", "list", ""]) == .words(["2", "10"]))
        #expect(read == 4)
    }

    @Test func otherArgumentsHaveNoCandidates() {
        #expect(complete("add Gr").isEmpty)
        #expect(complete("check 1").isEmpty)
    }

    @Test func theItemDetailCommandsCompleteTheirWords() {
        #expect(complete("note 3 ") == ["none"])
        #expect(complete("priority 2 ") == ["high", "medium", "low", "none"])
        #expect(complete("priority 2 m") == ["medium"])
        #expect(complete("start 1 tom") == ["tomorrow"])
        #expect(complete("start 1 n").contains("none"))
        let tags = ["Work", "Café", "home"]
        let offered = { (line: String) in
            Completion.candidates(lineBeforeCursor: line, checklistNames: [], tags: tags)
        }
        #expect(offered("tag 1 +") == ["+Café", "+home", "+Work"])
        #expect(offered("tag 1 +CA") == ["+Café"])
        #expect(offered("untag 1-2 +w") == ["+Work"])
        #expect(offered("tag 1 ").isEmpty, "tags only after +")
        #expect(
            Completion.complete(shellWords: ["tag", "1", "+h"], checklistNames: { [] }, tags: { tags })
                == .words(["+home"]))
        #expect(complete("help un") == ["uncheck", "untag", "unnest", "undo"])
    }
}
