import ChecklistKit
import Testing

@testable import Effects

/// What a survey of the server keeps (SPEC §11): a task found in two lists is a move half done,
/// and a refused task is left as it is, here and there.
struct CalDAVSurveyTests {
    private func resource(_ uid: String, in collection: String) -> CalDAVState.Resource {
        CalDAVState.Resource(uid: uid, href: collection + uid + ".ics", etag: "e", collection: collection, data: [])
    }

    @Test func theCopyTheLastSyncLeftOfATaskInTwoListsIsStale() {
        let old = resource("r", in: "/g/")
        let new = resource("r", in: "/w/")
        var survey = CalDAVSurvey(synced: ["r": old], names: ["/g/": "Groceries", "/w/": "Work"])
        survey.hold(old)
        survey.hold(new)
        #expect(survey.current["r"] == new)
        #expect(survey.stale == [old])
        #expect(survey.notices.count == 1)
    }

    @Test func aRefusedTaskKeepsItsPlaceAndHoldsItsCollectionsToken() {
        let known = resource("r", in: "/g/")
        var survey = CalDAVSurvey(synced: ["r": known], names: ["/g/": "Groceries"])
        let refusal = CalDAVState.Refused(etag: "e2", notice: "too large")
        survey.refuse(known.href, refusal, collection: "/g/", known: known)
        #expect(survey.current["r"] == known)
        #expect(survey.unresolved == ["r"])
        #expect(survey.unsettled == ["/g/"])
        #expect(survey.refused[known.href] == refusal)
        #expect(survey.notices == ["too large"])
    }
}
