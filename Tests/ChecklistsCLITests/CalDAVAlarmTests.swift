import Foundation
import Testing

/// A phone's alarm time rings here when it rings on the phone (SPEC §9, §11; issue #36 finding
/// 5: "15 minutes before" fired at the due time here), and stays on the server as written.
@Suite(.enabled(if: CalDAVTestServer.available, "needs Radicale and Xandikos (.ci/venv)"))
struct CalDAVAlarmTests {
    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aPhonesFifteenMinutesBeforeFiresFifteenMinutesBefore(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let home = try server.setUp(laptop, with: "new Home\nadd Milk\n")
        let milk = try #require(try server.tasks(home: home).first { $0.value.contains("SUMMARY:Milk") }?.key)
        let href = String(milk[...(try #require(milk.lastIndex(of: "/")))]) + "phone-dentist.ics"
        let alarm = "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=END:-PT15M\r\nEND:VALARM\r\n"
        let task = CalDAVTestServer.vtodo(
            uid: "phone-dentist", summary: "Dentist", extra: "DUE:20991201T100000Z\r\n" + alarm)
        let put = try server.request(
            "PUT", href, body: task, headers: ["Content-Type: text/calendar", "If-None-Match: *"])
        try #require(put.status < 300, "the phone's PUT: \(put.status) \(put.body)")
        try server.must(laptop, ["caldav"])
        let info = try server.must(laptop, ["info", "2"]).stdout
        #expect(info.contains("on, fires 2099-12-01 09:45"), "\(info)")
        // Edited here, the task keeps the phone's alarm as it was.
        try server.must(laptop, ["edit", "2", "Dentist at 10"])
        try server.must(laptop, ["caldav"])
        let written = try server.request("GET", href).body
        #expect(written.contains("SUMMARY:Dentist at 10"))
        #expect(written.contains("TRIGGER;RELATED=END:-PT15M"))
    }
}
