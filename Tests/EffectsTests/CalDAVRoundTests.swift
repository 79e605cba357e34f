import ChecklistKit
import Testing

@testable import Effects

/// The decisions of one try of a CalDAV sync (SPEC §11), without a server: the order of the task
/// lists, the UIDs given before the writes, the automatic first list kept off the server, what a
/// write's answer means, the state kept and what the sync says.
struct CalDAVRoundTests {
    private let home = "http://127.0.0.1:1/ann/"
    private var groceries: CalDAVServer.Collection {
        CalDAVServer.Collection(url: home + "g/", name: "Groceries", token: "t1", icon: nil, tasksOnly: true)
    }

    private func item(_ text: String, _ id: Int, uid: String?, checked: Bool = false) -> ChecklistItem {
        var item = ChecklistItem(text: text, checked: checked, itemID: id, created: 100)
        item.uid = uid
        return item
    }

    private func book(_ lists: [(String, [ChecklistItem])], current: Int? = 0) -> ChecklistBook {
        CalDAVTasks.book(lists, current: current)
    }

    /// The server's task for `item` in `collection`, as a sync would have stored it.
    private func resource(_ item: ChecklistItem, in collection: String) -> CalDAVState.Resource {
        CalDAVTasks.resource(item, in: collection)
    }

    /// A state as the last sync left the server holding `there` in Groceries.
    private func state(_ there: [ChecklistItem]) -> CalDAVState {
        var state = CalDAVState()
        state.base = book([("Groceries", there)], current: nil)
        for item in there { state.resources[item.uid ?? ""] = resource(item, in: groceries.url) }
        state.collections[groceries.url] = CalDAVState.Collection(name: "Groceries", token: "t1")
        return state
    }

    /// The survey of a server holding `there` in Groceries, unchanged since `state(there)`.
    private func survey(_ there: [ChecklistItem]) -> CalDAVSurvey {
        var survey = CalDAVSurvey(synced: state(there).resources, names: [groceries.url: "Groceries"])
        for item in there { survey.hold(resource(item, in: groceries.url)) }
        survey.tokens[groceries.url] = "t1"
        return survey
    }

    private func answer(_ status: Int) -> HTTPResponse {
        HTTPResponse(status: status, headers: [:], body: [])
    }

    @Test func taskListsTakeTheOrderOfTheChecklistsByName() {
        let lists = ["Work", "groceries", "Trip 10", "Trip 9"].map {
            CalDAVServer.Collection(url: home + $0 + "/", name: $0, token: nil, icon: nil, tasksOnly: true)
        }
        #expect(CalDAVRound.ordered(lists).map(\.name) == ["groceries", "Trip 9", "Trip 10", "Work"])
    }

    @Test func anUnpairedItemTakesTheUIDOfATaskOfItsTextElseANewOne() {
        let there = [item("Milk", 0, uid: "m")]
        let ours = book([("Groceries", [item("Milk", 4, uid: nil), item("Eggs", 5, uid: nil)])])
        let resources = ["m": resource(there[0], in: groceries.url)]
        let given = CalDAVRound.withUIDs(ours, collections: [groceries], resources: resources, base: nil)
        let uids = given.checklists[0].items.map(\.uid)
        #expect(uids[0] == "m")
        #expect(uids[1] != nil && uids[1] != "m")
    }

    @Test func anUnchangedSyncHasNothingToDo() {
        let there = [item("Milk", 0, uid: "m")]
        let here = book([("Groceries", there)])
        #expect(CalDAVRound.nothingToDo([groceries], state: state(there), book: here))
        let changed = book([("Groceries", [item("Milk", 0, uid: "m", checked: true)])])
        #expect(!CalDAVRound.nothingToDo([groceries], state: state(there), book: changed))
        #expect(!CalDAVRound.nothingToDo([], state: state(there), book: here), "a task list gone")
    }

