import Foundation
import TestSupport

extension FoundationChecklistItem {
    /// Foundation's object for `item`.
    convenience init(_ item: ArchivableChecklistItem) {
        self.init(
            text: item.text, checked: item.checked, dueDate: Date(timeIntervalSinceReferenceDate: item.dueDate),
            shouldRemind: item.shouldRemind, itemID: item.itemID, hasDueDate: item.hasDueDate)
    }

    /// The item this object holds.
    var model: ArchivableChecklistItem {
        ArchivableChecklistItem(
            text: text, checked: checked, dueDate: dueDate.timeIntervalSinceReferenceDate,
            shouldRemind: shouldRemind, itemID: itemID, hasDueDate: hasDueDate)
    }
}

extension FoundationChecklist {
    /// Foundation's object for `checklist`, its items instances of `itemClass`.
    convenience init(
        _ checklist: ArchivableChecklist, itemClass: FoundationChecklistItem.Type = FoundationChecklistItem.self
    ) {
        self.init(
            name: checklist.name,
            items: checklist.items.map { item in
                itemClass.init(
                    text: item.text, checked: item.checked,
                    dueDate: Date(timeIntervalSinceReferenceDate: item.dueDate), shouldRemind: item.shouldRemind,
                    itemID: item.itemID, hasDueDate: item.hasDueDate)
            },
            iconName: checklist.iconName)
    }

    /// The checklist this object holds.
    var model: ArchivableChecklist {
        ArchivableChecklist(name: name, items: items.map(\.model), iconName: iconName)
    }
}

/// A subclass whose Foundation class name, `KeyedArchiveTests.Checklist`, has another module prefix
/// and a three-class `$classes` chain (Foundation on Linux rejects nested classes).
final class Checklist: FoundationChecklist {}

/// A subclass archived by Foundation as `KeyedArchiveTests.ChecklistItem`.
final class ChecklistItem: FoundationChecklistItem {}
