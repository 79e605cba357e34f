/// What the CalDAV random test was told happened: each item made (by a machine or the phone),
/// and each acknowledged edit, check and delete of it, so that the end state can be held to it.
///
/// Every text the test writes is new (no two adds or edits write the same text), so a text names
/// one item, whatever it was called when it was read.
struct CalDAVRandomModel {
    /// One item through its life.
    struct Item {
        /// The checklist it was made in (nothing moves items).
        var list: String
        /// Who made it and when, for messages (`machine 1 at step 7`).
        var origin: String
        /// Every text it was given, acknowledged or not (the first is the one it was made with).
        var texts: [String]
        /// The texts of the acknowledged edits, in order, with who made each.
        var edits: [(text: String, by: String)] = []
        /// The acknowledged check marks set (true) or cleared (false), with who set each.
        var checks: [(value: Bool, by: String)] = []
        /// Who deleted it, acknowledged or perhaps (a delete whose outcome is unknown).
        var deletedBy: [String] = []
        /// Whether a delete of it was acknowledged.
        var deleteAcknowledged = false
        /// Whether an edit or check of it may or may not have happened (its outcome is unknown):
        /// then its text and check mark at the end are not held to anything.
        var uncertain = false

        /// What it must be called at the end: one of the acknowledged edits' texts, or the first
        /// text when there was none.
        var acceptableTexts: Set<String>? {
            guard !uncertain else { return nil }
            return edits.isEmpty ? [texts[0]] : Set(edits.map(\.text))
        }

        /// The check mark it must have at the end, when every acknowledged change set the same one.
        var requiredCheck: Bool? {
            guard !uncertain, let first = checks.first?.value, checks.allSatisfy({ $0.value == first }) else {
                return nil
            }
            return first
        }

        /// Whether a delete of it was acknowledged and nothing else ever changed it: then it must be gone.
        var mustBeGone: Bool { deleteAcknowledged && edits.isEmpty && checks.isEmpty && !uncertain }
    }

    private(set) var items: [Item] = []
    /// The item of each text ever written.
    private var owner: [String: Int] = [:]

    /// The item a text names, if the test wrote that text.
    func item(named text: String) -> Int? { owner[text] }

    /// Notes an item made with `text` in `list`; `acknowledged` false: it may or may not have been.
    mutating func added(_ text: String, list: String, by origin: String, acknowledged: Bool) {
        owner[text] = items.count
        var item = Item(list: list, origin: origin, texts: [text])
        // An add whose outcome is unknown is treated as an item someone may have deleted: it is
        // looked for only as a duplicate.
        if !acknowledged { item.deletedBy.append("\(origin) (an add that may have failed)") }
        items.append(item)
    }

    /// Notes an edit of the item called `old` to `new`; `acknowledged` false: it may or may not
    /// have happened (an edit refused is not noted at all).
    mutating func edited(_ old: String, to new: String, by origin: String, acknowledged: Bool) {
        guard let index = owner[old] else { return }
        owner[new] = index
        items[index].texts.append(new)
        if acknowledged { items[index].edits.append((new, origin)) } else { items[index].uncertain = true }
    }

    /// Notes the item called `text` checked (`value` true) or unchecked.
    mutating func checked(_ text: String, _ value: Bool, by origin: String, acknowledged: Bool) {
        guard let index = owner[text] else { return }
        if acknowledged { items[index].checks.append((value, origin)) } else { items[index].uncertain = true }
    }

    /// Notes a delete of the item called `text`.
    mutating func deleted(_ text: String, by origin: String, acknowledged: Bool) {
        guard let index = owner[text] else { return }
        items[index].deletedBy.append(origin)
        if acknowledged { items[index].deleteAcknowledged = true }
    }
}