    @Test func aChangeHereIsMergedWrittenAndKeptAsTheNextBase() {
        let there = [item("Milk", 0, uid: "m")]
        let ours = book([("Groceries", [item("Milk", 0, uid: "m", checked: true)])])
        let round = CalDAVRound(
            ours: ours, collections: [groceries], state: state(there), survey: survey(there), home: home, now: 1000)
        #expect(round.here.checklists[0].items.map(\.checked) == [true])
        #expect(round.plan.requests.map(\.method) == ["PUT"])
        #expect(round.touched(gone: []) == [groceries.url])
        #expect(round.touched(gone: [groceries.url]).isEmpty)
        let writes = round.writes(answeredBy: [HTTPResponse(status: 204, headers: ["etag": "\"e2\""], body: [])])
        #expect(writes["m"]?.href == groceries.url + "m.ics")
        #expect(writes["m"]?.etag == "\"e2\"")
        let next = round.nextState(tokens: [groceries.url: "t2"], etagOf: [groceries.url + "m.ics": "\"e2\""])
        #expect(next.resources["m"]?.etag == "\"e2\"")
        #expect(next.collections[groceries.url] == CalDAVState.Collection(name: "Groceries", token: "t2"))
        #expect(next.base?.checklists[0].items.map(\.checked) == [true])
        #expect(next.base?.checklists[0].items.first?.serverMark == round.marks["m"])
        #expect(round.markedHere.checklists[0].items.first?.serverMark == round.marks["m"])
        let result = round.result(server: "http://127.0.0.1:1", first: nil, notices: ["a notice"])
        #expect(result.lines.map(\.text) == ["synced with http://127.0.0.1:1: in nothing; out 1 changed"])
        #expect(result.notices == ["a notice"])
    }

    @Test func theTokenAdvancesOnlyPastTheWritesOfThisSync() {
        let there = [item("Milk", 0, uid: "m"), item("Eggs", 1, uid: "e")]
        let ours = book([("Groceries", [item("Milk", 0, uid: "m", checked: true), item("Eggs", 1, uid: "e")])])
        let round = CalDAVRound(
            ours: ours, collections: [groceries], state: state(there), survey: survey(there), home: home, now: 1000)
        let milk = groceries.url + "m.ics"
        let written = round.writes(answeredBy: [answer(204)])
        let ourWrite = CalDAVServer.Changes(etags: [milk: "\"e2\""], removed: [], token: "t2")
        let settled = round.settled([groceries.url], answers: [groceries.url: ourWrite], written: written)
        #expect(settled.tokens[groceries.url] == "t2")
        #expect(settled.etagOf == [milk: "\"e2\""])
        #expect(settled.listing.isEmpty)
        var another = ourWrite
        another.etags[groceries.url + "e.ics"] = "\"e-other\""
        let changed = round.settled([groceries.url], answers: [groceries.url: another], written: written)
        #expect(changed.tokens[groceries.url] == "t1", "another client's change still comes in next time")
        let refused = round.settled([groceries.url], answers: [:], written: written)
        #expect(refused.tokens[groceries.url] == nil)
        #expect(refused.listing == [groceries.url])
        var etagOf = refused.etagOf
        CalDAVRound.take(
            [groceries.url: [milk: "\"e3\"", "/elsewhere": "x"]], written: round.plan.written, into: &etagOf)
        #expect(etagOf == [milk: "\"e3\""])
    }

    @Test func aCollectionWithAChangeNotReadKeepsNoToken() {
        let there = [item("Milk", 0, uid: "m")]
        var surveyed = survey(there)
        surveyed.unsettled = [groceries.url]
        let round = CalDAVRound(
            ours: book([("Groceries", there)]), collections: [groceries], state: state(there), survey: surveyed,
            home: home, now: 1000)
        let next = round.nextState(tokens: [groceries.url: "t2"], etagOf: [:])
        #expect(next.collections[groceries.url]?.token == nil)
        #expect(next.resources["m"] == resource(there[0], in: groceries.url))
    }

    @Test func theAutomaticFirstListStaysOffTheServerAndHere() {
        let ours = book([("List", [])])
        let round = CalDAVRound(
            ours: ours, collections: [], state: CalDAVState(),
            survey: CalDAVSurvey(synced: [:], names: [:]), home: home, now: 1000)
        #expect(round.plan.created.isEmpty)
        #expect(round.merged.book.checklists.isEmpty)
        #expect(round.here == ours)
    }

    @Test func aWriteFoundChangedThereIsFetchedAgainAndAnyOtherRefusalStops() throws {
        let put = CalDAVWritePlan.put(home + "g/m.ics", [], condition: "If-Match: \"e\"")
        let delete = CalDAVWritePlan.delete(home + "g/e.ics", etag: "\"e\"")
        let changed = try CalDAVRound.changedMeanwhile(
            [put, delete], [answer(412), answer(404)], server: "http://127.0.0.1:1")
        #expect(changed == [put.url], "a DELETE of what is gone is done")
        #expect(throws: CalDAVError.self) {
            try CalDAVRound.changedMeanwhile([put], [answer(500)], server: "http://127.0.0.1:1")
        }
        #expect(throws: CalDAVError.self) {
            try CalDAVRound.checkCreated([answer(207)], server: "http://127.0.0.1:1")
        }
        try CalDAVRound.checkCreated([answer(201)], server: "http://127.0.0.1:1")
    }
}
