import ChecklistKit
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// One run of the CalDAV random test from a seed (issue #35): three machines that share a bare
/// git remote and one CalDAV account, and a phone on that account; random edits on the machines
/// and the phone, random `sync`s and `caldav`s (some with the phone writing meanwhile, some
/// SIGKILLed at a random moment); then every machine runs `sync` in turn until a round changes
/// nothing, and the end is held to SPEC §8 and §11: every machine and the server hold the same
/// tasks, none twice, no acknowledged change lost, and the syncs fall idle.
final class CalDAVRandomRun {
    /// A kind of failure, for the counts over many seeds.
    enum Problem: String, CaseIterable, CustomStringConvertible {
        case differ = "machines and server differ"
        case twice = "a task twice"
        case lost = "a change lost"
        case back = "a deleted item back"
        case neverIdle = "never idle"
        case lateIdle = "idle late"
        case syncFailed = "a sync failed"

        var description: String { rawValue }
    }

    /// One failure, with a message that names the seed, the holder and what differs.
    struct Finding {
        var problem: Problem
        var message: String
    }

    /// What the run did, for the messages.
    struct Counts: CustomStringConvertible {
        var adds = 0
        var edits = 0
        var checks = 0
        var deletes = 0
        var phoneAdds = 0
        var phoneEdits = 0
        var phoneChecks = 0
        var phoneDeletes = 0
        var phoneRefused = 0
        var syncs = 0
        var calDAVs = 0
        var withPhone = 0
        var groupKills = 0
        var processKills = 0
        var remoteLocksRemoved = 0

        var description: String {
            "machines: \(adds) adds, \(edits) edits, \(checks) checks, \(deletes) deletes; phone: \(phoneAdds) adds,"
                + " \(phoneEdits) edits, \(phoneChecks) completions, \(phoneDeletes) deletes, \(phoneRefused) refused"
                + " (412 or gone); \(syncs) syncs, \(calDAVs) caldavs, \(withPhone) of them with the phone writing,"
                + " \(groupKills) killed with their children, \(processKills) killed alone,"
                + " \(remoteLocksRemoved) stale remote locks removed"
        }
    }

    /// What a run found.
    struct Report {
        var seed: UInt64
        var kind: CalDAVTestServer.Kind
        var findings: [Finding]
        /// The settling round that changed nothing (from 1), if one did.
        var idleRound: Int?
        /// One line: what the run did and how it ended.
        var summary: String
        /// Every step and sync with its outcome, one line each, for replaying a seed by eye.
        var trace: [String]

        /// The problems found, each once.
        var problems: Set<Problem> { Set(findings.map(\.problem)) }
    }

    /// An item as one holder (a machine or the server) has it.
    struct Held {
        var list: String
        var text: String
        var checked: Bool
        var uid: String?

        /// What must agree between holders.
        var key: String { "\(list)/'\(text)' \(checked ? "[x]" : "[ ]")" }
    }

    /// The checklists (task lists) the items go in.
    static let lists = ["Home", "Work"]
    /// Settling stops after this many rounds.
    static let maxRounds = 8
    /// The round that must change nothing. Two rounds carry every change: `sync` runs git before
    /// CalDAV, so what a machine's CalDAV sync took in reaches git in the next round; the third
    /// must be quiet.
    static let idleBy = 3

    let seed: UInt64
    let kind: CalDAVTestServer.Kind
    private var random: SplitMix64
    private let server: CalDAVTestServer
    private let remote: SyncTests.Remote
    private let machines: [ChecklistsProcess]
    private var phone: CalDAVPhone?
    /// The phone's view: the tasks as it last read them, with its own changes since.
    private var view: [CalDAVPhone.Task] = []
    private var model = CalDAVRandomModel()
    private var counts = Counts()
    private var findings: [Finding] = []
    /// The `sync` lines of the last settling round that moved something.
    private var lastMoves: [String] = []
    /// Every step and sync with its outcome (`Report.trace`).
    private var trace: [String] = []

    /// Starts the server, the remote and three machines; sets git sync and CalDAV up on each
    /// (the first with two checklists of one item each, the others joining); starts the phone.
    init(seed: UInt64, kind: CalDAVTestServer.Kind) throws {
        self.seed = seed
        self.kind = kind
        random = SplitMix64(seed: seed)
        server = try CalDAVTestServer(kind)
        let remote = try SyncTests.Remote()
        self.remote = remote
        machines = try (0..<3).map { _ in try remote.machine() }
        let first = machines[0]
        try must(first, [], stdin: "new Home\nadd \"seed-home\"\nnew Work\nadd \"seed-work\"\n")
        model.added("seed-home", list: "Home", by: "machine 0 at set-up", acknowledged: true)
        model.added("seed-work", list: "Work", by: "machine 0 at set-up", acknowledged: true)
        for machine in machines { try must(machine, ["sync", "init", remote.url]) }
        for machine in machines { try must(machine, server.initArguments) }
        phone = try CalDAVPhone(server)
    }

