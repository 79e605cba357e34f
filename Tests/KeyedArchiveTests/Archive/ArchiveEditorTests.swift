import Foundation
import KeyedArchive
import TestSupport
import Testing

/// The edits of one round on a checklist file, applied both to the model and through an `ArchiveEditor`.
private struct EditRound {
    var model: ArchivableChecklistFile
    var editor: ArchiveEditor
    var map: ChecklistArchiveMap
    /// Lists whose item UIDs are unknown since they were replaced or appended whole.
    var stale: Set<Int> = []

    init(model: ArchivableChecklistFile, file: [UInt8]) throws {
        self.model = model
        editor = try ArchiveEditor(file: file)
        map = try ChecklistArchiveMap(file)
    }

    /// One random edit, as a one-shot command would make it.
    mutating func edit(using random: inout SplitMix64) throws {
        let editable = model.checklists.indices.filter { !stale.contains($0) }
        let withItems = editable.filter { !model.checklists[$0].items.isEmpty }
        switch Int.random(in: 0..<8, using: &random) {
        case 0...1 where !editable.isEmpty:
            // add: a new item (its text often one the file has), the list's array, the next ID.
            let list = random.pick(editable)
            var item = RandomChecklists.item(using: &random)
            if random.chance(1, in: 2), let existing = model.checklists.flatMap(\.items).first {
                item.text = existing.text
            }
            item.itemID = model.nextItemID
            let uid = editor.append(item)
            model.checklists[list].items.append(item)
            map.lists[list].itemUIDs.append(uid)
            try editor.replaceArray(map.lists[list].items, elements: map.lists[list].itemUIDs)
            model.nextItemID &+= 1
            editor.setTopInteger(model.nextItemID, forKey: "ChecklistItemID")
        case 2 where !withItems.isEmpty:
            // edit, check, due: the item replaced.
            let list = random.pick(withItems)
            let position = Int.random(in: model.checklists[list].items.indices, using: &random)
            var item = model.checklists[list].items[position]
            if random.chance(1, in: 2) { item.checked.toggle() } else { item.text = RandomText.string(using: &random) }
            model.checklists[list].items[position] = item
            try editor.replace(map.lists[list].itemUIDs[position], with: item)
        case 3 where !withItems.isEmpty:
            // delete
            let list = random.pick(withItems)
            let position = Int.random(in: model.checklists[list].items.indices, using: &random)
            model.checklists[list].items.remove(at: position)
            map.lists[list].itemUIDs.remove(at: position)
            try editor.replaceArray(map.lists[list].items, elements: map.lists[list].itemUIDs)
        case 4 where !withItems.isEmpty:
            // move
            let list = random.pick(withItems)
            let from = Int.random(in: model.checklists[list].items.indices, using: &random)
            let to = Int.random(in: model.checklists[list].items.indices, using: &random)
            model.checklists[list].items.insert(model.checklists[list].items.remove(at: from), at: to)
            map.lists[list].itemUIDs.insert(map.lists[list].itemUIDs.remove(at: from), at: to)
            try editor.replaceArray(map.lists[list].items, elements: map.lists[list].itemUIDs)
        case 5 where !editable.isEmpty:
            // rename or icon: the list's fields set (its items kept), or the whole list encoded again.
            let list = random.pick(editable)
            model.checklists[list].name = RandomText.string(using: &random)
            if random.chance(1, in: 2) {
                model.checklists[list].iconName = RandomText.string(using: &random)
                try editor.replaceStrings(
                    ofObject: map.lists[list].uid,
                    [("Name", model.checklists[list].name), ("IconName", model.checklists[list].iconName)])
            } else if random.chance(1, in: 2) {
                try editor.replaceStrings(ofObject: map.lists[list].uid, [("Name", model.checklists[list].name)])
            } else {
                try editor.replace(map.lists[list].uid, with: model.checklists[list])
                stale.insert(list)
            }
        case 6:
            // new list
            let checklist = RandomChecklists.checklist(using: &random)
            let uid = editor.append(checklist)
            model.checklists.append(checklist)
            map.lists.append(ChecklistArchiveMap.List(uid: uid, items: 0, itemUIDs: []))
            stale.insert(model.checklists.count - 1)
            try editor.replaceArray(map.checklists, elements: map.lists.map(\.uid))
        default:
            model.index = RandomChecklists.integer(using: &random)
            editor.setTopInteger(model.index, forKey: "ChecklistIndex")
        }
    }
}

@Suite("ArchiveEditor")
struct ArchiveEditorTests {
    /// A file of `lists` checklists of `items` items each, with repeated and distinct texts.
    static func bigFile(lists: Int, items: Int) -> ArchivableChecklistFile {
        let checklists = (0..<lists).map { list in
            ArchivableChecklist(
                name: "List \(list)",
                items: (0..<items).map { item in
                    ArchivableChecklistItem(
                        text: "Item \(item) of list \(list)", checked: item % 3 == 0,
                        dueDate: 700_000_000 + Double(item), shouldRemind: item % 7 == 0, itemID: list * items + item,
                        hasDueDate: item % 2 == 0)
                },
                iconName: "Folder")
        }
        return ArchivableChecklistFile(checklists: checklists, index: 0, nextItemID: lists * items)
    }

