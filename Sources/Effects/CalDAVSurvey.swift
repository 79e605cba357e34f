import ChecklistKit

/// What the server holds now, as far as a sync needs it (`CalDAVSync.survey` finds it): every
/// task (the unchanged ones from the state, the changed ones fetched) and the sync token that
/// covers them per collection.
struct CalDAVSurvey {
    /// Every task there, by UID.
    var current: [String: CalDAVState.Resource] = [:]
    /// The sync token that covers each collection's tasks, by URL.
    var tokens: [String: String] = [:]
    /// Whether every collection's token is the one the state has (nothing changed there).
    var unchanged = true
    /// The ETag of every member seen (tasks or not), by href.
    var seen: [String: String] = [:]
    /// The UIDs of tasks that changed there but could not be read: neither deleted here nor
    /// written there, and looked at again at the next sync (their state stays as it was).
    var unresolved: Set<String> = []
    /// What to say on stderr about them.
    var notices: [String] = []
    /// The collections with a change not read: their sync token must not move past it.
    var unsettled: Set<String> = []
    /// Copies the last sync left of tasks found at a second href too: moves half done.
    var stale: [CalDAVState.Resource] = []
    /// The tasks refused (too large, unreadable), by href, for the state to remember.
    var refused: [String: CalDAVState.Refused] = [:]
    /// The task of each UID as the last sync left it.
    let synced: [String: CalDAVState.Resource]
    /// The name of each task list, by URL, to name a task found in two.
    let names: [String: String]

    /// Takes `resource` as its UID's task. A UID found in two task lists is a move half done
    /// (the PUT to the new list made, the DELETE of the old copy not, by this program or
    /// another client): the copy the last sync left is the stale one, which the writes
    /// delete. A client's copy reads the same; both are named, as is a UID found in two lists
    /// of which the last sync knew neither (the one found last is taken, the other left alone).
    mutating func hold(_ resource: CalDAVState.Resource) {
        let uid = resource.uid
        guard let held = current[uid], held.href != resource.href else {
            current[uid] = resource
            return
        }
        let old = synced[uid]?.href
        let (left, taken) = resource.href == old ? (resource, held) : (held, resource)
        let lists = "the task \(uid) is in two task lists, \(name(of: left)) and \(name(of: taken))"
        if left.href == old {
            stale.append(left)
            notices.append(
                lists + ": taken as moved to \(name(of: taken)), the copy in \(name(of: left)) is deleted")
        } else {
            notices.append(
                lists + ": only the one in \(name(of: taken)) is taken here, the other is left as it is there")
        }
        current[uid] = taken
    }

    /// `"Groceries" (/href)`: a task's list, and its place.
    private func name(of resource: CalDAVState.Resource) -> String {
        "\"\(names[resource.collection] ?? resource.collection)\" (\(resource.href))"
    }

    /// Leaves the task at `href` in `collection` as it is, here and there, for the reason
    /// `refusal` gives: named on stderr, its collection's token not moved past it, and the
    /// item it was at the last sync (`known`) kept as it was and unresolved.
    mutating func refuse(
        _ href: String, _ refusal: CalDAVState.Refused, collection: String, known: CalDAVState.Resource?
    ) {
        refused[href] = refusal
        notices.append(refusal.notice)
        unsettled.insert(collection)
        guard let known else { return }
        hold(known)
        unresolved.insert(known.uid)
    }
}
