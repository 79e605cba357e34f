import Foundation
import Testing

/// `caldav` against real servers started here (Radicale with a password, Xandikos), with another
/// client (curl) writing to the same account as a phone would (SPEC §11).
@Suite(.enabled(if: CalDAVTestServer.available, "needs Radicale and Xandikos (.ci/venv)"))
struct CalDAVTests {
    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func twoMachinesAndAPhoneSeeTheSameListsWithEveryChangeKept(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let laptop = try ChecklistsProcess()
        let desktop = try ChecklistsProcess()
        defer {
            laptop.remove()
            desktop.remove()
        }
        _ = try laptop.batch("new Groceries\nadd Milk\nadd Eggs\nadd Bread\ncheck 1\n")
        let setUp = try server.must(laptop, server.initArguments)
        #expect(setUp.stdout.contains("out 3 added"))
        let home = try CalDAVTestServer.home(setUp)
        // A second machine joins: the same checklist, nothing duplicated.
        #expect(try server.must(desktop, server.initArguments).stdout.contains("in 3 added"))
        #expect(try desktop.texts(of: "Groceries") == ["Milk", "Eggs", "Bread"])
        #expect(try desktop.exported().list("Groceries")?.items.first?.checked == true)
        #expect(try server.tasks(home: home).count == 3)

        // The phone edits Bread and adds Jam; the laptop checks Eggs and deletes Milk.
        let tasks = try server.tasks(home: home)
        let (breadHref, breadText) = try #require(tasks.first { $0.value.contains("SUMMARY:Bread") })
        let collection = String(breadHref[...(try #require(breadHref.lastIndex(of: "/")))])
        let edited = breadText.replacingOccurrences(of: "SUMMARY:Bread", with: "SUMMARY:Rye bread")
            .replacingOccurrences(of: "END:VTODO", with: "PRIORITY:1\r\nX-PHONE-THING:kept\r\nEND:VTODO")
        #expect(
            try server.request("PUT", breadHref, body: edited, headers: ["Content-Type: text/calendar"]).status < 300)
        let jam = CalDAVTestServer.vtodo(uid: "phone-jam-1", summary: "Jam")
        #expect(
            try server.request(
                "PUT", collection + "phone-jam-1.ics", body: jam, headers: ["Content-Type: text/calendar"]
            )
            .status < 300)
        try server.must(laptop, ["check", "2"])
        try server.must(laptop, ["delete", "1"])
        let synced = try server.must(laptop, ["caldav"])
        #expect(synced.stdout.contains("in 1 added, 1 changed"), "\(synced.stdout)")
        #expect(try laptop.texts(of: "Groceries") == ["Eggs", "Rye bread", "Jam"])
        try server.must(desktop, ["sync"])
        #expect(try desktop.exported().lists == laptop.exported().lists)

        // What the phone wrote that the mapping does not cover is kept when the laptop writes the task.
        try server.must(laptop, ["check", "2"])
        try server.must(laptop, ["caldav"])
        let bread = try #require(try server.tasks(home: home).values.first { $0.contains("SUMMARY:Rye bread") })
        #expect(bread.contains("PRIORITY:1") && bread.contains("X-PHONE-THING:kept"))
        #expect(bread.contains("STATUS:COMPLETED"))
        #expect(try server.tasks(home: home).count == 3)
        // Nothing to do: nothing moves.
        #expect(try server.must(laptop, ["caldav"]).stdout.contains("in nothing; out nothing"))
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aMalformedTaskAndAnEventsOnlyCalendarAreLeftAlone(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let home = try server.setUp(laptop, with: "new Groceries\nadd Milk\n")
        let events = home + "events-only/"
        let made = try server.request(
            "MKCALENDAR", events,
            body:
                "<c:mkcalendar xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\"><d:set><d:prop><d:displayname>Events"
                + "</d:displayname><c:supported-calendar-component-set><c:comp name=\"VEVENT\"/>"
                + "</c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>",
            headers: ["Content-Type: application/xml"])
        #expect(made.status < 300)
        let event =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:e1\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260101T100000Z\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        #expect(
            try server.request("PUT", events + "e1.ics", body: event, headers: ["Content-Type: text/calendar"]).status
                < 300)
        let tasks = try server.tasks(home: home)
        let milk = try #require(tasks.keys.first { !$0.hasPrefix(events) })
        let collection = String(milk[...(try #require(milk.lastIndex(of: "/")))])
        // Xandikos and Radicale may refuse a broken object; one that is stored must not break the sync.
        _ = try server.request(
            "PUT", collection + "broken.ics", body: "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY x\r\n",
            headers: ["Content-Type: text/calendar"])
        #expect(
            try server.request("PUT", collection + "ok.ics", body: CalDAVTestServer.vtodo(uid: "ok", summary: "Eggs"))
                .status < 300)
        let synced = try server.must(laptop, ["caldav"])
        #expect(synced.stdout.contains("in 1 added"))
        #expect(try laptop.exported().list("Events") == nil)
        #expect(try laptop.texts(of: "Groceries").sorted() == ["Eggs", "Milk"])
        #expect(try server.request("GET", events + "e1.ics").body.contains("SUMMARY:Dentist"))
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aCalendarNamedArchiveNullIsNamedByItsAddress(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let home = try server.setUp(laptop, with: "new Groceries\nadd Milk\n")
        // A checklist named "$null" would be read as nothing by Foundation, with all its items
        // (issue #37, finding 5): the phone's calendar of that name is named by its address.
        let chores = home + "chores/"
        let made = try server.request(
            "MKCALENDAR", chores,
            body:
                "<c:mkcalendar xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\"><d:set><d:prop><d:displayname>$null"
                + "</d:displayname><c:supported-calendar-component-set><c:comp name=\"VTODO\"/>"
                + "</c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>",
            headers: ["Content-Type: application/xml"])
        try #require(made.status < 300, "\(made.status) \(made.body)")
        let put = try server.request(
            "PUT", chores + "soap.ics", body: CalDAVTestServer.vtodo(uid: "soap", summary: "Soap"),
            headers: ["Content-Type: text/calendar"])
        try #require(put.status < 300, "\(put.status) \(put.body)")
        try server.must(laptop, ["caldav"])
        let lists = try laptop.exported().lists.map(\.name)
        #expect(!lists.contains("$null"))
        #expect(try laptop.texts(of: "chores") == ["Soap"])
        #expect(try server.must(laptop, ["caldav"]).stdout.contains("in nothing; out nothing"))
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aSyncKilledMidWayLeavesNoDuplicatesAndTheNextOneFinishes(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let laptop = try ChecklistsProcess()
        let desktop = try ChecklistsProcess()
        defer {
            laptop.remove()
            desktop.remove()
        }
        _ = try laptop.batch("new Groceries\n" + (1...60).map { "add item \($0)\n" }.joined())
        for delay: UInt32 in [20_000, 60_000, 150_000, 300_000] {
            let running = try laptop.start(server.initArguments, environment: server.environment)
            usleep(delay)
            running.kill(SIGKILL)
            _ = try running.wait()
        }
        let home = try CalDAVTestServer.home(try server.must(laptop, server.initArguments))
        try server.must(laptop, ["caldav"])
        #expect(try server.tasks(home: home).count == 60)
        // The request bodies the killed syncs left (task data) are cleared by the next sync.
        let states = laptop.folder.appending(path: "xdg-state/checklists/caldav").path
        let scratch = try FileManager.default.contentsOfDirectory(atPath: states).filter { $0.hasSuffix(".tmp") }
        for folder in scratch {
            #expect(try FileManager.default.contentsOfDirectory(atPath: states + "/" + folder).isEmpty)
        }
        try server.must(desktop, server.initArguments)
        #expect(try desktop.texts(of: "Groceries").count == 60)
        #expect(try laptop.exported().lists == desktop.exported().lists)
    }

    @Test func aWrongPasswordOrNoServerChangesNothingAndSaysTheWayOut() throws {
        let server = try CalDAVTestServer(.radicale)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        _ = try laptop.batch("new Groceries\nadd Milk\n")
        let refused = try laptop.run(server.initArguments, environment: ["CHECKLISTS_CALDAV_PASSWORD": "wrong"])
        #expect(refused.status == 74)
        #expect(refused.stderr.contains("refused the password of user ann (HTTP 401)"), "\(refused.stderr)")
        #expect(try laptop.run(["caldav"]).stderr.contains("caldav init"), "a failed init sets nothing up")
        try server.must(laptop, server.initArguments)
        let before = laptop.bytes(laptop.dataFile)
        let down = try laptop.run(["caldav"], environment: ["CHECKLISTS_CALDAV_PASSWORD": "wrong"])
        #expect(down.status == 74)
        #expect(laptop.bytes(laptop.dataFile) == before)
        let nowhere = try laptop.run(["caldav", "init", "http://127.0.0.1:9/"], environment: server.environment)
        #expect(nowhere.status == 74)
        #expect(nowhere.stderr.contains("cannot reach"))
        // The account set up before is kept.
        try server.must(laptop, ["caldav"])
        #expect(try server.must(laptop, ["caldav", "off"]).stdout.contains("forgotten"))
        #expect(try laptop.run(["caldav"]).status == 74)
    }

    @Test func twoMachinesSharingAGitRemoteAndOneServerNeverCreateATaskTwice() throws {
        let server = try CalDAVTestServer(.radicale)
        let (remote, laptop, desktop, home) = try server.twoMachinesOnOneRemote("new Groceries\nadd Milk\n")
        defer { withExtendedLifetime(remote) {} }
        try server.must(laptop, ["add", "Eggs"])
        try server.must(desktop, ["add", "Bread"])
        // `sync` runs git, then CalDAV, on each.
        for machine in [laptop, desktop, laptop, desktop] { try server.must(machine, ["sync"]) }
        #expect(try server.tasks(home: home).count == 3)
        #expect(try laptop.texts(of: "Groceries").sorted() == ["Bread", "Eggs", "Milk"])
        #expect(try laptop.exported().lists == desktop.exported().lists)
    }

    @Test(arguments: ["apple", "tasks.org"])
    func aRepeatingTaskCompletedOnAPhoneLeavesOneOpenOccurrence(_ style: String) throws {
        let server = try CalDAVTestServer(.radicale)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let home = try server.setUp(laptop, with: "new Chores\nadd Water plants\ndue 1 2099-01-05\nrepeat 1 weekly\n")
        let (href, text) = try #require(try server.tasks(home: home).first)
        #expect(text.contains("RRULE:FREQ=WEEKLY"))
        // Issue #36 finding 1: the series' start, from which every client computes it.
        #expect(text.contains("DTSTART;VALUE=DATE:20990105\r\n"))
        let collection = String(href[...(try #require(href.lastIndex(of: "/")))])
        if style == "apple" {
            // The done task loses its rule; a new task carries the next date and the rule.
            let done = text.replacingOccurrences(of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED")
                .replacingOccurrences(of: "RRULE:FREQ=WEEKLY\r\n", with: "")
            #expect(try server.request("PUT", href, body: done, headers: ["Content-Type: text/calendar"]).status < 300)
            let next = CalDAVTestServer.vtodo(
                uid: "next-1", summary: "Water plants", extra: "DUE;VALUE=DATE:20990112\r\nRRULE:FREQ=WEEKLY\r\n")
            #expect(
                try server.request(
                    "PUT", collection + "next-1.ics", body: next, headers: ["Content-Type: text/calendar"]
                )
                .status < 300)
        } else {
            // The same task moves to its next date, its start with it (as Tasks.org does: a start
            // left behind would now read as a start date of its own, SPEC §13).
            let moved = text.replacingOccurrences(of: "DUE;VALUE=DATE:20990105", with: "DUE;VALUE=DATE:20990112")
                .replacingOccurrences(of: "DTSTART;VALUE=DATE:20990105", with: "DTSTART;VALUE=DATE:20990112")
            #expect(try server.request("PUT", href, body: moved, headers: ["Content-Type: text/calendar"]).status < 300)
        }
        try server.must(laptop, ["caldav"])
        let items = try #require(try laptop.exported().list("Chores")?.items)
        #expect(items.filter { !$0.checked && $0.text == "Water plants" }.count == 1)
        #expect(try server.must(laptop, ["show", "Chores"]).stdout.contains("due 2099-01-12  every week"))
    }

    /// SPEC §12 (amended): each new kind of rule reaches the server as its RRULE with the series'
    /// start, and the next date a phone computes from them there (python-dateutil, as the
    /// CalDAV clients do) is the date checking it here gives, on the server too.
    @Test func theRulesPeopleSayGiveAPhoneTheNextDateCheckingGivesHere() throws {
        let server = try CalDAVTestServer(.radicale)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let rules = [
            "every 2nd tuesday", "every last weekday of the month", "every 1st and 15th", "every dec 25",
            "every other week", "every 4th thursday of november", "every 3 months on the last day",
            "FREQ=MONTHLY;BYDAY=-2WE",
        ]
        var script = "new Chores\n"
        for (index, rule) in rules.enumerated() {
            script += "add Task \(index)\ndue \(index + 1) 2099-01-05\nrepeat \(index + 1) \(rule)\n"
        }
        let home = try server.setUp(laptop, with: script)
        let texts = try server.tasks(home: home).values.sorted()
        try #require(texts.count == rules.count)
        // The phone: the two dates the rule gives from the task's DTSTART on the server.
        let phone = """
            import datetime, json, re, sys
            from dateutil import rrule
            answers = {}
            for text in json.load(sys.stdin):
                summary = re.search(r"SUMMARY:(.*)\\r", text).group(1)
                start = re.search(r"DTSTART;VALUE=DATE:(\\d{8})", text).group(1)
                rule = re.search(r"RRULE:(.*)\\r", text).group(1)
                dates = rrule.rrulestr("RRULE:" + rule, dtstart=datetime.datetime.strptime(start, "%Y%m%d"))
                answers[summary] = [day.strftime("%Y%m%d") for day in dates[:2]]
            print(json.dumps(answers))
            """
        let process = Process()
        process.executableURL = URL(filePath: CalDAVTestServer.bin + "/python")
        process.arguments = ["-c", phone]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: texts))
        try input.fileHandleForWriting.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let dates = try #require(try JSONSerialization.jsonObject(with: answer) as? [String: [String]])
        try #require(dates.count == rules.count)
        for index in rules.indices {
            let pair = try #require(dates["Task \(index)"])
            // Checking the first gives the phone's second, here.
            let check = try server.must(laptop, ["check", String(2 * index + 1)]).stdout
            let next = pair[1].prefix(4) + "-" + pair[1].dropFirst(4).prefix(2) + "-" + pair[1].suffix(2)
            #expect(
                check.contains("next: \(2 * index + 2) [ ] Task \(index)  due \(next)  "), "\(rules[index]): \(check)")
        }
        try server.must(laptop, ["caldav"])
        let open = try server.tasks(home: home).values.filter { $0.contains("STATUS:NEEDS-ACTION") }
        #expect(open.count == rules.count)
        for index in rules.indices {
            let pair = try #require(dates["Task \(index)"])
            #expect(
                open.contains {
                    $0.contains("SUMMARY:Task \(index)\r\n") && $0.contains("DUE;VALUE=DATE:\(pair[1])\r\n")
                },
                "\(rules[index])")
        }
    }

    /// Issue #36 finding 2: the next occurrence of a phone's task keeps what the phone put in it.
    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func checkingAPhonesRepeatingTaskCarriesItsPropertiesToTheNextOne(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let home = try server.setUp(laptop, with: "new Chores\nadd Dishes\n")
        let (href, _) = try #require(try server.tasks(home: home).first)
        let collection = String(href[...(try #require(href.lastIndex(of: "/")))])
        let alarm = "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nDESCRIPTION:Water plants\r\nEND:VALARM\r\n"
        let phone = CalDAVTestServer.vtodo(
            uid: "phone-plants", summary: "Water plants",
            extra: "DTSTART;VALUE=DATE:20990105\r\nDUE;VALUE=DATE:20990105\r\nRRULE:FREQ=WEEKLY\r\n"
                + "DESCRIPTION:The ferns too\r\nPRIORITY:1\r\nCATEGORIES:Home\r\nLOCATION:Balcony\r\n"
                + "SEQUENCE:4\r\n" + alarm)
        #expect(
            try server.request(
                "PUT", collection + "phone-plants.ics", body: phone, headers: ["Content-Type: text/calendar"]
            ).status < 300)
        try server.must(laptop, ["caldav"])
        let position = try #require(
            try laptop.exported().list("Chores")?.items.firstIndex { $0.text == "Water plants" })
        #expect(try server.must(laptop, ["check", String(position + 1)]).stdout.contains("next:"))
        try server.must(laptop, ["caldav"])
        let open = try server.tasks(home: home).values.filter {
            $0.contains("SUMMARY:Water plants") && $0.contains("STATUS:NEEDS-ACTION")
        }
        let next = try #require(open.first)
        #expect(open.count == 1)
        for line in [
            "DUE;VALUE=DATE:20990112", "RRULE:FREQ=WEEKLY", "DESCRIPTION:The ferns too", "PRIORITY:1",
            "CATEGORIES:Home", "LOCATION:Balcony", "TRIGGER:-PT15M", "SEQUENCE:0",
        ] {
            #expect(next.contains(line + "\r\n"), "\(line) in \(next)")
        }
        #expect(!next.contains("UID:phone-plants") && !next.contains("COMPLETED:") && !next.contains("PT0S"))
        #expect(next.components(separatedBy: "BEGIN:VALARM").count == 2)
    }

    /// Issue #36 finding 3: python caldav and plann complete a series by marking the task
    /// COMPLETED and keeping its RRULE, with no successor; this program adds the next one, once
    /// between two machines.
    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aSeriesCompletedElsewhereWithItsRuleKeptGetsOneNextOccurrence(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let laptop = try ChecklistsProcess()
        let desktop = try ChecklistsProcess()
        defer {
            laptop.remove()
            desktop.remove()
        }
        let home = try server.setUp(laptop, with: "new Chores\nadd Water plants\ndue 1 2099-01-05\nrepeat 1 weekly\n")
        try server.must(desktop, server.initArguments)
        let (href, text) = try #require(try server.tasks(home: home).first)
        let done = text.replacingOccurrences(
            of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED\r\nCOMPLETED:20990105T100000Z")
        #expect(done.contains("RRULE:FREQ=WEEKLY"))
        #expect(try server.request("PUT", href, body: done, headers: ["Content-Type: text/calendar"]).status < 300)
        for machine in [laptop, desktop, laptop] { try server.must(machine, ["caldav"]) }
        let open = try server.tasks(home: home).values.filter { $0.contains("STATUS:NEEDS-ACTION") }
        #expect(open.count == 1)
        #expect(open.first?.contains("DUE;VALUE=DATE:20990112\r\n") == true)
        for machine in [laptop, desktop] {
            let items = try #require(try machine.exported().list("Chores")?.items)
            #expect(items.filter { !$0.checked }.count == 1)
            #expect(items.count == 2)
        }
    }

    @Test func aDueDateSetHereOnAnUndatedItemIsNoConflict() throws {
        let server = try CalDAVTestServer(.radicale)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let home = try server.setUp(laptop, with: "new Groceries\nadd Milk\n")
        _ = try laptop.batch("use Groceries\ndue 1 2030-05-01\n")
        let synced = try server.must(laptop, ["caldav"])
        #expect(!synced.stderr.contains("kept"), "\(synced.stderr)")
        #expect(try server.tasks(home: home).values.first?.contains("DUE") == true)
    }
}
