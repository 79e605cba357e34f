import ChecklistKit
import Testing

struct CommandTests {
    private func parse(_ line: String) throws -> Command? {
        try Command.parse(CommandWords.split(line))
    }

    @Test func anEmptyLineIsNoCommand() throws {
        #expect(try parse("") == nil)
        #expect(try parse("   \t ") == nil)
    }

    @Test func textArgumentsAreTheRemainingWordsJoinedBySingleSpaces() throws {
        #expect(try parse("add Buy  milk") == .add(QuickAdd(text: "Buy milk")))
        #expect(try parse("add \"two  spaces\"") == .add(QuickAdd(text: "two  spaces")))
        #expect(try parse("new My  List") == .new("My List"))
        #expect(try parse("edit 2 new   text") == .edit(.position(2), "new text"))
        #expect(try parse("edit #7") == .editInPlace(.id(7)))
        #expect(try parse("find crème brûlée") == .find("crème brûlée", ItemFilter()))
    }

    @Test func aCommandIsNamedByTheWordItIsCalledBy() throws {
        #expect(try parse("tog 3")?.name == .toggle)
        #expect(try parse("untag 1 +home")?.name == .untag)
        #expect(try parse("edit #7")?.name == .edit)
        #expect(try parse("exit")?.name == .quit)
        for name in CommandName.allCases where ![.exit, .merge, .cat, .help].contains(name) {
            let words = [name.rawValue] + (name.usage.split(separator: " ").dropFirst().isEmpty ? [] : ["1"])
            if let command = try? Command.parse(words) { #expect(command.name == name, "\(words)") }
        }
    }

    @Test func commandNamesIgnoreCaseAndMayBeShortened() throws {
        #expect(try parse("SHOW") == .show(nil, ItemFilter()))
        #expect(try parse("sh Groceries") == .show("Groceries", ItemFilter()))
        #expect(try parse("Ad milk") == .add(QuickAdd(text: "milk")))
        #expect(try parse("li") == .lists)
        #expect(try parse("upc") == .upcoming(ItemFilter()))
        #expect(try parse("q") == .quit)
        #expect(try parse("exit") == .quit)
    }

    @Test func syncMergeAndCatTakeTheirArguments() throws {
        #expect(try parse("sync") == .sync(initialize: false, url: nil))
        #expect(try parse("sync init") == .sync(initialize: true, url: nil))
        #expect(try parse("sync INIT ssh://host/lists.git") == .sync(initialize: true, url: "ssh://host/lists.git"))
        #expect(try parse("merge %O %A %B") == .merge(base: "%O", ours: "%A", theirs: "%B"))
        #expect(try parse("cat 'my file'") == .cat("my file"))
        #expect(throws: CommandError.self) { try parse("sync now") }
        #expect(throws: CommandError.self) { try parse("sync init a b") }
        #expect(throws: CommandError.self) { try parse("merge a b") }
        #expect(throws: CommandError.self) { try parse("cat") }
    }

    @Test func mcpTakesReadOnlyAlone() throws {
        #expect(try parse("mcp") == .mcp(readOnly: false))
        #expect(try parse("mcp --read-only") == .mcp(readOnly: true))
        #expect(throws: CommandError.self) { try parse("mcp --write") }
        #expect(throws: CommandError.self) { try parse("mcp --read-only --read-only") }
    }

    @Test func anAmbiguousPrefixNamesTheCandidates() {
        #expect(
            throws: CommandError.ambiguousCommand(
                "u", candidates: ["use", "uncheck", "untag", "unnest", "upcoming", "undo"])
        ) {
            try parse("u")
        }
        #expect(throws: CommandError.ambiguousCommand("re", candidates: ["rename", "remind", "repeat", "redo"])) {
            try parse("re")
        }
        let message = CommandError.ambiguousCommand("e", candidates: ["edit", "export", "exit"]).description
        #expect(message == "\"e\" could be edit, export or exit; type more letters")
    }

    @Test func aCommandThatDeletesTakesThreeLettersAtLeast() throws {
        #expect(throws: CommandError.shortPrefix("dr", command: "drop", letters: 3)) { try parse("dr Groceries") }
        #expect(throws: CommandError.shortPrefix("DE", command: "delete", letters: 3)) { try parse("DE 1") }
        #expect(throws: CommandError.shortPrefix("cl", command: "clear", letters: 3)) { try parse("cl") }
        #expect(try parse("dro Groceries") == .drop("Groceries"))
        #expect(try parse("del 1") == .delete([.position(1)]))
        #expect(try parse("cle") == .clear)
        let message = CommandError.shortPrefix("cl", command: "clear", letters: 3).description
        #expect(message == "\"cl\" is too short for clear, which deletes: type clear, or at least its first 3 letters")
    }

    @Test func anUnknownCommandSaysHowToListThem() {
        #expect(throws: CommandError.unknownCommand("frobnicate")) { try parse("frobnicate 1") }
        #expect(
            CommandError.unknownCommand("x").description == "unknown command \"x\"; type help for the list of commands")
    }

    @Test func itemArgumentsTakePositionsRangesAndIDs() throws {
        #expect(try parse("check 1 2-4 #17") == .mark([.position(1), .range(from: 2, to: 4), .id(17)], .check))
        #expect(try parse("uncheck 3") == .mark([.position(3)], .uncheck))
        #expect(try parse("toggle #0") == .mark([.id(0)], .toggle))
        #expect(try parse("delete 5-5") == .delete([.range(from: 5, to: 5)]))
        #expect(try parse("move #3 1") == .move(.id(3), .position(1)))
    }

    @Test func moveToTakesAListAndMaybeAPosition() throws {
        #expect(try parse("move 2 to Work") == .move(.position(2), .list("Work", position: nil)))
        #expect(try parse("move #4 TO Garden Work 3") == .move(.id(4), .list("Garden Work", position: 3)))
        #expect(try parse("move 1 to 2") == .move(.position(1), .list("2", position: nil)), "a list's number")
        #expect(try parse("move 1 to \"Plan 2027\"") == .move(.position(1), .list("Plan 2027", position: nil)))
        for line in ["move 1 to", "move 1 to Work 0", "move to Work"] {
            #expect(throws: CommandError.self, "\(line)") { try parse(line) }
        }
    }

    @Test func badItemsAreUsageErrors() {
        for line in ["check", "check x", "check 1 two", "delete #", "delete #x", "check -3", "check 2-", "move 1 0"] {
            #expect(throws: CommandError.self, "\(line)") { try parse(line) }
        }
    }

    @Test func usageErrorsNameTheProblemAndTheUsage() {
        #expect(throws: CommandError.usage(command: "add", usage: "add TEXT", problem: "missing TEXT")) {
            try parse("add")
        }
        #expect(throws: CommandError.usage(command: "lists", usage: "lists", problem: "too many arguments")) {
            try parse("lists now")
        }
        let message = CommandError.usage(command: "move", usage: "move ITEM POSITION", problem: "missing argument")
            .description
        #expect(message == "missing argument; usage: move ITEM POSITION (help move for more)")
    }

    @Test func dueTakesADateOrNone() throws {
        #expect(try parse("due 1 2026-07-01 09:30") == .due(.position(1), .date("2026-07-01 09:30")))
        #expect(try parse("due 1 tomorrow") == .due(.position(1), .date("tomorrow")))
        #expect(try parse("due #4 NONE") == .due(.id(4), .none))
        #expect(throws: CommandError.self) { try parse("due 1") }
    }

    @Test func repeatTakesARuleOrNone() throws {
        #expect(try parse("repeat 1 weekly") == .repeat(.position(1), RepeatRule(words: "weekly")))
        #expect(
            try parse("rep #4 every 2 weeks on fri")
                == .repeat(.id(4), RepeatRule(rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")))
        #expect(
            try parse("repeat 2-3 \"every mon, thu\"")
                == .repeat(.range(from: 2, to: 3), RepeatRule(words: "every mon,thu")))
        #expect(try parse("repeat 1 None") == .repeat(.position(1), nil))
        #expect(throws: CommandError.self) { try parse("repeat 1") }
        #expect(throws: CommandError.self) { try parse("repeat weekly") }
        #expect(throws: CommandError.self) { try parse("repeat x weekly") }
    }

    @Test func aRefusedRuleListsTheForms() {
        #expect(
            throws: CommandError.usage(
                command: "repeat", usage: "repeat ITEM RULE|none",
                problem: "\"fortnightly\" is not a repeat rule; RULE is \(RepeatPattern.forms), or none"
            )
        ) { try parse("repeat 1 fortnightly") }
    }

    @Test func remindTakesOnOrOff() throws {
        #expect(try parse("remind 1 on") == .remind(.position(1), true))
        #expect(try parse("remind 1 OFF") == .remind(.position(1), false))
        #expect(throws: CommandError.self) { try parse("remind 1 maybe") }
        #expect(throws: CommandError.self) { try parse("remind 1") }
    }

    @Test func exportAndImportAndInspectTakeFiles() throws {
        #expect(try parse("export json") == .export(.json, nil))
        #expect(try parse("export Markdown out.md") == .export(.markdown, "out.md"))
        #expect(try parse("import \"my file.json\"") == .import("my file.json"))
        #expect(try parse("import --dry-run tasks.json") == .import("tasks.json", dryRun: true))
        #expect(try parse("inspect --raw a.plist") == .inspect(raw: true, "a.plist"))
        #expect(try parse("inspect a.plist") == .inspect(raw: false, "a.plist"))
        #expect(throws: CommandError.self) { try parse("export yaml") }
        #expect(throws: CommandError.self) { try parse("import") }
        #expect(throws: CommandError.self) { try parse("inspect --raw") }
    }

    @Test func optionalArgumentsMayBeLeftOut() throws {
        #expect(try parse("help") == .help(nil))
        #expect(try parse("help add") == .help("add"))
        #expect(try parse("icon") == .icon(nil))
        #expect(try parse("icon Trips") == .icon("Trips"))
        #expect(try parse("show") == .show(nil, ItemFilter()))
        #expect(try parse("show List 2") == .show("List 2", ItemFilter()))
    }

    @Test func theItemDetailCommandsTakeTheirArguments() throws {
        #expect(try parse("note 3 Call Bob") == .note(.position(3), .text("Call Bob")))
        #expect(try parse(#"note 3 'one\ntwo'"#) == .note(.position(3), .text("one\ntwo")))
        #expect(try parse("note #4 NONE") == .note(.id(4), .none))
        #expect(try parse("note 3") == .note(.position(3), .show))
        #expect(
            try parse("tag 1 2-3 +Home +home +work")
                == .tag([.position(1), .range(from: 2, to: 3)], ["Home", "work"], adding: true))
        #expect(try parse("untag #5 +x") == .tag([.id(5)], ["x"], adding: false))
        #expect(try parse("tags") == .tags)
        #expect(try parse("priority 2 high") == .priority(.position(2), 1))
        #expect(try parse("priority 2 medium") == .priority(.position(2), 5))
        #expect(try parse("priority 2 Low") == .priority(.position(2), 9))
        #expect(try parse("priority 2 none") == .priority(.position(2), nil))
        #expect(try parse("priority 2 7") == .priority(.position(2), 7))
        #expect(try parse("start 2 next fri 9am") == .start(.position(2), .date("next fri 9am")))
        #expect(try parse("start 2 none") == .start(.position(2), .none))
        #expect(try parse("sub 1 Pack  bags") == .sub(.position(1), QuickAdd(text: "Pack bags")))
        #expect(try parse("nest 4 #1") == .nest(.position(4), parent: .id(1)))
        #expect(try parse("unnest 4") == .unnest(.position(4)))
        #expect(try parse("info #4") == .info(.id(4)))
    }

    @Test func theItemDetailCommandsRefuseWhatTheyCannotTake() {
        for line in [
            "note", "note x", "tag 1", "tag 1 work", "tag 1 \"+two words\"", "tag 1 +", "tag +a", "untag 1 +a b",
            "tags 1", "priority 1 urgent", "priority 1 0", "priority 1 10", "priority 1", "start 1", "sub 1", "sub",
            "nest 1", "nest 1 2 3", "unnest", "info", "info 1 2",
        ] {
            #expect(throws: CommandError.self, "\(line)") { try parse(line) }
        }
    }
}

struct ItemReferenceTests {
    @Test func positionsRangesAndIDsAreRecognised() {
        #expect(ItemReference("3") == .position(3))
        #expect(ItemReference("2-5") == .range(from: 2, to: 5))
        #expect(ItemReference("#17") == .id(17))
        #expect(ItemReference("#0") == .id(0))
    }

    @Test func otherWordsAreNotItems() {
        for word in ["", "#", "-1", "1-", "a", "1.5", "#-2", "1-2-3", "٣", "99999999999999999999"] {
            #expect(ItemReference(word) == nil, "\(word)")
        }
    }
}
