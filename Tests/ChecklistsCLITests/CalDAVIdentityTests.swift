import Foundation
import Testing

/// One task is one item, and none is lost to a UID seen twice (issue #47): a task that reached a
/// machine by CalDAV before git carried it, a join whose lists share texts, a server answer that
/// gives one UID to several tasks, a task copied into a second list. Real Radicale, curl as the phone.
@Suite(.enabled(if: CalDAVTestServer.available, "needs Radicale and Xandikos (.ci/venv)"))
struct CalDAVIdentityTests {
    /// The collection holding the task whose text is `summary`.
    private func collection(of summary: String, _ server: CalDAVTestServer, home: String) throws -> String {
        let href = try #require(try server.tasks(home: home).first { $0.value.contains("SUMMARY:\(summary)") }?.key)
        return String(href[...(try #require(href.lastIndex(of: "/")))])
    }

    /// The UID a task's text gives.
    private func uid(in task: String) throws -> String {
        let line = try #require(task.split(whereSeparator: \.isNewline).first { $0.hasPrefix("UID:") })
        return String(line.dropFirst("UID:".count))
    }

    @Test func joiningAListThatHoldsSomeOfTheSameItemsDuplicatesNone() throws {
        let server = try CalDAVTestServer(.radicale)
        let desktop = try ChecklistsProcess()
        let laptop = try ChecklistsProcess()
        defer {
            desktop.remove()
            laptop.remove()
        }
        let home = try server.setUp(desktop, with: "new Groceries\nadd k0\nadd k1\nadd k2\nadd k3\n")
        _ = try laptop.batch("new Groceries\nadd k2\nadd k3\nadd k4\nadd k5\n")
        try server.must(laptop, server.initArguments)
        try server.must(desktop, ["caldav"])
        let all = ["k0", "k1", "k2", "k3", "k4", "k5"]
        for machine in [laptop, desktop] { #expect(try machine.texts(of: "Groceries").sorted() == all) }
        let summaries = try server.tasks(home: home).values.compactMap { task in
            task.split(whereSeparator: \.isNewline).first { $0.hasPrefix("SUMMARY:") }.map(String.init)
        }
        #expect(summaries.sorted() == all.map { "SUMMARY:" + $0 })
    }
}
