import KeyedArchive

/// The module prefix test archives put before `Checklist` and `ChecklistItem`.
protocol ModulePrefix {
    static var prefix: String { get }
}

/// The iOS app's classes: `Checklists.Checklist`.
enum IOSAppModule: ModulePrefix {
    static var prefix: String { "Checklists." }
}

/// Another app's module: `MyApp.Checklist`.
enum OtherModule: ModulePrefix {
    static var prefix: String { "MyApp." }
}

/// No module at all, as Objective-C or early Swift wrote them: `Checklist`.
enum NoModule: ModulePrefix {
    static var prefix: String { "" }
}

/// A checklist item as other writers archive it: every key but `Text` may be left out.
struct TestArchivedItem<Module: ModulePrefix>: KeyedArchivable {
    static var archivedClass: ArchivedClass { ArchivedClass(name: Module.prefix + "ChecklistItem") }

    var text: String
    var checked: Bool?
    var dueDate: Double?
    var shouldRemind: Bool?
    var itemID: Int?
    var hasDueDate: Bool?
    /// The `Repeat` key, an RRULE.
    var repeatRule: String?
    /// The `Tags` key as files written before it was an array hold it: one string, a tag a line.
    var tagLines: String?

    init(
        _ text: String,
        checked: Bool? = nil,
        dueDate: Double? = nil,
        shouldRemind: Bool? = nil,
        itemID: Int? = nil,
        hasDueDate: Bool? = nil,
        repeatRule: String? = nil,
        tagLines: String? = nil
    ) {
        self.text = text
        self.checked = checked
        self.dueDate = dueDate
        self.shouldRemind = shouldRemind
        self.itemID = itemID
        self.hasDueDate = hasDueDate
        self.repeatRule = repeatRule
        self.tagLines = tagLines
    }

    func encode(with coder: inout KeyedEncoder) {
        coder.encode(text, forKey: "Text")
        if let checked { coder.encode(checked, forKey: "Checked") }
        if let dueDate { coder.encodeDate(referenceSeconds: dueDate, forKey: "DueDate") }
        if let shouldRemind { coder.encode(shouldRemind, forKey: "ShouldRemind") }
        if let itemID { coder.encode(itemID, forKey: "ItemID") }
        if let hasDueDate { coder.encode(hasDueDate, forKey: "HasDueDate") }
        if let repeatRule { coder.encode(repeatRule, forKey: "Repeat") }
        if let tagLines { coder.encode(tagLines, forKey: "Tags") }
    }

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        text = try coder.decode(String.self, forKey: "Text")
        checked = try coder.decodeIfPresent(Bool.self, forKey: "Checked")
        dueDate = try coder.decodeDateIfPresent(forKey: "DueDate")
        shouldRemind = try coder.decodeIfPresent(Bool.self, forKey: "ShouldRemind")
        itemID = try coder.decodeIfPresent(Int.self, forKey: "ItemID")
        hasDueDate = try coder.decodeIfPresent(Bool.self, forKey: "HasDueDate")
        repeatRule = try coder.decodeIfPresent(String.self, forKey: "Repeat")
        tagLines = try coder.decodeIfPresent(String.self, forKey: "Tags")
    }
}

/// A checklist as other writers archive it: `IconName` may be left out.
struct TestArchivedList<Module: ModulePrefix>: KeyedArchivable {
    static var archivedClass: ArchivedClass { ArchivedClass(name: Module.prefix + "Checklist") }

    var name: String
    var items: [TestArchivedItem<Module>]
    var iconName: String?

    init(_ name: String, _ items: [TestArchivedItem<Module>] = [], iconName: String? = nil) {
        self.name = name
        self.items = items
        self.iconName = iconName
    }

    func encode(with coder: inout KeyedEncoder) {
        coder.encode(name, forKey: "Name")
        coder.encode(items, forKey: "Items")
        if let iconName { coder.encode(iconName, forKey: "IconName") }
    }

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        name = try coder.decode(String.self, forKey: "Name")
        items = try coder.decode([TestArchivedItem<Module>].self, forKey: "Items")
        iconName = try coder.decodeIfPresent(String.self, forKey: "IconName")
    }
}

/// Archives as a test would write them.
enum TestArchive {
    /// A `Checklists` archive, with `ChecklistIndex` and `ChecklistItemID` only when given.
    static func checklists<Module: ModulePrefix>(
        _ lists: [TestArchivedList<Module>],
        index: Int? = nil,
        nextItemID: Int? = nil
    ) -> [UInt8] {
        KeyedArchiver.archive { coder in
            coder.encode(lists, forKey: "Checklists")
            if let index { coder.encode(index, forKey: "ChecklistIndex") }
            if let nextItemID { coder.encode(nextItemID, forKey: "ChecklistItemID") }
        }
    }

    /// The early single-list form: `$top` holds `ChecklistItems`.
    static func early<Module: ModulePrefix>(_ items: [TestArchivedItem<Module>]) -> [UInt8] {
        KeyedArchiver.archive { coder in coder.encode(items, forKey: "ChecklistItems") }
    }

    /// The lists of an archive as the iOS app would read them back.
    static func read(_ bytes: [UInt8]) throws -> [TestArchivedList<IOSAppModule>] {
        try KeyedUnarchiver(bytes: bytes).topLevel.decode([TestArchivedList<IOSAppModule>].self, forKey: "Checklists")
    }
}