    /// Runs `steps` random steps, settles, and checks the end.
    func run(steps: Int) throws -> Report {
        for step in 0..<steps { try self.step(step) }
        let idle = try settle()
        if let idle {
            if idle > Self.idleBy {
                note(
                    .lateIdle,
                    "settling took \(idle) rounds of `sync` on every machine (round \(Self.idleBy) must change nothing);"
                        + " round \(idle - 1) still moved: \(lastMoves.joined(separator: " | "))")
            }
        } else {
            note(
                .neverIdle,
                "never idle: every one of \(Self.maxRounds) rounds of `sync` on every machine moved something; the"
                    + " last: \(lastMoves.joined(separator: " | "))")
        }
        let holders = try self.holders()
        compare(holders)
        for holder in holders { checkTwice(holder) }
        checkKept(holders)
        let total = holders.first?.items.count ?? 0
        let problems = Problem.allCases.filter { problem in findings.contains { $0.problem == problem } }
        let summary =
            "CalDAV random, seed \(seed) (\(kind)), \(steps) steps: \(counts);"
            + " \(idle.map { "idle at round \($0)" } ?? "never idle in \(Self.maxRounds) rounds"),"
            + " \(total) items on machine 0, \(holders.last?.items.count ?? 0) tasks on the server; "
            + (problems.isEmpty ? "no problem" : "problems: " + problems.map(\.description).joined(separator: ", "))
        return Report(seed: seed, kind: kind, findings: findings, idleRound: idle, summary: summary, trace: trace)
    }

    // MARK: Steps

