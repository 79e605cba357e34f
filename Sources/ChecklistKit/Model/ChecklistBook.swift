/// Everything `Checklists.plist` holds: the checklists, the current one, and the next item ID.
///
/// Checklists are kept sorted by name in natural order, which is also the order stored in the
/// file; `currentIndex` follows the current checklist through every change of that order.
public struct ChecklistBook: Sendable, Equatable {
    /// The checklists, sorted by name.
    public private(set) var checklists: [Checklist]
    /// The position of the current checklist in `checklists`, if one is current.
    public private(set) var currentIndex: Int?
    /// The next item ID to hand out; IDs are never reused.
    public private(set) var nextItemID: Int

    /// Creates a book, sorting the checklists and keeping the current one current.
    public init(checklists: [Checklist], currentIndex: Int?, nextItemID: Int) {
        // Saturating: an ID of Int.max (built in code; files are clamped when read) must not trap.
        let highest = Self.highestItemID(in: checklists)
        self.init(
            checklists: checklists, currentIndex: currentIndex,
            nextItemIDAboveAll: max(nextItemID, highest == Int.max ? highest : highest + 1))
    }

    /// Creates a book whose `nextItemIDAboveAll` the caller has already made higher than every item ID.
    init(checklists: [Checklist], currentIndex: Int?, nextItemIDAboveAll: Int) {
        self.checklists = checklists
        self.currentIndex = currentIndex.flatMap { checklists.indices.contains($0) ? $0 : nil }
        self.nextItemID = nextItemIDAboveAll
        sort()
    }

    /// The highest item ID in `lists`, -1 when they hold no items.
    static func highestItemID(in lists: [Checklist]) -> Int {
        // Plain loops: a lazy key-path chain copied every item, text included, to read its ID.
        var highest = -1
        var any = false
        for list in lists.indices {
            for item in lists[list].items.indices {
                let id = lists[list].items[item].itemID
                highest = any ? max(highest, id) : id
                any = true
            }
        }
        return highest
    }

    /// What the iOS app shows on its first run: one empty checklist named `List`, current.
    public static var firstRun: ChecklistBook {
        ChecklistBook(checklists: [Checklist(name: "List")], currentIndex: 0, nextItemID: 0)
    }

    /// The current checklist, if any.
    public var current: Checklist? {
        currentIndex.map { checklists[$0] }
    }

    /// Every item in every checklist, with where it is.
    public var allItems: [(list: Int, item: Int)] {
        checklists.indices.flatMap { list in checklists[list].items.indices.map { (list, $0) } }
    }

    /// Hands out a fresh item ID.
    public mutating func takeItemID() -> Int {
        defer { nextItemID += 1 }
        return nextItemID
    }

    /// Finds the list and position of the item with `itemID`.
    public func location(ofItemID itemID: Int) -> (list: Int, item: Int)? {
        for (list, checklist) in checklists.enumerated() {
            if let item = checklist.items.firstIndex(where: { $0.itemID == itemID }) { return (list, item) }
        }
        return nil
    }

    /// Makes the checklist at `index` current (`nil` for none).
    public mutating func select(_ index: Int?) {
        currentIndex = index.flatMap { checklists.indices.contains($0) ? $0 : nil }
    }

    /// Adds a checklist, keeps the order sorted, and returns its new position.
    @discardableResult
    public mutating func insert(_ checklist: Checklist) -> Int {
        checklists.append(checklist)
        return sort(following: checklists.count - 1)
    }

    /// Adds checklists, sorting once.
    public mutating func insert(contentsOf lists: [Checklist]) {
        checklists += lists
        sort()
    }

    /// Removes the checklist at `index`; the current one stays current, or none is if it was removed.
    public mutating func remove(at index: Int) {
        checklists.remove(at: index)
        if let current = currentIndex {
            currentIndex = current == index ? nil : (current > index ? current - 1 : current)
        }
    }

    /// Changes the checklist at `index`, re-sorting when its name changed; returns its new position.
    @discardableResult
    public mutating func update(at index: Int, _ change: (inout Checklist) throws -> Void) rethrows -> Int {
        let oldName = checklists[index].name
        try change(&checklists[index])
        guard checklists[index].name != oldName else { return index }
        return sort(following: index)
    }

    /// Replaces all checklists (undo and redo), keeping the current one by name when it is still
    /// there, else making `fallbackCurrent` current (the list that was current in the state being
    /// restored). `nextItemID` never goes back, so IDs handed out meanwhile are not reused.
    public mutating func replaceChecklists(with lists: [Checklist], fallbackCurrent: String? = nil) {
        let currentName = current?.name
        checklists = lists
        let position = { (name: String) in lists.firstIndex { $0.name == name } }
        currentIndex = currentName.flatMap(position) ?? fallbackCurrent.flatMap(position)
        nextItemID = max(nextItemID, Self.highestItemID(in: lists) + 1)
        sort()
    }

    /// Sorts by name, keeping `currentIndex` on the same checklist; returns where `index` went.
    @discardableResult
    private mutating func sort(following index: Int? = nil) -> Int {
        let order = checklists.indices.sorted { NaturalOrder.precedes(checklists[$0].name, checklists[$1].name) }
        guard order != Array(checklists.indices) else { return index ?? 0 }
        checklists = order.map { checklists[$0] }
        if let current = currentIndex { currentIndex = order.firstIndex(of: current) }
        return index.flatMap { order.firstIndex(of: $0) } ?? 0
    }
}
