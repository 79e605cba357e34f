import Glibc
import KeyedArchive
import PropertyBased
import SystemCalls
import TestSupport
import Testing

@testable import ChecklistKit

/// A store that loads only the current checklist (`LoadScope.currentChecklist`, a one-shot change)
/// saves exactly what a store that loads everything saves: a file this program wrote is loaded in
/// part, carrying the other checklists' bytes; any other file is loaded and encoded whole.
struct ChecklistStoreScopeTests {
    /// A book of `lists` checklists of `items` items each, every kind of field somewhere (SPEC
    /// §13's too, unless not `rich`).
    static func book(lists: Int, items: Int, seed: UInt64 = 1, rich: Bool = true) -> ChecklistBook {
        var random = SplitMix64(seed: seed)
        var next = 0
        let checklists = (0..<lists).map { list in
            Checklist(
                name: "List \(list)",
                items: (0..<items).map { index in
                    defer { next += 1 }
                    var item = ChecklistItem(
                        text: "item \(list)-\(index) \(random.next() % 1_000)", itemID: next,
                        created: TestTime.now - Double(random.next() % 100_000))
                    item.checked = random.next() % 3 == 0
                    switch random.next() % 5 {
                    case 0:
                        item.due = CalendarDay(year: 2026, month: 7, day: 1 + Int(random.next() % 28)).map { .day($0) }
                    case 1: item.due = .time(TestTime.now + Double(random.next() % 1_000_000))
                    default: break
                    }
                    item.shouldRemind = item.due != nil && random.next() % 2 == 0
                    if random.next() % 7 == 0 { item.repeatRule = RepeatRule(rrule: "FREQ=WEEKLY") }
                    if rich { addRichFields(to: &item, list: list, index: index, using: &random) }
                    return item
                },
                iconName: Checklist.iconNames[list % Checklist.iconNames.count])
        }
        return ChecklistBook(checklists: checklists, currentIndex: lists / 2, nextItemID: next)
    }

    /// Gives about half the items SPEC §13's fields: a UID, a note, tags, a priority, a start,
    /// and (for some) an earlier item of their checklist as parent.
    static func addRichFields(to item: inout ChecklistItem, list: Int, index: Int, using random: inout SplitMix64) {
        guard random.next() % 2 == 0 else { return }
        item.uid = "uid-\(list)-\(index)"
        if random.next() % 2 == 0 { item.note = "note \(random.next() % 100)\nsecond line \u{E9}" }
        if random.next() % 2 == 0 { item.tags = ["home", "Caf\u{E9}"].shuffled(using: &random) }
        if random.next() % 2 == 0 { item.priority = Int(random.next() % 9) + 1 }
        switch random.next() % 3 {
        case 0: item.start = CalendarDay(year: 2026, month: 6, day: 1 + Int(random.next() % 28)).map { .day($0) }
        case 1: item.start = .time(TestTime.now + Double(random.next() % 1_000_000))
        default: break
        }
        if index > 0, random.next() % 3 == 0 { item.parentUID = "uid-\(list)-\(random.next() % UInt64(index))" }
    }

    /// The commands the property test draws from: every one-shot command that loads in part, by
    /// position and by `#ID`, of the current checklist and of others.
    static let commands = [
        "add new item", "add caf\u{E9} \u{1F600}", "check 1", "toggle 2", "uncheck 1-3", "delete 2", "edit 1 renamed",
        "move 3 1", "due 2 tomorrow", "due 1 none", "remind 1 on", "remind 2 off", "repeat 1 daily",
        "repeat 2 none", "clear", "check 1-2", "delete 1-2", "add item 0-0 7", "show", "new Zed", "new Aardvark",
        "rename Renamed", "rename List 0", "rename \u{C9}t\u{E9} \u{1F600}", "icon Trips", "icon fold", "drop 1",
        "drop Zed", "use 1", "use List 3", "show 2", "undo", "undo", "redo", "check #3", "delete #70", "edit #130 far",
        "due #1 tomorrow", "import {md}", "move 1 to List 2", "move #70 to 1 1", "move 2 to Zed",
        "note 1 a\\nb", "note #70 none", "tag 1-2 +x", "untag 1 +X", "tag #130 +far", "priority 2 high",
        "priority #70 none", "start 1 tomorrow", "sub 1 child", "sub #70 far child", "nest 2 1", "nest #3 #4",
        "unnest 2", "info 1", "info #130", "add Call mum fri 6pm +family !!", "add Pills daily", "sub 1 Pack eom +x",
    ]

    /// The Markdown file `import {md}` imports: a checklist whose name the file holds, a text it
    /// holds, and a new checklist.
    static let imported =
        "# List 0\n- [ ] packed #home ⏫\n  a note\n  - [x] item 0-0 7 🛫 2026-06-01\n\n# Packing\n- [ ] socks\n- [ ] caf\u{E9}\n"

    /// Runs `line` as a one-shot change does: a store of `scope` opened for it alone.
    static func oneShot(_ line: String, path: String, scope: LoadScope, clock: TestClock) throws -> CommandResult {
        try openAndRun(line, path: path, scope: scope, clock: clock).result
    }

    /// Runs `line` like `oneShot`, and tells whether the store left checklists unread.
    static func openAndRun(
        _ line: String, path: String, scope: LoadScope, clock: TestClock
    ) throws -> (result: CommandResult, leftUnread: Bool) {
        let reach = (try? Command.parse(CommandWords.split(line)))??.reach ?? .wholeBook
        let store = try ChecklistStore(
            path: path, clock: clock.function, scope: scope, readingCurrent: reach.readsCurrentItems)
        let leftUnread = store.book.checklists.contains { $0.unloadedItemCount != nil }
        let journal = UndoJournal(path: path + ".undo")
        return (Session(store: store, clock: clock.function, journal: journal).run(line), leftUnread)
    }

