import ChecklistKit
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `watch` with a real D-Bus session bus and a Notifications service that records what it gets
/// (SPEC §9). No test times speed: waits only guard against hangs.
@Suite(.enabled(if: NotificationBus.available, "needs dbus, libnotify-bin, python3-dbus and python3-gi"))
struct WatchTests {
    private func write(_ cli: ChecklistsProcess, _ items: [(String, Double)]) throws {
        try cli.writeReminders(items.map { (text: $0.0, due: $0.1) })
    }

    private var now: Double { ChecklistsProcess.now }

    private func environment(_ bus: NotificationBus) -> [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": bus.address]
    }

    /// `HH:MM` of a time, in UTC (the fixture's TZ).
    private func clock(_ time: Double) -> String {
        let seconds = Int(time.rounded(.down)) + 978_307_200
        return String(format: "%02d:%02d", seconds / 3600 % 24, seconds / 60 % 60)
    }

    @Test func aReminderDueAheadFiresOnceAtItsTimeWithTheListAndText() throws {
        let bus = try NotificationBus()
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let due = now + 3
        try write(cli, [("Buy milk", due), ("Not yet", now + 3600)])
        let watcher = try cli.start(["watch"], environment: environment(bus))
        let received = try bus.waitForNotifications(1)
        #expect(received.count == 1)
        #expect(received.first?.app == "checklists")
        #expect(received.first?.summary == "Groceries")
        #expect(received.first?.body == "Buy milk — due \(clock(due))")
        // Not before its time.
        #expect((received.first?.time ?? 0) >= due + 978_307_200 - 0.01)
        usleep(1_500_000)
        #expect(bus.received().count == 1)
        watcher.kill(SIGTERM)
        let ended = try watcher.wait(timeout: 30)
        #expect(ended.status == 0)
        #expect(!ended.wasSignalled)
    }

    @Test func aMissedReminderFiresAtStartAndARestartFiresItNoMore() throws {
        let bus = try NotificationBus()
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let due = now - 3600
        try write(cli, [("Call mum", due)])
        let once = try cli.run(["watch", "--once"], environment: environment(bus))
        #expect(once.status == 0, "\(once.stderr)")
        #expect(bus.received().map(\.body) == ["Call mum — due \(clock(due))"])
        let again = try cli.run(["watch", "--once"], environment: environment(bus))
        #expect(again.status == 0)
        let watcher = try cli.start(["watch"], environment: environment(bus))
        usleep(1_000_000)
        watcher.kill(SIGTERM)
        #expect(try watcher.wait(timeout: 30).status == 0)
        #expect(bus.received().count == 1)
        let record = try String(contentsOfFile: cli.folder.path + "/xdg-state/checklists/reminders", encoding: .utf8)
        #expect(record.hasPrefix("checklists reminders 2\n0\t"))
    }

    @Test func moreThanThreeMissedAtStartBecomeOneNotification() throws {
        let bus = try NotificationBus()
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try write(cli, (1...5).map { ("Item \($0)", now - Double($0) * 60) })
        #expect(try cli.run(["watch", "--once"], environment: environment(bus)).status == 0)
        let received = bus.received()
        #expect(received.count == 1)
        #expect(received.first?.body.hasPrefix("5 reminders are due") == true)
    }

    @Test func anItemAddedWhileWatchingFiresWithoutARestart() throws {
        let bus = try NotificationBus()
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try write(cli, [])
        let watcher = try cli.start(["watch"], environment: environment(bus))
        usleep(500_000)
        _ = try cli.batch("add Water the plants\ndue 1 2026-01-01 10:00\nremind 1 on\n")
        let received = try bus.waitForNotifications(1)
        #expect(received.map(\.body) == ["Water the plants — due 2026-01-01 10:00"])
        watcher.kill(SIGTERM)
        #expect(try watcher.wait(timeout: 30).status == 0)
    }

    @Test func twoWatchersOnOneFileFireEachReminderOnce() throws {
        let bus = try NotificationBus()
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try write(cli, [("Shared", now + 3)])
        let first = try cli.start(["watch"], environment: environment(bus))
        let second = try cli.start(["watch"], environment: environment(bus))
        try bus.waitForNotifications(1)
        usleep(1_500_000)
        #expect(bus.received().count == 1)
        first.kill(SIGTERM)
        second.kill(SIGINT)
        #expect(try first.wait(timeout: 30).status == 0)
        #expect(try second.wait(timeout: 30).status == 0)
    }

    @Test func execRunsTheCommandWithTheReminderInItsEnvironment() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let due = now - 60
        try write(cli, [("Crème fraîche", due)])
        let out = cli.folder.path + "/exec.txt"
        let script = "env | grep -E '^CHECKLISTS_(ITEM_ID|TEXT|LIST|DUE)=' | sort > '\(out)'"
        let outcome = try cli.run(["watch", "--once", "--exec", script])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let seconds = Int(due.rounded(.down)) + 978_307_200
        let iso = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(seconds)))
            .replacingOccurrences(of: "Z", with: "+00:00")
        #expect(
            try String(contentsOfFile: out, encoding: .utf8)
                == "CHECKLISTS_DUE=\(iso)\nCHECKLISTS_ITEM_ID=0\nCHECKLISTS_LIST=Groceries\n"
                + "CHECKLISTS_TEXT=Crème fraîche\n")
    }

    @Test func withoutASessionBusTheReminderIsPrintedWithAHint() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let due = now - 60
        try write(cli, [("Buy milk", due)])
        let outcome = try cli.run(["watch", "--once"], removing: ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "reminder: Groceries: Buy milk — due \(clock(due))\n")
        #expect(outcome.stderr.contains("no D-Bus session bus"))
    }

    @Test func aFailedDeliveryIsReportedAndTriedAgainUntilItIsDelivered() throws {
        let bus = try NotificationBus(refusing: true)
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let due = now - 60
        try write(cli, [("Buy milk", due)])
        let refused = try cli.run(["watch", "--once"], environment: environment(bus))
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\"Buy milk\" not delivered"))
        try bus.startService()
        #expect(try cli.run(["watch", "--once"], environment: environment(bus)).status == 0)
        #expect(bus.received().map(\.body) == ["Buy milk — due \(clock(due))"])
    }

    @Test func aServiceThatIsDownIsReportedAndNothingIsRecorded() throws {
        let bus = try NotificationBus(withService: false)
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try write(cli, [("Buy milk", now - 60)])
        let failed = try cli.run(["watch", "--once"], environment: environment(bus))
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("not delivered"))
        let record = cli.folder.path + "/xdg-state/checklists/reminders"
        let text = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
        #expect(!text.contains("\t"))
    }
}