    private func step(_ step: Int) throws {
        let index = Int.random(in: 0..<machines.count, using: &random)
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<7: try machineChange(index, step: step)
        case 7..<11: try phoneChange(step: step)
        case 11..<13: _ = try sync(index, ["sync"], during: "step \(step)")
        case 13: _ = try sync(index, ["caldav"], during: "step \(step)")
        case 14..<16: try syncWithThePhone(index, ["sync"], step: step)
        case 16: try syncWithThePhone(index, ["caldav"], step: step)
        case 17..<19: try killedSync(index, ["sync"])
        default: try killedSync(index, ["caldav"])
        }
    }

    /// A machine adds an item, or edits, checks (unchecks) or deletes one it has.
    private func machineChange(_ index: Int, step: Int) throws {
        let machine = machines[index]
        let who = "machine \(index) at step \(step)"
        let items = try machine.exported().lists.flatMap { list in list.items.map { (list: list.name, item: $0) } }
        let choice = items.isEmpty ? 0 : Int.random(in: 0..<20, using: &random)
        let text = "m\(index)-s\(step)"
        guard choice >= 8 else {
            let list = random.pick(Self.lists)
            let added = try run(machine, [], stdin: "use \(list)\nadd \"\(text)\"\n")
            model.added(text, list: list, by: who, acknowledged: added.status == 0)
            trace.append("\(who): add '\(text)' to \(list): status \(added.status)")
            counts.adds += 1
            return
        }
        let (_, item) = random.pick(items)
        let id = "#\(item.itemID)"
        switch choice {
        case 8..<12:
            let edited = try run(machine, ["edit", id, text])
            if edited.status == 0 { model.edited(item.text, to: text, by: who, acknowledged: true) }
            trace.append("\(who): edit \(id) '\(item.text)' to '\(text)': status \(edited.status)")
            counts.edits += 1
        case 12..<17:
            let checked = try run(machine, [item.checked ? "uncheck" : "check", id])
            if checked.status == 0 { model.checked(item.text, !item.checked, by: who, acknowledged: true) }
            trace.append("\(who): \(item.checked ? "uncheck" : "check") \(id) '\(item.text)': status \(checked.status)")
            counts.checks += 1
        default:
            let deleted = try run(machine, ["delete", id])
            if deleted.status == 0 { model.deleted(item.text, by: who, acknowledged: true) }
            trace.append("\(who): delete \(id) '\(item.text)': status \(deleted.status)")
            counts.deletes += 1
        }
    }

    /// The phone (after reading the lists again, half the time) adds a task, or edits,
    /// completes (uncompletes) or deletes one as it last read it.
    private func phoneChange(step: Int) throws {
        guard let phone else { return }
        let who = "the phone at step \(step)"
        if view.isEmpty || random.chance(1, in: 2) {
            view = try phone.refresh().filter { Self.lists.contains($0.list) }
            trace.append("\(who): reads \(view.count) tasks")
        }
        let choice = view.isEmpty ? 0 : Int.random(in: 0..<20, using: &random)
        let text = "p-s\(step)"
        guard choice >= 7 else {
            let list = random.pick(Self.lists)
            let outcome = try phone.add(list: list, text: text)
            switch outcome {
            case .done(let uid):
                model.added(text, list: list, by: who, acknowledged: true)
                view.append(CalDAVPhone.Task(list: list, uid: uid ?? "", summary: text, done: false))
            case .unknown: model.added(text, list: list, by: who, acknowledged: false)
            case .refused: counts.phoneRefused += 1
            }
            trace.append("\(who): add '\(text)' to \(list): \(outcome)")
            counts.phoneAdds += 1
            return
        }
        let position = Int.random(in: 0..<view.count, using: &random)
        let task = view[position]
        let outcome: CalDAVPhone.Outcome
        switch choice {
        case 7..<11:
            outcome = try phone.edit(uid: task.uid, text: text)
            counts.phoneEdits += 1
            switch outcome {
            case .done:
                view[position].summary = text
                model.edited(task.summary, to: text, by: who, acknowledged: true)
            case .unknown: model.edited(task.summary, to: text, by: who, acknowledged: false)
            case .refused: break
            }
        case 11..<17:
            outcome = try phone.complete(uid: task.uid, !task.done)
            counts.phoneChecks += 1
            switch outcome {
            case .done:
                view[position].done = !task.done
                model.checked(task.summary, !task.done, by: who, acknowledged: true)
            case .unknown: model.checked(task.summary, !task.done, by: who, acknowledged: false)
            case .refused: break
            }
        default:
            outcome = try phone.delete(uid: task.uid)
            counts.phoneDeletes += 1
            switch outcome {
            case .done: model.deleted(task.summary, by: who, acknowledged: true)
            case .unknown: model.deleted(task.summary, by: who, acknowledged: false)
            case .refused: break
            }
        }
        let change = ["edit to '\(text)'", task.done ? "uncomplete" : "complete", "delete"][
            choice < 11 ? 0 : choice < 17 ? 1 : 2]
        trace.append("\(who): \(change) '\(task.summary)' (\(task.uid)): \(outcome)")
        if case .refused(let reason) = outcome {
            counts.phoneRefused += 1
            if reason == "gone" { view.remove(at: position) }
        } else if case .done = outcome, choice >= 17 {
            view.remove(at: position)
        }
    }

    /// Runs `sync` or `caldav` on machine `index`; a stale lock a killed push left on the remote
    /// is removed as the message says and the sync run again. A failure is a finding.
    private func sync(_ index: Int, _ arguments: [String], during context: String) throws -> ChecklistsProcess.Outcome?
    {
        for _ in 0..<3 {
            let outcome = try run(machines[index], arguments)
            if try settled(index, arguments, outcome, during: context) { return outcome.status == 0 ? outcome : nil }
        }
        note(
            .syncFailed, "machine \(index) `\(arguments.joined(separator: " "))` (\(context)): the remote stayed locked"
        )
        return nil
    }

    /// Whether a sync's outcome is final (done, or failed and noted); false when it met a stale
    /// remote lock, now removed, and should run again.
    private func settled(
        _ index: Int, _ arguments: [String], _ outcome: ChecklistsProcess.Outcome, during context: String
    ) throws -> Bool {
        if arguments == ["sync"] { counts.syncs += 1 } else { counts.calDAVs += 1 }
        let printed = (outcome.stdout + outcome.stderr).split(separator: "\n").joined(separator: " / ")
        trace.append(
            "machine \(index) `\(arguments.joined(separator: " "))` (\(context)): \(outcome.status): \(printed)")
        if outcome.status == 0 { return true }
        let said = outcome.stderr
        if said.contains("the remote is locked"), let start = said.range(of: "remove ")?.upperBound,
            let end = said[start...].range(of: " if no git")?.lowerBound
        {
            try FileManager.default.removeItem(atPath: String(said[start..<end]))
            counts.remoteLocksRemoved += 1
            return false
        }
        note(
            .syncFailed,
            "machine \(index) `\(arguments.joined(separator: " "))` (\(context)) failed with status \(outcome.status):"
                + " \(said.trimmingCharacters(in: .whitespacesAndNewlines))")
        return true
    }

    /// Runs a sync on machine `index` while the phone changes something.
    private func syncWithThePhone(_ index: Int, _ arguments: [String], step: Int) throws {
        let running = try machines[index].start(arguments, environment: server.environment)
        usleep(UInt32.random(in: 0...150_000, using: &random))
        try phoneChange(step: step)
        counts.withPhone += 1
        let outcome = try running.wait()
        if try !settled(index, arguments, outcome, during: "step \(step), with the phone writing") {
            _ = try sync(index, arguments, during: "step \(step), again")
        }
    }

    /// Starts a sync on machine `index` and SIGKILLs it at a random moment: the whole process
    /// group (its git and curl too) or the checklists process alone.
    private func killedSync(_ index: Int, _ arguments: [String]) throws {
        let running = try machines[index].startInOwnGroup(arguments, environment: server.environment)
        let delay = UInt32.random(in: 0...400_000, using: &random)
        usleep(delay)
        trace.append("machine \(index) `\(arguments.joined(separator: " "))` killed after \(delay / 1000) ms")
        let group = Bool.random(using: &random)
        try running.killAndWait(group: group)
        if group { counts.groupKills += 1 } else { counts.processKills += 1 }
    }

    // MARK: Settling and checking

    /// Every machine runs `sync` in turn until a round changes nothing: no line of any sync says
    /// something came in or went out, and no data file changed. Returns that round, if any.
    private func settle() throws -> Int? {
        for round in 1...Self.maxRounds {
            var moves: [String] = []
            for (index, machine) in machines.enumerated() {
                let before = machine.bytes(machine.dataFile)
                let outcome = try sync(index, ["sync"], during: "settling round \(round)")
                let lines = outcome?.stdout.split(separator: "\n").map(String.init) ?? ["failed"]
                let moving = lines.filter { !$0.hasSuffix("in nothing; out nothing") }
                if !moving.isEmpty { moves.append("machine \(index): " + moving.joined(separator: "; ")) }
                let after = machine.bytes(machine.dataFile)
                if after != before, moving.isEmpty {
                    moves.append("machine \(index): the data file changed (\(lines.joined(separator: "; ")))")
                }
                if tracing, after != before { trace += Self.itemChanges(from: before, to: after, on: index) }
            }
            if moves.isEmpty { return round }
            lastMoves = moves
        }
        return nil
    }

    /// Whether `CHECKLISTS_RANDOM_TRACE` asks for every step.
    private var tracing: Bool { ProcessInfo.processInfo.environment["CHECKLISTS_RANDOM_TRACE"] != nil }

    /// One trace line per item a sync added, removed or changed on machine `index`, with every
    /// field before and after: what to look at when a seed never falls idle.
    private static func itemChanges(from before: [UInt8]?, to after: [UInt8]?, on index: Int) -> [String] {
        func items(_ bytes: [UInt8]?) -> [String: String] {
            guard let bytes, let book = try? ChecklistBook(archive: bytes, loadTime: 0) else { return [:] }
            var found: [String: String] = [:]
            for list in book.checklists {
                for item in list.items { found[item.uid ?? "#\(item.itemID)"] = "\(list.name): \(item)" }
            }
            return found
        }
        let (old, new) = (items(before), items(after))
        return Set(old.keys).union(new.keys).sorted().compactMap { uid in
            guard old[uid] != new[uid] else { return nil }
            return "  machine \(index) item \(uid): \(old[uid] ?? "none") -> \(new[uid] ?? "none")"
        }
    }

    /// What each machine's data file and the server hold (the server last).
    private func holders() throws -> [(name: String, items: [Held])] {
        var result: [(name: String, items: [Held])] = []
        for (index, machine) in machines.enumerated() {
            let bytes = try #require(machine.bytes(machine.dataFile), "seed \(seed): machine \(index) has no data file")
            let book = try ChecklistBook(archive: bytes, loadTime: 0)
            let items = book.checklists.flatMap { list in
                list.items.map { Held(list: list.name, text: $0.text, checked: $0.checked, uid: $0.uid) }
            }
            result.append(("machine \(index)", items))
        }
        let resources = try phone?.resources() ?? []
        result.append(
            ("the server", resources.map { Held(list: $0.list, text: $0.summary, checked: $0.done, uid: $0.uid) }))
        return result
    }

    /// (a) Every machine and the server hold the same items: text and check mark, per list.
    private func compare(_ holders: [(name: String, items: [Held])]) {
        guard let reference = holders.first else { return }
        let expected = Set(reference.items.map(\.key))
        for holder in holders.dropFirst() {
            let held = Set(holder.items.map(\.key))
            guard held != expected else { continue }
            note(
                .differ,
                "\(holder.name) and \(reference.name) differ: only on \(holder.name): "
                    + Self.few(held.subtracting(expected).sorted()) + "; only on \(reference.name): "
                    + Self.few(expected.subtracting(held).sorted()))
        }
    }

    /// (b) No task twice: no two items (resources) of one UID, nor two of one item of the model
    /// (the same text, or an old and a new text of one item).
    private func checkTwice(_ holder: (name: String, items: [Held])) {
        var twice: [String] = []
        let byUID = Dictionary(grouping: holder.items.filter { $0.uid != nil }) { $0.uid ?? "" }
        for (uid, items) in byUID.sorted(by: { $0.key < $1.key }) where items.count > 1 {
            twice.append("UID \(uid) \(items.count) times (\(Self.few(items.map(\.key))))")
        }
        let byItem = Dictionary(grouping: holder.items) { held in
            model.item(named: held.text).map { "item \($0)" } ?? "text \(held.text)"
        }
        for (_, items) in byItem.sorted(by: { $0.key < $1.key }) where items.count > 1 {
            let origin = model.item(named: items[0].text).map { " made by \(model.items[$0].origin)" } ?? ""
            twice.append("\(items.count) copies of one item\(origin): \(Self.few(items.map(\.key)))")
        }
        if !twice.isEmpty { note(.twice, "\(holder.name) holds a task twice: \(Self.few(twice, limit: 6))") }
    }

    /// (c) No acknowledged change lost: each item nobody deleted is on every holder, in its
    /// checklist, with its last acknowledged text and check mark where those are certain; and an
    /// item deleted (acknowledged) that nothing else ever changed is gone everywhere.
    private func checkKept(_ holders: [(name: String, items: [Held])]) {
        for holder in holders {
            var found: [Int: [Held]] = [:]
            for held in holder.items {
                if let index = model.item(named: held.text) { found[index, default: []].append(held) }
            }
            var lost: [String] = []
            var back: [String] = []
            for (index, item) in model.items.enumerated() {
                let copies = found[index] ?? []
                let name = "'\(item.texts[0])' (made by \(item.origin))"
                if item.mustBeGone, !copies.isEmpty {
                    back.append(
                        "\(name), deleted by \(item.deletedBy.joined(separator: ", ")), as \(Self.few(copies.map(\.key)))"
                    )
                }
                guard item.deletedBy.isEmpty else { continue }
                guard !copies.isEmpty else {
                    lost.append("\(name) is missing" + (item.texts.count > 1 ? " (texts: \(item.texts))" : ""))
                    continue
                }
                for copy in copies {
                    if let texts = item.acceptableTexts, !texts.contains(copy.text) {
                        let edits = item.edits.map { "'\($0.text)' by \($0.by)" }.joined(separator: ", ")
                        lost.append("\(name) is '\(copy.text)', not its acknowledged edit \(edits)")
                    }
                    if let check = item.requiredCheck, copy.checked != check {
                        let by = item.checks.map(\.by).joined(separator: ", ")
                        lost.append(
                            "\(name) is \(copy.checked ? "checked" : "unchecked") though \(by) set it \(check ? "checked" : "unchecked")"
                        )
                    }
                    if copy.list != item.list { lost.append("\(name) is in \(copy.list), not \(item.list)") }
                }
            }
            if !lost.isEmpty {
                note(.lost, "\(holder.name) lost \(lost.count) acknowledged changes: \(Self.few(lost, limit: 6))")
            }
            if !back.isEmpty {
                note(.back, "\(holder.name) holds \(back.count) deleted items again: \(Self.few(back, limit: 6))")
            }
        }
    }

    // MARK: Helpers

    private func note(_ problem: Problem, _ message: String) {
        findings.append(Finding(problem: problem, message: "seed \(seed) (\(kind)): \(message)"))
    }

    /// Up to `limit` of `things`, and how many more.
    private static func few(_ things: [String], limit: Int = 8) -> String {
        guard !things.isEmpty else { return "nothing" }
        let shown = things.prefix(limit).joined(separator: ", ")
        return things.count > limit ? shown + " and \(things.count - limit) more" : shown
    }

    private func run(
        _ machine: ChecklistsProcess, _ arguments: [String], stdin: String = ""
    ) throws
        -> ChecklistsProcess.Outcome
    {
        try machine.run(arguments, stdin: Array(stdin.utf8), environment: server.environment)
    }

    private func must(_ machine: ChecklistsProcess, _ arguments: [String], stdin: String = "") throws {
        let outcome = try run(machine, arguments, stdin: stdin)
        try #require(outcome.status == 0, "seed \(seed) (\(kind)): set-up \(arguments) failed: \(outcome.stderr)")
    }
}
