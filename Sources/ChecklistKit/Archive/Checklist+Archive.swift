import KeyedArchive

extension Checklist: KeyedArchivable {
    /// The iOS app's class name; any module prefix is accepted on reading.
    public static let archivedClass = ArchivedClass(name: "Checklists.Checklist")

    public func encode(with coder: inout KeyedEncoder) {
        coder.encode(name, forKey: "Name")
        coder.encode(items, forKey: "Items")
        coder.encode(iconName, forKey: "IconName")
    }

    public init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        name = try coder.decode(String.self, forKey: "Name")
        items = coder.contains("Items") ? try coder.decode([ChecklistItem].self, forKey: "Items") : []
        iconName = try coder.decodeIfPresent(String.self, forKey: "IconName") ?? "No Icon"
    }
}