    /// The file an edit makes of `file`.
    static func applied(_ edited: EditedArchive, to file: [UInt8]) -> [UInt8] {
        edited.bytes(original: file)
    }

    /// The edit of `file` that appends `item` to checklist number `list`.
    static func appending(_ item: ArchivableChecklistItem, toList list: Int, of file: [UInt8]) throws -> EditedArchive {
        let map = try ChecklistArchiveMap(file)
        let editor = try ArchiveEditor(file: file)
        let uid = editor.append(item)
        try editor.replaceArray(map.lists[list].items, elements: map.lists[list].itemUIDs + [uid])
        return try #require(editor.finish())
    }

    /// The edit of `file` (the archive of `model`) that toggles item `item` of the first
    /// checklist, toggled in `model` too.
    static func toggling(item: Int, of model: inout ArchivableChecklistFile, in file: [UInt8]) throws -> EditedArchive {
        let map = try ChecklistArchiveMap(file)
        let editor = try ArchiveEditor(file: file)
        model.checklists[0].items[item].checked.toggle()
        try editor.replace(map.lists[0].itemUIDs[item], with: model.checklists[0].items[item])
        return try #require(editor.finish())
    }

    /// A new item with `text`.
    static func item(_ text: String, id: Int) -> ArchivableChecklistItem {
        ArchivableChecklistItem(
            text: text, checked: false, dueDate: 780_000_000, shouldRemind: false, itemID: id, hasDueDate: false)
    }

    @Test func randomEditsDecodeAsAFullEncodeOfTheEditedModel() throws {
        var edited = 0
        var refused = 0
        for seed in UInt64(0)..<60 {
            var random = SplitMix64(seed: seed)
            var model = RandomChecklists.file(using: &random)
            var file = model.archived()
            for round in 0..<4 {
                var edits = try EditRound(model: model, file: file)
                for _ in 0..<Int.random(in: 1...4, using: &random) { try edits.edit(using: &random) }
                model = edits.model
                guard let result = edits.editor.finish() else {
                    // The references are too narrow: the caller encodes afresh.
                    refused += 1
                    file = model.archived()
                    continue
                }
                edited += 1
                file = Self.applied(result, to: file)
                let decoded = try ArchivableChecklistFile(archive: file)
                let fresh = try ArchivableChecklistFile(archive: model.archived())
                #expect(decoded == fresh, "seed \(seed) round \(round): \(fresh.firstDifference(from: decoded) ?? "")")
            }
        }
        #expect(edited > 150)
        #expect(refused > 0)
    }

