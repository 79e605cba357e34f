/// A named checklist of items in the user's order, as the iOS app's `Checklist` class holds it.
public struct Checklist: Sendable, Equatable {
    /// The icon names the iOS app ships with.
    public static let iconNames = [
        "No Icon", "Appointments", "Birthdays", "Chores", "Drinks", "Folder", "Groceries", "Inbox", "Photos", "Trips",
    ]

    /// The checklist's name.
    public var name: String
    /// The items, in the order the user gave them.
    public var items: [ChecklistItem]
    /// One of `iconNames`.
    public var iconName: String
    /// The number of items still in the data file, not read, when this checklist was loaded
    /// without its items (a one-shot change of another checklist, `LoadScope.currentChecklist`);
    /// `nil` when `items` holds them all. Such a checklist's `items` is empty and must stay so: the
    /// save carries its items' bytes over unchanged.
    public internal(set) var unloadedItemCount: Int?

    /// Creates a checklist.
    public init(name: String, items: [ChecklistItem] = [], iconName: String = "No Icon") {
        self.name = name
        self.items = items
        self.iconName = iconName
        unloadedItemCount = nil
    }

    /// The number of unchecked items.
    public var remainingCount: Int {
        items.reduce(0) { $0 + ($1.checked ? 0 : 1) }
    }

    /// The status line the iOS app shows: `(No Items)`, `All Done!` or `N Remaining`.
    public var status: String {
        if items.isEmpty { return "(No Items)" }
        let remaining = remainingCount
        return remaining == 0 ? "All Done!" : "\(remaining) Remaining"
    }
}
