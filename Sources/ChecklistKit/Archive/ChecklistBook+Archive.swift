import KeyedArchive

extension ChecklistBook {
    /// The highest item ID a file may hold; larger ones come only from damaged files (and do not
    /// survive JSON), and would overflow the counter: loading gives them fresh IDs.
    static let itemIDLimit = 1 << 53

    /// The keyed archive of the whole book, as `Checklists.plist` holds it.
    public func archived() -> [UInt8] {
        KeyedArchiver.archive(expectedObjects: expectedObjects, encodeTop)
    }

    /// Encodes the keyed archive of the whole book, handing it to `write` in pieces of about
    /// `pieceSize` bytes as it is made (see `KeyedArchiver.archive(expectedObjects:pieceSize:write:_:)`);
    /// returns the file's length.
    public func archive(pieceSize: Int, write: (_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Void) -> Int {
        KeyedArchiver.archive(expectedObjects: expectedObjects, pieceSize: pieceSize, write: write, encodeTop)
    }

    /// About how many objects the archive holds: an item, its text and its date.
    private var expectedObjects: Int {
        checklists.reduce(0) { $0 + $1.items.count } * 3 + checklists.count * 4 + 16
    }

    private func encodeTop(_ coder: inout KeyedEncoder) {
        coder.encode(checklists, forKey: "Checklists")
        coder.encode(currentIndex ?? -1, forKey: "ChecklistIndex")
        coder.encode(nextItemID, forKey: "ChecklistItemID")
    }

    /// Reads a book from a keyed archive: ours, the iOS app's, or its early `ChecklistItems` form.
    ///
    /// Items without a `DueDate` get `loadTime`; items without an `ItemID`, or with one already
    /// taken, get fresh IDs after the highest in the file.
    public init(archive bytes: [UInt8], loadTime: Double) throws(KeyedArchiveError) {
        let unarchiver = try KeyedUnarchiver(bytes: bytes)
        let top = unarchiver.topLevel
        var lists: [Checklist]
        var index: Int?
        var next = 0
        if top.contains("Checklists") {
            lists = try top.decode([Checklist].self, forKey: "Checklists")
            let stored = try top.decodeIfPresent(Int.self, forKey: "ChecklistIndex") ?? -1
            index = stored >= 0 && stored < lists.count ? stored : nil
            next = try top.decodeIfPresent(Int.self, forKey: "ChecklistItemID") ?? 0
        } else if top.contains("ChecklistItems") {
            lists = [
                Checklist(name: "Checklist", items: try top.decode([ChecklistItem].self, forKey: "ChecklistItems"))
            ]
            index = 0
        } else {
            throw .missingKey("Checklists", inClass: "$top")
        }
        let idLimit = Self.itemIDLimit
        if next > idLimit { next = 0 }
        // One pass finds the highest ID and whether the usable IDs rise strictly in file order, as
        // the app writes them: then none repeats, and no set of the IDs seen is needed.
        var highest: Int?
        var previous = -1
        var rising = true
        for list in lists.indices {
            for item in lists[list].items.indices where lists[list].items[item].itemID <= idLimit {
                let id = lists[list].items[item].itemID
                highest = max(highest ?? id, id)
                guard id >= 0 else { continue }
                rising = rising && id > previous
                previous = id
            }
        }
        next = max(next, (highest ?? -1) + 1)
        // Fresh IDs start above every ID in the file, so they never meet one read later.
        var seen = Set<Int>()
        for list in lists.indices {
            for item in lists[list].items.indices {
                lists[list].items[item].fillArchivedDate(loadTime: loadTime)
                let id = lists[list].items[item].itemID
                if id < 0 || id > idLimit || (!rising && !seen.insert(id).inserted) {
                    lists[list].items[item].itemID = next
                    if !rising { seen.insert(next) }
                    next += 1
                }
            }
        }
        // `next` is above every ID now: the pass that would check it again is skipped.
        self.init(checklists: lists, currentIndex: index, nextItemIDAboveAll: next)
    }
}