    @Test func foundationAndPlistlibReadEditedFiles() throws {
        let scratch = try TemporaryFolder(prefix: "archive-editor")
        let folder = URL(filePath: scratch.path)
        var files: [UInt64: [UInt8]] = [:]
        for seed in UInt64(100)..<130 {
            var random = SplitMix64(seed: seed)
            var model = Self.bigFile(lists: 3, items: 40)
            var file = model.archived()
            for _ in 0..<3 {
                var edits = try EditRound(model: model, file: file)
                for _ in 0..<3 { try edits.edit(using: &random) }
                model = edits.model
                file = Self.applied(try #require(edits.editor.finish()), to: file)
            }
            files[seed] = file
            // Foundation reads the edited file as it reads a full encode of the edited model.
            var decoded = try FoundationArchiving.unarchive(file)
            var expected = try FoundationArchiving.unarchive(model.archived())
            if expected.hasCanonicallyEquivalentTwins {
                decoded = decoded.precomposed
                expected = expected.precomposed
            }
            #expect(decoded == expected, "seed \(seed): \(expected.firstDifference(from: decoded) ?? "")")
            try Data(file).write(to: folder.appending(path: "\(seed).plist"))
        }
        guard Python.available else { return }
        try Python.writeCanonicalJSON(forPropertyListsIn: folder)
        for (seed, file) in files {
            let expected = try String(contentsOf: folder.appending(path: "\(seed).json"), encoding: .utf8)
            #expect(try BinaryPropertyListReader.read(file).canonicalJSON.rendered(indent: 1) == expected)
        }
    }

    @Test func anAddLeavesOnlyTheOldArrayDeadAndReusesTheEnvelopeSlot() throws {
        var model = Self.bigFile(lists: 10, items: 1_000)
        let file = model.archived()
        let map = try ChecklistArchiveMap(file)
        let editor = try ArchiveEditor(file: file)
        let item = Self.item("Item 5 of list 3", id: 10_000)
        let uid = editor.append(item)
        #expect(uid == UInt64(editor.originalObjectCount))
        try editor.replaceArray(map.lists[3].items, elements: map.lists[3].itemUIDs + [uid])
        editor.setTopInteger(10_001, forKey: "ChecklistItemID")
        let edited = try #require(editor.finish())
        // The old NSArray: its dictionary (2 keys) and NS.objects (1,000 references), 4-byte references.
        let arrayBytes = 4 + 1_000 * 4
        let dictionaryBytes = 1 + 4 * 4
        #expect(edited.deadBytes == arrayBytes + dictionaryBytes)
        // Everything up to the old envelope is carried: `$top`, `$objects`, the root dictionary and its
        // six keys and values, the last nine objects, are left behind.
        let layout = try #require(BinaryPropertyListLayout(file))
        #expect(edited.carriedLength == layout.objects[layout.objectCount - 9].offset)
        let result = Self.applied(edited, to: file)
        model.checklists[3].items.append(item)
        model.nextItemID = 10_001
        #expect(try ArchivableChecklistFile(archive: result) == model)
        // The text is stored anew, though an item of the file has it (a value is not looked for
        // among the file's strings); the keys and the class name are the file's.
        let strings = try Self.stringObjects(result)
        let before = try Self.stringObjects(file)
        #expect(strings.filter { $0 == "Item 5 of list 3" }.count == 2)
        #expect(strings.count == before.count + 1)

        // A second edit carries the first one's objects and adds to the dead bytes.
        let second = try ArchiveEditor(file: result)
        try second.replace(map.lists[3].itemUIDs[0], with: Self.item("Changed", id: 3_000))
        let secondEdit = try #require(second.finish())
        #expect(secondEdit.deadBytes > edited.deadBytes)
        #expect(secondEdit.carriedLength > edited.carriedLength)
        model.checklists[3].items[0] = Self.item("Changed", id: 3_000)
        let secondFile = Self.applied(secondEdit, to: result)
        #expect(try ArchivableChecklistFile(archive: secondFile) == model)
        #expect(try FoundationArchiving.unarchive(secondFile) == model)
    }

    /// A checklist of many items appended at once (an `undo` of a `drop`, an `import`) stores each
    /// of its texts once, whether the file holds it or not, and shares the file's keys and classes.
    @Test func aChecklistOfManyItemsStoresEachTextOnceAndSharesTheKeys() throws {
        var model = Self.bigFile(lists: 10, items: 1_000)
        let file = model.archived()
        let map = try ChecklistArchiveMap(file)
        let before = try Self.stringObjects(file)
        // Texts of another list, new ASCII and UTF-16 texts, a key, a list's name, and repeats.
        let texts =
            (0..<300).map { "Item \($0) of list 4" } + (0..<200).map { "New \($0)" } + (0..<100).map { "Née \($0) ✓" }
            + ["Text", "List 3", "Item 0 of list 4", "New 7", "Née 7 ✓"]
        let list = ArchivableChecklist(
            name: "Back", items: texts.enumerated().map { Self.item($1, id: 10_000 + $0) }, iconName: "Folder")
        let editor = try ArchiveEditor(file: file)
        let uid = editor.append(list)
        try editor.replaceArray(map.checklists, elements: map.lists.map(\.uid) + [uid])
        editor.setTopInteger(10_000 + texts.count, forKey: "ChecklistItemID")
        let result = Self.applied(try #require(editor.finish()), to: file)
        model.checklists.append(list)
        model.nextItemID = 10_000 + texts.count
        #expect(try ArchivableChecklistFile(archive: result) == model)
        #expect(try FoundationArchiving.unarchive(result) == model)
        // Every distinct text and the icon's name are added once, but "Text": the file's key
        // (shared) holds it.
        let after = try Self.stringObjects(result)
        let added = Set(texts + ["Back", "Folder"]).subtracting(["Text"])
        #expect(added.count == 603)
        #expect(after.count == before.count + added.count)
    }

    /// Elements of the old array serve again wherever they are; one taken again after its run
    /// (an element repeated at the end) is stored anew, and the array still reads as given.
    @Test func arrayElementsServeAgainInAnyOrderAndMayRepeat() throws {
        let model = Self.bigFile(lists: 2, items: 20)
        let file = model.archived()
        let map = try ChecklistArchiveMap(file)
        let uids = map.lists[1].itemUIDs
        for elements in [uids + [uids[0]], [uids[3]] + uids + [uids[3]], uids.reversed() + [uids[19], uids[0]]] {
            let editor = try ArchiveEditor(file: file)
            try editor.replaceArray(map.lists[1].items, elements: elements)
            let result = Self.applied(try #require(editor.finish()), to: file)
            let items = elements.compactMap { uid in uids.firstIndex(of: uid).map { model.checklists[1].items[$0] } }
            var expected = model
            expected.checklists[1].items = items
            #expect(try ArchivableChecklistFile(archive: result) == expected)
        }
    }

    /// New objects share the file's booleans and one-byte integers, each looked for when it is
    /// first needed; a value the file lacks is stored once, then shared by the next new object.
    @Test func newObjectsShareTheFilesBooleansAndSmallIntegers() throws {
        // No item is checked or reminded: the file has a `false` object and no `true` one, and
        // integer objects for the IDs below 256.
        let items = (0..<300).map { Self.item("Item \($0)", id: $0) }
        var model = ArchivableChecklistFile(
            checklists: [ArchivableChecklist(name: "Only", items: items, iconName: "Folder")], index: 0,
            nextItemID: 300)
        let file = model.archived()
        let map = try ChecklistArchiveMap(file)
        let editor = try ArchiveEditor(file: file)
        var first = Self.item("First checked", id: 300)
        first.checked = true
        var second = Self.item("Second checked", id: 301)
        second.checked = true
        let uids = [editor.append(first), editor.append(second), editor.append(Self.item("Plain", id: 302))]
        try editor.replaceArray(map.lists[0].items, elements: map.lists[0].itemUIDs + uids)
        editor.setTopInteger(7, forKey: "ChecklistIndex")
        let result = Self.applied(try #require(editor.finish()), to: file)

        let offsets = Self.objectOffsets(result)
        #expect(offsets.filter { result[$0] == 0x08 }.count == 1)
        #expect(offsets.filter { result[$0] == 0x09 }.count == 1)
        // The index, 7, is the file's integer object of item 7.
        #expect(offsets.filter { result[$0] == 0x10 && result[$0 + 1] == 7 }.count == 1)
        model.checklists[0].items += [first, second, Self.item("Plain", id: 302)]
        model.index = 7
        model.nextItemID = 300
        #expect(try ArchivableChecklistFile(archive: result) == model)
    }

    /// Foundation's archive of `model`, its classes named `prefix` + `Checklist` / `ChecklistItem`.
    static func foundationFile(_ model: ArchivableChecklistFile, prefix: String) throws -> [UInt8] {
        try FoundationArchiving.renamingClasses(in: FoundationArchiving.archive(model)) { name in
            if name.hasSuffix("ChecklistItem") { return prefix + "ChecklistItem" }
            if name.hasSuffix("Checklist") { return prefix + "Checklist" }
            return name
        }
    }

    @Test func foundationsFilesCarryEverythingAndCountTheOldEnvelope() throws {
        var model = Self.bigFile(lists: 2, items: 20)
        let file = try Self.foundationFile(model, prefix: "Checklists.")
        let item = Self.item("From Foundation's file", id: 40)
        let edited = try Self.appending(item, toList: 1, of: file)
        let layout = try #require(BinaryPropertyListLayout(file))
        #expect(edited.carriedLength == layout.offsetTableStart)
        #expect(edited.deadBytes > 0)
        let result = Self.applied(edited, to: file)
        // The item shares Foundation's class dictionary and keys: no such string is added.
        let before = try Self.stringObjects(file)
        let after = try Self.stringObjects(result)
        for shared in ["Checklists.ChecklistItem", "ShouldRemind", "NS.time", "NSDate", "$class"] {
            #expect(after.filter { $0 == shared }.count == before.filter { $0 == shared }.count, "\(shared)")
        }
        model.checklists[1].items.append(item)
        #expect(try ArchivableChecklistFile(archive: result) == model)
        #expect(try FoundationArchiving.unarchive(result) == model)
    }

    /// `tree` with every UID from `first` on one higher: room for an object at `first`.
    static func shiftingUIDs(_ tree: PropertyList, from first: UInt64) -> PropertyList {
        switch tree {
        case .uid(let uid): .uid(uid >= first ? uid + 1 : uid)
        case .array(let elements): .array(elements.map { shiftingUIDs($0, from: first) })
        case .dictionary(let dictionary):
            .dictionary(
                PropertyListDictionary(
                    zip(dictionary.keys, dictionary.values.map { shiftingUIDs($0, from: first) }).map { ($0, $1) }))
        default: tree
        }
    }

    /// A class dictionary no object uses, found before the real one, whose `$classes` is no array of
    /// names (found by fuzzing): the file decodes, as nothing reads it, but an edit that shared it
    /// for a new item would write a file that does not. The editor takes the real one.
    @Test func aClassDictionaryNoObjectUsesIsSharedOnlyWhenItDecodes() throws {
        let model = Self.bigFile(lists: 1, items: 3)
        let tree = try PropertyListReader.read(model.archived())
        guard case .dictionary(let root) = tree, case .array(let objects)? = root["$objects"] else {
            Issue.record("not an archive")
            return
        }
        for stray in [PropertyList.integer(7), .uid(9_999)] {
            let broken = PropertyList.dictionary(
                PropertyListDictionary([
                    ("$classname", .string("Checklists.ChecklistItem")), ("$classes", .array([stray])),
                ]))
            let shifted = objects.map { Self.shiftingUIDs($0, from: 1) }
            var fields = zip(root.keys, root.values).map { ($0, $1) }
            for index in fields.indices {
                if fields[index].0 == "$objects" {
                    fields[index].1 = .array([shifted[0], broken] + shifted.dropFirst())
                }
                if fields[index].0 == "$top" { fields[index].1 = Self.shiftingUIDs(fields[index].1, from: 1) }
            }
            let file = BinaryPropertyListWriter.write(.dictionary(PropertyListDictionary(fields)))
            #expect(try ArchivableChecklistFile(archive: file) == model, "the stray dictionary is read by nothing")
            let item = Self.item("After a stray class", id: 3)
            let result = Self.applied(try Self.appending(item, toList: 0, of: file), to: file)
            var expected = model
            expected.checklists[0].items.append(item)
            #expect(try ArchivableChecklistFile(archive: result) == expected)
        }
    }

    @Test func deadBytesAccumulateInTheTrailerWhichReadersIgnore() throws {
        var model = Self.bigFile(lists: 1, items: 5)
        var file = model.archived()
        var total = 0
        for round in 0..<3 {
            let edited = try Self.toggling(item: round, of: &model, in: file)
            #expect(edited.deadBytes > total)
            total = edited.deadBytes
            file = Self.applied(edited, to: file)
            let trailer = file.count - 32
            #expect(file[trailer..<(trailer + 5)].reduce(0) { $0 << 8 | Int($1) } == total)
        }
        #expect(try ArchivableChecklistFile(archive: file) == model)
        #expect(try FoundationArchiving.unarchive(file) == model)
        #expect(try FoundationArchiving.propertyList(file)["$archiver"] as? String == "NSKeyedArchiver")
        guard Python.available else { return }
        let scratch = try TemporaryFolder(prefix: "archive-editor-dead")
        try Data(file).write(to: URL(filePath: scratch.file("dead.plist")))
        try Python.writeCanonicalJSON(forPropertyListsIn: URL(filePath: scratch.path))
        let json = try String(contentsOf: URL(filePath: scratch.file("dead.json")), encoding: .utf8)
        #expect(json == (try BinaryPropertyListReader.read(file).canonicalJSON.rendered(indent: 1)))
    }

    /// Items changed one edit after another: the bytes counted dead are those the edits left
    /// unused (the file's length beyond a fresh encode of the same model), within a tenth, so
    /// compaction, which the count decides, comes when it should. A replaced item's text and due
    /// date are counted with it, as new objects no longer share them (the count was 0.3 of it).
    @Test func deadBytesCountWhatChangedItemsLeaveUnused() throws {
        var model = Self.bigFile(lists: 1, items: 200)
        var file = model.archived()
        var counted = 0
        for round in 0..<100 {
            let edited = try Self.toggling(item: round, of: &model, in: file)
            counted = edited.deadBytes
            file = Self.applied(edited, to: file)
        }
        let unused = file.count - model.archived().count
        #expect(counted * 10 >= unused * 9 && counted * 10 <= unused * 11, "counted \(counted) of \(unused) unused")
        #expect(try ArchivableChecklistFile(archive: file) == model)
    }

    @Test func narrowReferencesRefuseAndNarrowOffsetsWiden() throws {
        // An archive of one empty array is under 256 bytes: one-byte offsets and references.
        let empty = KeyedArchiver.archive { $0.encode([ArchivableChecklistItem](), forKey: "Items") }
        #expect(empty.count < 256)
        let top = try #require(BinaryPropertyListReader.read(empty).dictionaryValue?["$top"]?.dictionaryValue)
        guard case .uid(let array) = top["Items"] else {
            Issue.record("no Items UID")
            return
        }
        let editor = try ArchiveEditor(file: empty)
        var items: [ArchivableChecklistItem] = []
        var uids: [UInt64] = []
        var widened = false
        var refused = false
        for count in 1...80 {
            let item = Self.item("item \(count)", id: count)
            uids.append(editor.append(item))
            try editor.replaceArray(array, elements: uids)
            guard let edited = editor.finish() else {
                // One-byte references address 255 objects at most.
                refused = true
                break
            }
            items.append(item)
            let result = Self.applied(edited, to: empty)
            // Past 255 bytes, the offset table is two bytes wide; the references stay one byte.
            let tableStart = result.suffix(8).reduce(0) { $0 << 8 | Int($1) }
            #expect(result[result.count - 26] == (tableStart > 255 ? 2 : 1))
            #expect(result[result.count - 25] == 1)
            widened = widened || result[result.count - 26] == 2
            let unarchiver = try KeyedUnarchiver(bytes: result)
            #expect(try unarchiver.topLevel.decode([ArchivableChecklistItem].self, forKey: "Items") == items)
            let objects = try FoundationArchiving.propertyList(result)["$objects"] as? [Any]
            #expect(objects?.count == unarchiver.objectCount)
        }
        #expect(widened)
        #expect(refused)
        #expect(items.count > 5)
    }

    @Test func badInputAndBadEditsThrowAndChangeNothing() throws {
        let model = Self.bigFile(lists: 1, items: 3)
        let file = model.archived()
        let map = try ChecklistArchiveMap(file)
        // XML: a readable archive, but not one that can be appended to.
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>$archiver</key><string>NSKeyedArchiver</string>\
            <key>$objects</key><array><string>$null</string></array><key>$top</key><dict/>\
            <key>$version</key><integer>100000</integer></dict></plist>
            """
        _ = try KeyedUnarchiver(bytes: Array(xml.utf8))
        #expect {
            try ArchiveEditor(file: Array(xml.utf8))
        } throws: { error in
            guard case .notEditable(let reason) = error as? KeyedArchiveError else { return false }
            return reason.contains("XML")
        }
        #expect(throws: KeyedArchiveError.self) { try ArchiveEditor(file: Array(file.dropLast(3))) }
        #expect(throws: KeyedArchiveError.notAKeyedArchive("the property list is an array, not a dictionary")) {
            try ArchiveEditor(file: BinaryPropertyListWriter.write(.array([.integer(1)])))
        }
        var editor = try ArchiveEditor(file: file)
        let count = editor.originalObjectCount
        #expect(throws: KeyedArchiveError.self) { try editor.replace(0, with: Self.item("x", id: 1)) }
        #expect(throws: KeyedArchiveError.danglingReference(UInt64(count), objectCount: count)) {
            try editor.replace(UInt64(count), with: Self.item("x", id: 1))
        }
        #expect(throws: KeyedArchiveError.danglingReference(999, objectCount: count)) {
            try editor.replaceArray(map.lists[0].items, elements: [999])
        }
        #expect(throws: KeyedArchiveError.self) { try editor.replaceArray(map.lists[0].items, elements: [0]) }
        // Strings and class dictionaries are shared by other objects.
        let objects = try #require(BinaryPropertyListReader.read(file).dictionaryValue?["$objects"]?.arrayValue)
        let name = try #require(objects.firstIndex(of: .string("List 0")))
        let itemClass = try #require(
            objects.firstIndex { $0.dictionaryValue?["$classname"] == .string("Checklists.ChecklistItem") })
        for shared in [name, itemClass] {
            #expect(throws: KeyedArchiveError.self) { try editor.replace(UInt64(shared), with: Self.item("x", id: 1)) }
            #expect(throws: KeyedArchiveError.self) { try editor.replaceArray(UInt64(shared), elements: []) }
        }
        // "$null" as a text is a string of its own, not UID 0 (nil).
        let uid = editor.append(Self.item("$null", id: 3))
        try editor.replaceArray(map.lists[0].items, elements: map.lists[0].itemUIDs + [uid])
        var withNull = model
        withNull.checklists[0].items.append(Self.item("$null", id: 3))
        let nullFile = Self.applied(try #require(editor.finish()), to: file)
        #expect(try ArchivableChecklistFile(archive: nullFile) == withNull)
        // Foundation reads a "$null" text as it reads a full encode's (as nil: the string object is
        // the one `$objects` starts with).
        #expect(try FoundationArchiving.unarchive(nullFile) == FoundationArchiving.unarchive(withNull.archived()))
        editor = try ArchiveEditor(file: file)
        let unchanged = Self.applied(try #require(editor.finish()), to: file)
        #expect(try ArchivableChecklistFile(archive: unchanged) == model)
        #expect(try #require(editor.finish()).deadBytes == 0)
    }

    @Test func settingStringFieldsKeepsTheOthersAndAddsMissingKeys() throws {
        var model = Self.bigFile(lists: 2, items: 3)
        let file = model.archived()
        let map = try ChecklistArchiveMap(file)
        let editor = try ArchiveEditor(file: file)
        try editor.replaceStrings(ofObject: map.lists[1].uid, [("Name", "Caf\u{E9} \u{1F600}"), ("Note", "new key")])
        let edited = try #require(editor.finish())
        let result = Self.applied(edited, to: file)
        model.checklists[1].name = "Caf\u{E9} \u{1F600}"
        #expect(try ArchivableChecklistFile(archive: result) == model)
        #expect(try FoundationArchiving.unarchive(result) == model)
        // The checklist's `Items` array is the one it had, its elements unchanged; the new key is there.
        let after = try ChecklistArchiveMap(result)
        #expect(after.lists[1].items == map.lists[1].items)
        #expect(after.lists[1].itemUIDs == map.lists[1].itemUIDs)
        let objects = try #require(BinaryPropertyListReader.read(result).dictionaryValue?["$objects"]?.arrayValue)
        let list = try #require(objects[Int(map.lists[1].uid)].dictionaryValue)
        guard case .uid(let note) = list["Note"] else {
            Issue.record("the new key is missing")
            return
        }
        #expect(objects[Int(note)] == .string("new key"))
        // Only the old dictionary is dead: the strings it referred to may be shared.
        #expect(edited.deadBytes > 0 && edited.deadBytes < 64)
        // UID 0, strings, classes and UIDs past the end cannot be set.
        let name = try #require(objects.firstIndex(of: .string("List 0")))
        let count = editor.originalObjectCount
        for uid in [0, UInt64(name), UInt64(count)] {
            #expect(throws: KeyedArchiveError.self) { try editor.replaceStrings(ofObject: uid, [("Name", "x")]) }
        }
    }

    @Test func replacingAnAppendedObjectCountsItAndKeepsTheLastValue() throws {
        var model = Self.bigFile(lists: 1, items: 3)
        let file = model.archived()
        let map = try ChecklistArchiveMap(file)
        let editor = try ArchiveEditor(file: file)
        let uid = editor.append(Self.item("first", id: 3))
        try editor.replaceArray(map.lists[0].items, elements: map.lists[0].itemUIDs + [uid])
        let before = try #require(editor.finish()).deadBytes
        try editor.replace(uid, with: Self.item("second", id: 3))
        let edited = try #require(editor.finish())
        #expect(edited.deadBytes > before)
        model.checklists[0].items.append(Self.item("second", id: 3))
        #expect(try ArchivableChecklistFile(archive: Self.applied(edited, to: file)) == model)
    }

    @Test func aClassWithAnotherModulePrefixGetsItsOwnDictionary() throws {
        var model = Self.bigFile(lists: 1, items: 2)
        let renamed = try Self.foundationFile(model, prefix: "MyApp.")
        let map = try ChecklistArchiveMap(renamed)
        let editor = try ArchiveEditor(file: renamed)
        let uid = editor.append(Self.item("new", id: 2))
        try editor.replaceArray(map.lists[0].items, elements: map.lists[0].itemUIDs + [uid])
        let result = Self.applied(try #require(editor.finish()), to: renamed)
        let strings = try Self.stringObjects(result)
        #expect(strings.contains("MyApp.ChecklistItem"))
        #expect(strings.contains("Checklists.ChecklistItem"))
        model.checklists[0].items.append(Self.item("new", id: 2))
        #expect(try ArchivableChecklistFile(archive: result) == model)
        #expect(try FoundationArchiving.unarchive(result) == model)
    }

    @Test func aFileOfManyClassDictionariesIsSearchedInOneWalk() throws {
        // 200,000 class dictionaries, each an entry of `$objects`: finding each one's entry by a
        // walk of its own took 2 × 10^10 steps (a file that hung the editor).
        var writer = BinaryPropertyListWriter()
        let null = writer.add(string: "$null")
        let className = writer.add(string: "$classname")
        let classes = writer.add(string: "$classes")
        let chain = writer.add(array: [writer.add(string: "NSObject")])
        var entries = [null]
        for index in 0..<200_000 {
            // The last one is the class of the object appended: found at the end of the walk.
            let name = writer.add(string: index == 199_999 ? "Notes.Note" : "C\(index)")
            entries.append(writer.add(dictionaryPairs: [className, name, classes, chain]))
        }
        let objects = writer.add(array: entries)
        let top = writer.add(dictionaryPairs: [Int]())
        let root = writer.add(dictionaryPairs: [
            writer.add(string: "$archiver"), writer.add(string: "NSKeyedArchiver"), writer.add(string: "$version"),
            writer.add(integer: 100_000), writer.add(string: "$top"), top, writer.add(string: "$objects"), objects,
        ])
        let file = writer.finish(top: root)
        let started = ContinuousClock.now
        let editor = try ArchiveEditor(file: file)
        let uid = editor.append(ArchivableNote(title: "C7"))
        let edited = try #require(editor.finish())
        #expect(ContinuousClock.now - started < .seconds(20))
        // The new note shares the file's `Notes.Note` class dictionary; its text is stored anew.
        let result = Self.applied(edited, to: file)
        let strings = try Self.stringObjects(result)
        #expect(strings.count(where: { $0 == "Notes.Note" }) == 1 && strings.count(where: { $0 == "C7" }) == 2)
        #expect(
            try KeyedUnarchiver(bytes: result).decode(ArchivableNote.self, objects: [uid]) == [
                ArchivableNote(title: "C7")
            ])
    }

    /// Where each object of a binary property list starts, in object order.
    static func objectOffsets(_ file: [UInt8]) -> [Int] {
        let trailer = file.count - 32
        let offsetSize = Int(file[trailer + 6])
        let count = file[(trailer + 8)..<(trailer + 16)].reduce(0) { $0 << 8 | Int($1) }
        let table = file[(trailer + 24)..<(trailer + 32)].reduce(0) { $0 << 8 | Int($1) }
        return (0..<count).map { index in
            let entry = table + index * offsetSize
            return file[entry..<(entry + offsetSize)].reduce(0) { $0 << 8 | Int($1) }
        }
    }

    /// Every string object of a binary property list, in object order.
    static func stringObjects(_ file: [UInt8]) throws -> [String] {
        var strings: [String] = []
        for offset in objectOffsets(file) {
            let marker = file[offset]
            guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else { continue }
            var length = Int(marker & 0x0F)
            var start = offset + 1
            if length == 0x0F {
                let size = 1 << Int(file[offset + 1] & 0x0F)
                length = file[(offset + 2)..<(offset + 2 + size)].reduce(0) { $0 << 8 | Int($1) }
                start = offset + 2 + size
            }
            if marker >> 4 == 0x5 {
                strings.append(String(decoding: file[start..<(start + length)], as: UTF8.self))
            } else {
                let units = (0..<length).map { UInt16(file[start + 2 * $0]) << 8 | UInt16(file[start + 2 * $0 + 1]) }
                strings.append(String(decoding: units, as: UTF16.self))
            }
        }
        return strings
    }
}

extension ArchiveEditorTests {
    /// The tail of an edit of a few objects is written from the original file where it can be:
    /// the original `$objects` entries around the replaced ones, and the old offset table.
    @Test func aSmallEditWritesTheOriginalEntriesAndOffsetTableFromTheFile() throws {
        var model = Self.bigFile(lists: 4, items: 500)
        let file = model.archived()
        let map = try ChecklistArchiveMap(file)
        let editor = try ArchiveEditor(file: file)
        var changed = model.checklists[2].items[7]
        changed.checked.toggle()
        try editor.replace(map.lists[2].itemUIDs[7], with: changed)
        model.checklists[2].items[7] = changed
        let edited = try #require(editor.finish())
        #expect(try ArchivableChecklistFile(archive: edited.bytes(original: file)) == model)
        // The carried objects' offsets: the old offset table, less the envelope's, as one run.
        let layout = try #require(BinaryPropertyListLayout(file))
        let originals = edited.pieces.compactMap { piece -> Range<Int>? in
            if case .original(let range) = piece { return range }
            return nil
        }
        #expect(originals.contains { $0.lowerBound == layout.offsetTableStart && $0.count > 1_000 * layout.offsetSize })
        // The entries before the replaced one, and after it.
        #expect(originals.count >= 3)
        let tailCount = edited.length - edited.carriedLength
        #expect(edited.own.count * 10 < tailCount, "own \(edited.own.count) of a tail of \(tailCount) bytes")
    }

    /// An edit that replaces more entries than are worth a run each copies the original entries
    /// and patches them: both ways give the same file.
    @Test func manyReplacedEntriesGiveTheSameFileAsFew() throws {
        let model = Self.bigFile(lists: 2, items: 200)
        let file = model.archived()
        let map = try ChecklistArchiveMap(file)
        for count in [1, ArchiveEditor.patchPieceLimit, ArchiveEditor.patchPieceLimit + 1, 200] {
            var expected = model
            let editor = try ArchiveEditor(file: file)
            for position in 0..<count {
                var item = expected.checklists[1].items[position]
                item.text = "Changed \(position)"
                expected.checklists[1].items[position] = item
                try editor.replace(map.lists[1].itemUIDs[position], with: item)
            }
            let edited = try #require(editor.finish())
            let originals = edited.pieces.filter { if case .original = $0 { true } else { false } }.count
            if count <= ArchiveEditor.patchPieceLimit {
                #expect(originals >= count + 1, "\(count) replaced: runs between them")
            } else {
                #expect(originals < 16, "\(count) replaced: the entries copied, not a run between each two")
            }
            #expect(try ArchivableChecklistFile(archive: edited.bytes(original: file)) == expected)
            #expect(try FoundationArchiving.unarchive(edited.bytes(original: file)) == expected)
        }
    }
}

extension ArchiveEditorTests {
    /// An edit that takes the file past 65,535 bytes needs offsets four bytes wide (widths are 1, 2,
    /// 4 or 8) where the file had two: the old offset table is then written again, wider, not
    /// carried as a run.
    @Test func anEditThatOutgrowsTheOffsetWidthWritesTheOldOffsetsWider() throws {
        var items = 100
        var model = Self.bigFile(lists: 1, items: items)
        while model.archived().count < 60_000 {
            items += 100
            model = Self.bigFile(lists: 1, items: items)
        }
        let file = model.archived()
        let before = try #require(BinaryPropertyListLayout(file))
        try #require(before.offsetSize == 2)
        let map = try ChecklistArchiveMap(file)
        let editor = try ArchiveEditor(file: file)
        var uids = map.lists[0].itemUIDs
        for number in 0..<10 {
            let item = Self.item(String(repeating: "long text \(number) ", count: 200), id: items + number)
            uids.append(editor.append(item))
            model.checklists[0].items.append(item)
        }
        try editor.replaceArray(map.lists[0].items, elements: uids)
        let edited = try #require(editor.finish())
        let result = edited.bytes(original: file)
        // The trailer's offset size (the layout helper refuses an edited file's dead-byte count).
        #expect(result[result.count - 26] == 4)
        #expect(!edited.pieces.contains { $0 == .original(before.offsetTableStart..<(before.offsetTableStart + 2)) })
        #expect(try ArchivableChecklistFile(archive: result) == model)
        #expect(try FoundationArchiving.unarchive(result) == model)
    }
}