    /// An archive of two checklists: "Current" (current, one sound item, ID 0) and "Other",
    /// holding `others`.
    static func currentAndOther(_ others: [TestArchivedItem<IOSAppModule>], nextItemID: Int) -> [UInt8] {
        TestArchive.checklists(
            [
                TestArchivedList<IOSAppModule>("Current", [TestArchivedItem("fine", dueDate: 0, itemID: 0)]),
                TestArchivedList<IOSAppModule>("Other", others),
            ], index: 0, nextItemID: nextItemID)
    }

    /// Writes `bytes` to `path` and notes it in the lock file as this program's last save, as a
    /// save does: the file is then trusted and loaded in part.
    static func writeAsOurs(_ bytes: [UInt8], to path: String) throws {
        try TemporaryFolder.write(bytes, to: path)
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(lock) }
        let record = try #require(ChangeRecord.of(path))
        FileLock.writeNote(ChecklistStore.notePrefix + record.text, descriptor: lock)
    }

    /// Whether the file at `path` is noted as this program's last save.
    static func isOurs(_ path: String) -> Bool {
        ChangeRecord.of(path).map { ChecklistStore.wroteLast($0, path + ".lock") } ?? false
    }

    /// The book a full load of the file at `path` gives.
    static func load(_ path: String, clock: TestClock) throws -> ChecklistBook {
        try ChecklistStore(path: path, clock: clock.function).book
    }

    @Test func randomOneShotChangesSaveWhatAFullLoadSaves() async throws {
        let script = Gen.int(in: 0...(Self.commands.count - 1)).array(of: 1...12)
        let shape = Gen.int(in: 1...4)
        let size = Gen.int(in: 0...60)
        await propertyCheck(count: 60, input: script, shape, size) { steps, lists, items in
            let folder = try TemporaryFolder()
            let clock = TestClock()
            let full = folder.file("full.plist")
            let partial = folder.file("partial.plist")
            let start = Self.book(lists: lists, items: items, seed: UInt64(steps.count * 100 + items))
            // The file this program saved, or one the iOS app or another program wrote, with
            // class names without a module prefix or with another one.
            let bytes: [UInt8]
            switch (steps.count + lists) % 3 {
            case 0: bytes = start.archived()
            case 1: bytes = Self.archivedAsElsewhere(start, NoModule.self)
            default: bytes = Self.archivedAsElsewhere(start, OtherModule.self)
            }
            try TemporaryFolder.write(bytes, to: full)
            if bytes == start.archived() {
                try Self.writeAsOurs(bytes, to: partial)
            } else {
                try TemporaryFolder.write(bytes, to: partial)
            }
            let markdown = folder.file("Lists.md")
            try TemporaryFolder.write(Array(Self.imported.utf8), to: markdown)
            for (number, step) in steps.enumerated() {
                let line = Self.commands[step].replacing("{md}", with: markdown)
                // Now and then the file is one from elsewhere, as a copy would leave it: not noted
                // as this program's last save, so it is loaded and encoded whole.
                if (number + items) % 3 == 0 { unlink(partial + ".lock") }
                let ours = Self.isOurs(partial)
                // Both runs, and every load compared, in one local time zone: `due` and `repeat`
                // read it, a whole day is read at its local start, and other tests running
                // meanwhile set it (`LocalZone`).
                let (before, expected, partialRun, loaded) = try LocalZone.with(LocalZone.utc) {
                    let before = try Self.load(full, clock: clock)
                    let expected = try Self.oneShot(line, path: full, scope: .everything, clock: clock)
                    let partialRun = try Self.openAndRun(line, path: partial, scope: .currentChecklist, clock: clock)
                    return (
                        before, expected, partialRun,
                        (partial: try Self.load(partial, clock: clock), full: try Self.load(full, clock: clock))
                    )
                }
                let (got, leftUnread) = partialRun
                // A file this program wrote loads in part: only the current checklist is read, if
                // any, and only for a command that needs its items.
                let readsCurrent = try Command.parse(CommandWords.split(line))?.reach.readsCurrentItems ?? true
                let read = readsCurrent && before.currentIndex != nil ? 1 : 0
                #expect(leftUnread == (ours && before.checklists.count > read), "\(line)")
                #expect(got.lines.map(\.text) == expected.lines.map(\.text), "\(line)")
                #expect(got.error == expected.error, "\(line)")
                #expect(loaded.partial == loaded.full, "after \(line)")
                clock.now += 61
            }
            // Foundation, the iOS app's decoder, reads the edited file as it reads the full one
            // (neither, when nothing changed a file with other class names).
            let edited = try? FoundationChecklist.unarchived(from: #require(TemporaryFolder.bytes(partial)))
            let encoded = try? FoundationChecklist.unarchived(from: #require(TemporaryFolder.bytes(full)))
            #expect(edited?.map(\.summary) == encoded?.map(\.summary))
        }
    }

    /// One checklist of 10,000 items, each with a note, two tags, a priority and a due date (the
    /// rich file of the benchmarks), and a small one: every change a big list gets, undo and redo
    /// too, saves in part what a full load saves, and the file stays this program's own, so the
    /// next change loads in part again.
    @Test func oneBigRichChecklistSavesWhatAFullLoadSaves() throws {
        let folder = try TemporaryFolder()
        let clock = TestClock()
        let full = folder.file("full.plist")
        let partial = folder.file("partial.plist")
        let items = (0..<10_000).map { index in
            var item = ChecklistItem(
                text: "item \(index) with some text", itemID: index, created: TestTime.now - Double(index))
            item.due = CalendarDay(year: 2027, month: 1 + index % 12, day: 1 + index % 28).map { .day($0) }
            item.note = "A note of item \(index): what to bring"
            item.tags = ["tag\(index % 7)", "area\(index % 3)"]
            item.priority = [1, 5, 9][index % 3]
            item.checked = index % 4 == 0
            return item
        }
        let other = Checklist(name: "Other", items: [ChecklistItem(text: "far", itemID: 10_000, created: TestTime.now)])
        let start = ChecklistBook(
            checklists: [Checklist(name: "Big", items: items), other], currentIndex: 0, nextItemID: 10_001)
        try TemporaryFolder.write(start.archived(), to: full)
        try Self.writeAsOurs(start.archived(), to: partial)
        let script = [
            "add x", "toggle 5", "check 10000", "edit 2 renamed", "tag 3 +new", "untag 1 +TAG0", "note 4 changed",
            "priority 6 low", "due 7 tomorrow", "delete 8", "move 10 1", "undo", "undo", "redo", "add y +tag1 !!",
        ]
        for line in script {
            let (expected, partialRun, loaded) = try LocalZone.with(LocalZone.utc) {
                let expected = try Self.oneShot(line, path: full, scope: .everything, clock: clock)
                let partialRun = try Self.openAndRun(line, path: partial, scope: .currentChecklist, clock: clock)
                return (
                    expected, partialRun,
                    (partial: try Self.load(partial, clock: clock), full: try Self.load(full, clock: clock))
                )
            }
            #expect(partialRun.leftUnread, "\(line) loads in part")
            #expect(partialRun.result.lines.map(\.text) == expected.lines.map(\.text), "\(line)")
            #expect(partialRun.result.error == expected.error, "\(line)")
            #expect(loaded.partial == loaded.full, "after \(line)")
            #expect(Self.isOurs(partial), "after \(line)")
            clock.now += 61
        }
        let edited = try FoundationChecklist.unarchived(from: #require(TemporaryFolder.bytes(partial)))
        let encoded = try FoundationChecklist.unarchived(from: #require(TemporaryFolder.bytes(full)))
        #expect(edited.map(\.summary) == encoded.map(\.summary))
        #expect(edited.first?.items.count == 10_001)
    }

    /// `book` as another program writes it: its classes named with `Module`'s prefix, its items
    /// with the iOS app's keys and our `Repeat`.
    static func archivedAsElsewhere<Module: ModulePrefix>(_ book: ChecklistBook, _: Module.Type) -> [UInt8] {
        let lists = book.checklists.map { list in
            TestArchivedList<Module>(
                list.name,
                list.items.map { item in
                    TestArchivedItem<Module>(
                        item.text, checked: item.checked, dueDate: item.archivedDate, shouldRemind: item.shouldRemind,
                        itemID: item.itemID, hasDueDate: item.due != nil, repeatRule: item.repeatRule?.rrule)
                }, iconName: list.iconName)
        }
        return TestArchive.checklists(lists, index: book.currentIndex ?? -1, nextItemID: book.nextItemID)
    }

    /// A data file of 10 checklists of 300 items in a new folder: its path, its book, a clock.
    static func tenLists() throws -> (folder: TemporaryFolder, path: String, start: ChecklistBook, clock: TestClock) {
        let folder = try TemporaryFolder()
        let path = folder.file("Checklists.plist")
        let start = Self.book(lists: 10, items: 300)
        try Self.writeAsOurs(start.archived(), to: path)
        return (folder, path, start, TestClock())
    }

    /// Whether `bytes` start with nine tenths of `original`'s objects as they were: an edit, not
    /// a full encode.
    static func carriesTheObjects(of original: [UInt8], _ bytes: [UInt8]) -> Bool {
        let objectsEnd = original.suffix(8).reduce(0) { $0 << 8 | Int($1) }
        return zip(bytes, original).prefix { $0 == $1 }.count > objectsEnd * 9 / 10
    }

    /// A tag in use in any checklist keeps its first spelling, one-shot too (found by the test
    /// above: a one-shot `untag 1 +X` named `+X` where a full load named the `+x` of a checklist
    /// not loaded, and `tag 1 +X` stored `X`), whether the store was opened for the command's reach
    /// or in part.
    @Test func tagAndUntagSpellATagAsTheOtherChecklistsHoldIt() throws {
        for scope in [LoadScope.everything, .currentChecklist] {
            let folder = try TemporaryFolder()
            let path = folder.file("Checklists.plist")
            var paint = ChecklistItem(text: "Paint", itemID: 1, created: 0)
            paint.tags = ["x"]
            let start = ChecklistBook(
                checklists: [
                    Checklist(name: "Current", items: [ChecklistItem(text: "Milk", itemID: 0, created: 0)]),
                    Checklist(name: "Other", items: [paint]),
                ], currentIndex: 0, nextItemID: 2)
            try Self.writeAsOurs(start.archived(), to: path)
            let clock = TestClock()
            #expect(try Command.parse(CommandWords.split("tag 1 +X"))?.reach.scope == .everything)
            let refused = try Self.oneShot("untag 1 +X", path: path, scope: scope, clock: clock)
            #expect(refused.error == "the item does not carry +x; info ITEM shows an item's tags", "\(scope)")
            #expect(try Self.oneShot("tag 1 +X", path: path, scope: scope, clock: clock).error == nil)
            #expect(try Self.load(path, clock: clock).checklists[0].items[0].tags == ["x"], "\(scope)")
        }
    }

    @Test func aChangeCarriesTheOtherChecklistsBytesOver() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let (folder, path, start, clock) = try Self.tenLists()
            defer { withExtendedLifetime(folder) {} }
            let result = try Self.oneShot("add one more", path: path, scope: .currentChecklist, clock: clock)
            #expect(result.error == nil)
            let bytes = try #require(TemporaryFolder.bytes(path))
            // Every object of the original is still there byte for byte: the new file starts with
            // the original's objects, all but its last few (the envelope, `$objects`), which the
            // edit wrote anew after the new item, followed by the offset table. No full encode.
            #expect(Self.carriesTheObjects(of: start.archived(), bytes))
            #expect(try bytes != Self.load(path, clock: clock).archived())
            let book = try Self.load(path, clock: clock)
            #expect(book.current?.items.last?.text == "one more")
            #expect(book.checklists.map(\.items.count) == start.checklists.indices.map { $0 == 5 ? 301 : 300 })
        }
    }

    @Test func aNewChecklistIsAnEditThatCarriesTheOthersOver() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let (folder, path, start, clock) = try Self.tenLists()
            defer { withExtendedLifetime(folder) {} }
            let (result, leftUnread) = try Self.openAndRun(
                "new Groceries", path: path, scope: .currentChecklist, clock: clock)
            #expect(leftUnread)
            #expect(result.error == nil)
            let bytes = try #require(TemporaryFolder.bytes(path))
            #expect(Self.carriesTheObjects(of: start.archived(), bytes))
            let book = try Self.load(path, clock: clock)
            #expect(book.current?.name == "Groceries" && book.current?.items.isEmpty == true)
            #expect(book.checklists.count == 11)
            let others = book.checklists.filter { $0.name != "Groceries" }
            #expect(others.map(\.items.count) == Array(repeating: 300, count: 10))
            // A name the file holds is refused, and the file stays as it was.
            let again = try Self.oneShot("new groceries", path: path, scope: .currentChecklist, clock: clock)
            #expect(again.error != nil)
            #expect(TemporaryFolder.bytes(path) == bytes)
        }
    }

    @Test func aRenameOrANewIconIsAnEditThatKeepsTheItems() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let (folder, path, start, clock) = try Self.tenLists()
            defer { withExtendedLifetime(folder) {} }
            for line in ["rename Caf\u{E9} \u{1F600}", "icon trips"] {
                let before = try #require(TemporaryFolder.bytes(path))
                let result = try Self.oneShot(line, path: path, scope: .currentChecklist, clock: clock)
                #expect(result.error == nil, "\(line)")
                #expect(Self.carriesTheObjects(of: before, try #require(TemporaryFolder.bytes(path))), "\(line)")
            }
            var expected = start
            _ = expected.update(at: 5) {
                $0.name = "Caf\u{E9} \u{1F600}"
                $0.iconName = "Trips"
            }
            #expect(try Self.load(path, clock: clock) == expected)
            let foundation = try FoundationChecklist.unarchived(from: #require(TemporaryFolder.bytes(path)))
            let encoded = try FoundationChecklist.unarchived(from: expected.archived())
            #expect(foundation.map(\.summary) == encoded.map(\.summary))
        }
    }

    @Test func droppingAChecklistReadsOnlyItsItemsAndUndoBringsThemBack() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let (folder, path, start, clock) = try Self.tenLists()
            defer { withExtendedLifetime(folder) {} }
            let journal = folder.file("undo")
            func run(_ line: String) throws -> CommandResult {
                let store = try ChecklistStore(path: path, clock: clock.function, scope: .currentChecklist)
                return Session(store: store, clock: clock.function, journal: UndoJournal(path: journal)).run(line)
            }
            let original = try #require(TemporaryFolder.bytes(path))
            // List 2 is not the current checklist: its items are read for the message and for undo.
            #expect(
                try run("drop List 2").lines.map(\.text) == ["dropped List 2 and its 300 items; undo brings it back"])
            let dropped = try #require(TemporaryFolder.bytes(path))
            #expect(Self.carriesTheObjects(of: original, dropped))
            var expected = start
            expected.remove(at: 2)
            #expect(try Self.load(path, clock: clock) == expected)
            // Undo puts a checklist of 300 items back as an edit: what was carried stays, and the
            // file is not what a full encode makes.
            #expect(try run("undo").error == nil)
            let undone = try #require(TemporaryFolder.bytes(path))
            #expect(Self.carriesTheObjects(of: dropped, undone))
            #expect(try undone != Self.load(path, clock: clock).archived())
            let restored = try Self.load(path, clock: clock)
            #expect(restored.checklists.map(\.name).sorted() == start.checklists.map(\.name).sorted())
            #expect(restored.checklists.first { $0.name == "List 2" } == start.checklists[2])
            // Undo and redo of a change of items are edits: the file is not what a full encode makes.
            for line in ["check 3", "undo", "redo"] {
                #expect(try run(line).error == nil, "\(line)")
                #expect(try TemporaryFolder.bytes(path) != Self.load(path, clock: clock).archived(), "\(line)")
            }
            #expect(
                try Self.load(path, clock: clock).current?.items[2].checked == !start.checklists[5].items[2].checked)
            // IDs in checklists not loaded read those checklists, found by their items' IDs: an edit.
            #expect(try run("uncheck #7 #650").error == nil)
            #expect(try TemporaryFolder.bytes(path) != Self.load(path, clock: clock).archived())
            let checked = try Self.load(path, clock: clock)
            #expect(checked.checklists.first { $0.name == "List 0" }?.items[7].checked == false)
            #expect(checked.checklists.first { $0.name == "List 2" }?.items[50].checked == false)
            #expect(try run("check #99999").error == "no item #99999; show or find TEXT lists the items with their IDs")
        }
    }

    @Test func manyChangesStayWithinTheDeadShareAndCompact() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let folder = try TemporaryFolder()
            let clock = TestClock()
            let path = folder.file("Checklists.plist")
            try Self.writeAsOurs(Self.book(lists: 4, items: 200).archived(), to: path)
            var lengths: [Int] = []
            for index in 0..<400 {
                let result = try Self.oneShot("add more \(index)", path: path, scope: .currentChecklist, clock: clock)
                #expect(result.error == nil)
                let book = try Self.load(path, clock: clock)
                let compact = book.archived().count
                let length = TemporaryFolder.bytes(path)?.count ?? 0
                // At most a quarter dead: about a third over the compact size at the most.
                #expect(length * 10 <= compact * 14, "change \(index)")
                lengths.append(length)
            }
            // The file shrank at least once: a full encode dropped what the edits left behind.
            #expect(zip(lengths, lengths.dropFirst()).contains { $0 > $1 })
            #expect(try Self.load(path, clock: clock).current?.items.count == 600)
        }
    }

    @Test func clearingManyItemsAgainAndAgainStaysWithinTheDeadShare() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let folder = try TemporaryFolder()
            let clock = TestClock()
            let path = folder.file("Checklists.plist")
            try Self.writeAsOurs(Self.book(lists: 3, items: 100).archived(), to: path)
            for round in 0..<12 {
                for item in 0..<25 {
                    _ = try Self.oneShot(
                        "add round \(round) item \(item) with a longer text", path: path, scope: .currentChecklist,
                        clock: clock)
                }
                _ = try Self.oneShot("check 1-125", path: path, scope: .currentChecklist, clock: clock)
                _ = try Self.oneShot("clear", path: path, scope: .currentChecklist, clock: clock)
                let compact = try Self.load(path, clock: clock).archived().count
                let length = TemporaryFolder.bytes(path)?.count ?? 0
                #expect(length * 10 <= compact * 14, "round \(round): \(length) bytes, \(compact) compact")
            }
        }
    }

    @Test func damageInAChecklistNotLoadedRefusesTheChangeAndKeepsTheFile() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let folder = try TemporaryFolder()
            let clock = TestClock()
            let path = folder.file("Checklists.plist")
            // The current checklist is sound; an item of another one has a number for its text.
            let bytes = Self.currentAndOther([TestArchivedItem("broken", dueDate: 0, itemID: 1)], nextItemID: 2)
            let damaged = try #require(Self.replacingText("broken", withIntegerIn: bytes))
            try TemporaryFolder.write(damaged, to: path)
            let reported = #expect(throws: StoreError.self) {
                _ = try Self.oneShot("add x", path: path, scope: .everything, clock: clock)
            }
            #expect(TemporaryFolder.bytes(path) == damaged)
            for line in ["add x", "check 1", "rename Renamed", "new Zed", "uncheck 1", "undo"] {
                // Not this program's file: loaded whole, which reports what a full load reports.
                let error = #expect(throws: StoreError.self, "\(line)") {
                    _ = try Self.oneShot(line, path: path, scope: .currentChecklist, clock: clock)
                }
                #expect(error.map { "\($0)" } == reported.map { "\($0)" }, "\(line)")
                #expect(error?.exitStatus == .dataError, "\(line)")
                #expect(TemporaryFolder.bytes(path) == damaged)
                let left = FileSystem.names(in: folder.path).filter { !$0.hasPrefix(".") }.sorted()
                #expect(!left.contains { $0.contains(".tmp-") }, "no temporary file is left")
            }
        }
    }

    @Test func aFileFromElsewhereIsLoadedAndEncodedWholeThenEditedAsOurs() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let (folder, path, _, clock) = try Self.tenLists()
            let full = folder.file("full.plist")
            try TemporaryFolder.write(#require(TemporaryFolder.bytes(path)), to: full)
            for (number, line) in ["add x", "check 2", "drop List 3", "undo"].enumerated() {
                // Every other time a file from elsewhere: the note of this program's last save is gone.
                let fromElsewhere = number % 2 == 0
                if fromElsewhere { unlink(path + ".lock") }
                let before = try #require(TemporaryFolder.bytes(path))
                let (result, leftUnread) = try Self.openAndRun(line, path: path, scope: .currentChecklist, clock: clock)
                let expected = try Self.oneShot(line, path: full, scope: .everything, clock: clock)
                #expect(leftUnread == !fromElsewhere, "\(line): a file from elsewhere is read whole")
                #expect(result.lines.map(\.text) == expected.lines.map(\.text), "\(line)")
                let after = try #require(TemporaryFolder.bytes(path))
                let loaded = try Self.load(path, clock: clock)
                if fromElsewhere {
                    #expect(after == loaded.archived(), "\(line): encoded whole")
                } else {
                    #expect(Self.carriesTheObjects(of: before, after), "\(line): an edit")
                }
                #expect(loaded == (try Self.load(full, clock: clock)), "after \(line)")
                #expect(Self.isOurs(path), "\(line): noted as this program's own")
            }
        }
    }

    @Test func itemsOfAFileFromElsewhereGetIDsAboveEveryIDItHolds() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            // An ID above the file's next ID, in a checklist a load in part would not read: the full
            // load sees it, and an item added gets the ID after it.
            let bytes = Self.currentAndOther([TestArchivedItem("above", dueDate: 0, itemID: 7)], nextItemID: 2)
            let folder = try TemporaryFolder()
            let clock = TestClock()
            let path = folder.file("Checklists.plist")
            try TemporaryFolder.write(bytes, to: path)
            #expect(try Self.oneShot("add x", path: path, scope: .currentChecklist, clock: clock).error == nil)
            #expect(try Self.load(path, clock: clock).current?.items.last?.itemID == 8)
        }
    }

    @Test func aFileThisProgramSavedIsKnownUntilAnythingElseTouchesIt() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let folder = try TemporaryFolder()
            let clock = TestClock()
            let path = folder.file("Checklists.plist")
            try TemporaryFolder.write(Self.book(lists: 3, items: 20).archived(), to: path)
            let store = try ChecklistStore(path: path, clock: clock.function)
            let lock = store.lockPath
            // Written by another program (here, the test): not known.
            #expect(try !ChecklistStore.wroteLast(#require(ChangeRecord.of(path)), lock))
            _ = try Self.oneShot("add x", path: path, scope: .currentChecklist, clock: clock)
            #expect(try ChecklistStore.wroteLast(#require(ChangeRecord.of(path)), lock))
            // The same bytes written in place: the file changed behind the program's back.
            let bytes = try #require(TemporaryFolder.bytes(path))
            let file = open(path, O_WRONLY)
            #expect(pwrite(file, bytes, bytes.count, 0) == bytes.count)
            close(file)
            #expect(try !ChecklistStore.wroteLast(#require(ChangeRecord.of(path)), lock))
        }
    }

    @Test func theOtherChecklistsOfAFileThisProgramSavedAreCountedAndReadOnlyWhenLoaded() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let book = Self.book(lists: 3, items: 20)
            let bytes = book.archived()
            let (partial, layout) = try #require(ChecklistBook.partlyLoaded(archive: bytes))
            let others = book.checklists.indices.filter { $0 != book.currentIndex }
            #expect(
                others.map { partial.checklists[$0].unloadedItemCount }
                    == others.map { book.checklists[$0].items.count })
            #expect(others.allSatisfy { layout.lists[book.checklists[$0].name]?.itemUIDs == nil })
            // Loading everything reads the counted checklists in full.
            #expect(
                try layout.loadingEverything(of: partial, loadTime: 0)
                    == (try ChecklistBook(archive: bytes, loadTime: 0)))
        }
    }

    @Test func aFileThatReplacedTheSavedOneIsNotNotedAsThisProgramsOwn() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let folder = try TemporaryFolder()
            let path = folder.file("Checklists.plist")
            let other = folder.file("other.plist")
            try TemporaryFolder.write(Self.book(lists: 2, items: 3).archived(), to: path)
            try TemporaryFolder.write(Self.book(lists: 2, items: 4).archived(), to: other)
            let saved = try #require(FileSystem.stamp(path))
            let record = try #require(ChangeRecord.of(path))
            #expect(ChecklistStore.note(of: record, saved: saved) == ChecklistStore.notePrefix + record.text)
            // Another file renamed over the saved one before its record was taken: no note.
            let otherRecord = try #require(ChangeRecord.of(other))
            #expect(ChecklistStore.note(of: otherRecord, saved: saved) == "")
            #expect(ChecklistStore.note(of: nil, saved: saved) == "")
            #expect(ChecklistStore.note(of: record, saved: nil) == "")
        }
    }

    @Test func damageAfterThisProgramsLastSaveIsStillFound() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let folder = try TemporaryFolder()
            let clock = TestClock()
            let path = folder.file("Checklists.plist")
            let bytes = Self.currentAndOther([TestArchivedItem("broken", dueDate: 0, itemID: 1)], nextItemID: 2)
            try TemporaryFolder.write(bytes, to: path)
            // Saved by this program, then damaged in place by something else.
            _ = try Self.oneShot("add y", path: path, scope: .currentChecklist, clock: clock)
            let saved = try #require(TemporaryFolder.bytes(path))
            let damaged = try #require(Self.replacingText("broken", withIntegerIn: saved))
            let file = open(path, O_WRONLY)
            #expect(pwrite(file, damaged, damaged.count, 0) == damaged.count)
            close(file)
            // Damaged since: no longer noted as this program's, so loaded whole, and refused.
            #expect(!Self.isOurs(path))
            for line in ["add x", "uncheck 1"] {
                let error = #expect(throws: StoreError.self) {
                    _ = try Self.oneShot(line, path: path, scope: .currentChecklist, clock: clock)
                }
                #expect(error?.exitStatus == .dataError, "\(line)")
            }
            #expect(TemporaryFolder.bytes(path) == damaged)
        }
    }

    /// A data file in `folder` of three checklists of 50 items, and a session over one store that
    /// loads only the current checklist, as a one-shot change does, kept for several changes.
    static func threeListsOfFifty(in folder: TemporaryFolder, clock: TestClock) throws -> (String, Session) {
        let path = folder.file("Checklists.plist")
        try writeAsOurs(book(lists: 3, items: 50).archived(), to: path)
        let store = try ChecklistStore(path: path, clock: clock.function, scope: .currentChecklist)
        return (path, Session(store: store, clock: clock.function))
    }

    @Test func aSecondChangeThroughTheSameStoreReadsTheEditedFile() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let folder = try TemporaryFolder()
            let clock = TestClock()
            let (path, session) = try Self.threeListsOfFifty(in: folder, clock: clock)
            for line in ["add first", "check 1", "add second"] {
                let result = session.run(line)
                #expect(result.error == nil && result.notices.isEmpty, "\(line): \(result.notices)")
            }
            let book = try Self.load(path, clock: clock)
            #expect(book.current?.items.suffix(2).map(\.text) == ["first", "second"])
            #expect(book.current?.items.first?.checked == true)
            #expect(book.checklists.map(\.items.count) == [50, 52, 50])
        }
    }

    @Test func aRereadThatFailsAfterAnEditIsTriedAgainAndNothingIsSavedEmpty() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let folder = try TemporaryFolder()
            let clock = TestClock()
            let (path, session) = try Self.threeListsOfFifty(in: folder, clock: clock)
            #expect(session.run("add first").error == nil)
            let edited = try #require(TemporaryFolder.bytes(path))
            var info = stat()
            #expect(stat(path, &info) == 0)
            // The file reads as something else for a moment (a read error, bytes changed in place), its
            // stamp kept: the reread after the edit fails, and the change with it.
            Self.overwriteInPlace(path, with: [UInt8](repeating: 0x20, count: edited.count), keeping: info)
            #expect(session.run("add second").error != nil)
            #expect(TemporaryFolder.bytes(path) == [UInt8](repeating: 0x20, count: edited.count))
            // Back as the edit left it, the stamp still the same: the file is read again, not taken
            // for the book in memory, whose other checklists hold no items.
            Self.overwriteInPlace(path, with: edited, keeping: info)
            #expect(session.run("add third").error == nil)
            let book = try Self.load(path, clock: clock)
            #expect(book.checklists.map(\.items.count) == [50, 52, 50])
            #expect(book.current?.items.suffix(2).map(\.text) == ["first", "third"])
        }
    }

    @Test func aFileThisProgramSavedWithTheNextIDPastTheLimitIsLoadedInFull() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let folder = try TemporaryFolder()
            let clock = TestClock()
            // The next ID at the limit (a damaged file, or one from elsewhere): the IDs handed out
            // pass it, and a file that notes a next ID past it says nothing of the IDs it holds.
            let bytes = TestArchive.checklists(
                [
                    TestArchivedList<IOSAppModule>("Current", [TestArchivedItem("fine", dueDate: 0, itemID: 0)]),
                    TestArchivedList<IOSAppModule>("Other"),
                ], index: 0, nextItemID: 1 << 53)
            let full = folder.file("full.plist")
            let partial = folder.file("partial.plist")
            try TemporaryFolder.write(bytes, to: full)
            try TemporaryFolder.write(bytes, to: partial)
            for line in ["add a", "use Other", "add b"] {
                _ = try Self.oneShot(line, path: full, scope: .everything, clock: clock)
                let scope: LoadScope = line.hasPrefix("use") ? .everything : .currentChecklist
                _ = try Self.oneShot(line, path: partial, scope: scope, clock: clock)
                #expect(try Self.load(partial, clock: clock) == Self.load(full, clock: clock), "after \(line)")
            }
            let ids = try TestArchive.read(#require(TemporaryFolder.bytes(partial))).flatMap(\.items).compactMap(
                \.itemID)
            #expect(Set(ids).count == 3)
        }
    }

    @Test func checklistsSharingOneItemsArrayAreLoadedInFull() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let folder = try TemporaryFolder()
            let clock = TestClock()
            // Two empty checklists whose `Items` are the same array object, as an archiver that
            // shares equal objects (Foundation's one empty NSArray) writes them.
            let bytes = TestArchive.checklists(
                [TestArchivedList<IOSAppModule>("Alpha"), TestArchivedList<IOSAppModule>("Beta")], index: 0,
                nextItemID: 0)
            let shared = try #require(Self.sharingItems(of: "Beta", with: "Alpha", in: bytes))
            let book = try Self.addLoadingInFull(to: shared, in: folder, named: "shared", clock: clock, noted: true)
            #expect(book.checklists.map(\.items.count) == [1, 0])
        }
    }

    /// Runs a one-shot `add x` on `bytes` loaded in full and loaded for the current checklist
    /// (files in `folder` named after `name`, the second `noted` as this program's or not),
    /// expecting the second to load in full too and to save what the first saves; returns that book.
    static func addLoadingInFull(
        to bytes: [UInt8], in folder: TemporaryFolder, named name: String, clock: TestClock, noted: Bool = false
    ) throws -> ChecklistBook {
        let full = folder.file("full-\(name).plist")
        let partial = folder.file("partial-\(name).plist")
        try TemporaryFolder.write(bytes, to: full)
        if noted { try writeAsOurs(bytes, to: partial) } else { try TemporaryFolder.write(bytes, to: partial) }
        #expect(
            try ChecklistStore(path: partial, clock: clock.function, scope: .currentChecklist).book.checklists
                .allSatisfy { $0.unloadedItemCount == nil })
        _ = try oneShot("add x", path: full, scope: .everything, clock: clock)
        _ = try oneShot("add x", path: partial, scope: .currentChecklist, clock: clock)
        let book = try load(partial, clock: clock)
        #expect(book == (try load(full, clock: clock)))
        return book
    }

    @Test func filesThatNeedRepairsAreLoadedInFull() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let folder = try TemporaryFolder()
            let clock = TestClock()
            // Another checklist's items without due dates or IDs, or with a repeated ID (never in a
            // file this program wrote): a full load gives them the time of loading and fresh IDs, and
            // the change saves them so.
            let cases: [[TestArchivedItem<IOSAppModule>]] = [
                [TestArchivedItem("no date", itemID: 5)],
                [TestArchivedItem("no id", dueDate: 0)],
                [TestArchivedItem("repeated", dueDate: 0, itemID: 0)],
                [TestArchivedItem("too big", dueDate: 0, itemID: 1 << 60)],
            ]
            for (index, others) in cases.enumerated() {
                _ = try Self.addLoadingInFull(
                    to: Self.currentAndOther(others, nextItemID: 1), in: folder, named: "\(index)", clock: clock)
            }
        }
    }

    @Test func aNaNDateInAChecklistNotLoadedGetsTheLoadTimeWhenReadInFull() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            // When the save reads the checklists not loaded in full (to encode the whole book), it
            // repairs a NaN date as a full load does, rather than writing the NaN back.
            let bytes = Self.currentAndOther([TestArchivedItem("not a time", dueDate: .nan, itemID: 1)], nextItemID: 2)
            let (book, layout) = try #require(ChecklistBook.partlyLoaded(archive: bytes))
            #expect(book.checklists.map(\.unloadedItemCount) == [nil, 1])
            let whole = try layout.loadingEverything(of: book, loadTime: 42)
            #expect(whole == (try ChecklistBook(archive: bytes, loadTime: 42)))
            #expect(whole.checklists.last?.items.map(\.archivedDate) == [42])
        }
    }

    @Test func checklistsStoredOutOfOrderAreSortedByTheEdit() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            let folder = try TemporaryFolder()
            let clock = TestClock()
            let path = folder.file("Checklists.plist")
            let items = (0..<300).map { (index: Int) in
                TestArchivedItem<IOSAppModule>("item \(index)", dueDate: 0, itemID: index)
            }
            let bytes = TestArchive.checklists(
                [
                    TestArchivedList<IOSAppModule>("Zebra", Array(items[0..<100])),
                    TestArchivedList<IOSAppModule>("Apple", Array(items[100..<200])),
                    TestArchivedList<IOSAppModule>("Mango", Array(items[200..<300])),
                ], index: 0, nextItemID: 300)
            try Self.writeAsOurs(bytes, to: path)
            let result = try Self.oneShot("add x", path: path, scope: .currentChecklist, clock: clock)
            #expect(result.error == nil)
            let written = try #require(TemporaryFolder.bytes(path))
            let names = try TestArchive.read(written).map(\.name)
            #expect(names == ["Apple", "Mango", "Zebra"])
            let book = try Self.load(path, clock: clock)
            #expect(book.current?.name == "Zebra" && book.current?.items.last?.text == "x")
        }
    }

    /// Writes `bytes` into the file at `path` in place, then sets its times back to those of
    /// `info`: the same inode, size and modification time, so the same stamp.
    static func overwriteInPlace(_ path: String, with bytes: [UInt8], keeping info: stat) {
        let file = open(path, O_WRONLY)
        #expect(file >= 0 && pwrite(file, bytes, bytes.count, 0) == bytes.count)
        let times = [info.st_atim, info.st_mtim]
        #expect(futimens(file, times) == 0)
        close(file)
    }

    /// The archive `bytes` with the checklist named `name` given the `Items` array object of the
    /// checklist named `owner`; `nil` when either is not there.
    static func sharingItems(of name: String, with owner: String, in bytes: [UInt8]) -> [UInt8]? {
        guard case .dictionary(var root)? = try? PropertyListReader.read(bytes),
            case .array(var objects)? = root["$objects"]
        else { return nil }
        func list(_ wanted: String) -> Int? {
            objects.indices.first { index in
                guard case .dictionary(let fields) = objects[index], case .uid(let uid)? = fields["Name"],
                    Int(uid) < objects.count
                else { return false }
                return objects[Int(uid)] == .string(wanted)
            }
        }
        guard let target = list(name), let source = list(owner), case .dictionary(var fields) = objects[target],
            case .dictionary(let ownerFields) = objects[source], let items = ownerFields["Items"]
        else { return nil }
        fields["Items"] = items
        objects[target] = .dictionary(fields)
        root["$objects"] = .array(objects)
        return BinaryPropertyListWriter.write(.dictionary(root))
    }

    /// `bytes` with the string object `text` (ASCII) made an integer of the same length, so that
    /// the item whose text it is fails to decode; `nil` when the string is not there.
    static func replacingText(_ text: String, withIntegerIn bytes: [UInt8]) -> [UInt8]? {
        let needle = [0x50 | UInt8(text.utf8.count)] + Array(text.utf8)
        guard text.utf8.count == 6,
            let start = bytes.indices.dropLast(needle.count).first(where: {
                bytes[$0..<$0 + needle.count].elementsEqual(needle)
            })
        else { return nil }
        var damaged = bytes
        // An 8-byte integer takes 9 bytes, one more than the string: a 4-byte one (5) and padding.
        damaged.replaceSubrange(start..<start + 7, with: [0x12, 0, 0, 0, 7, 0x00, 0x00])
        return damaged
    }

    /// The loaded checklist's booleans are named for the edit, which gives them to the item it
    /// encodes instead of looking through the file for such objects; a name that is not a
    /// boolean of its value is not taken.
    @Test func anEditSharesTheBooleansOfTheLoadedChecklist() throws {
        // Whole days are stored at their local start: one zone, whatever other tests set.
        try LocalZone.with(LocalZone.utc) {
            // Items of few shapes, all read in place (SPEC §13's fields make many shapes).
            let book = Self.book(lists: 3, items: 20, rich: false)
            let bytes = book.archived()
            let (partial, layout) = try #require(ChecklistBook.partlyLoaded(archive: bytes))
            let (no, yes) = layout.booleanObjects
            #expect(no != nil && yes != nil)
            var changed = partial
            let current = try #require(changed.currentIndex)
            let position = try #require(changed.checklists[current].items.firstIndex { !$0.checked })
            _ = changed.update(at: current) { $0.items[position].checked = true }
            let expected = try layout.loadingEverything(of: changed, loadTime: 0)
            var misnamed = layout
            misnamed.booleanObjects = (yes, no)
            for named in [layout, misnamed] {
                let edited = try #require(try changed.edit(of: named))
                let file = edited.bytes(original: bytes)
                #expect(try ChecklistBook(archive: file, loadTime: 0) == expected)
            }
        }
    }
}
