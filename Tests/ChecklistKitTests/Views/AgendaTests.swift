import ChecklistKit
import Foundation
import KeyedArchive
import TestSupport
import Testing

/// The days `Agenda` puts items on (SPEC §17): each series on every date its rule gives in the
/// window, as python-dateutil's `rrule` gives them, across daylight-saving changes.
@Suite(.serialized)
struct AgendaTests {
    /// Every rule kind of SPEC §12, with a count and an end date.
    private static let rules = [
        "daily", "weekly", "monthly", "yearly", "weekdays", "every 3 days", "every 2 weeks", "every 2 months",
        "every 2 years", "every mon,thu", "every 2 weeks on fri", "monthly on the last day",
    ]

    /// 2027-03-20 12:00 UTC: Berlin's clocks go forward on 28 March and back on 31 October.
    private static let now = TestTime.utc(2027, 3, 20, 12)

    /// A book with one item per rule, due `due` (a DATE), in `zone`.
    private func series(due: String, zone: String) throws -> SessionFixture {
        let fixture = try SessionFixture(now: Self.now)
        LocalZone.with(zone) {
            fixture.run("new Series")
            for (index, rule) in Self.rules.enumerated() {
                fixture.runAll(["add \"\(rule)\"", "due \(index + 1) \(due)", "repeat \(index + 1) \(rule)"])
            }
        }
        return fixture
    }

    /// The dates the agenda shows each item on, by `#ID`, in order.
    private func dates(_ agenda: Agenda, of book: ChecklistBook) -> [Int: [Due]] {
        var found: [Int: [Due]] = [:]
        for (_, entries) in agenda.days {
            for entry in entries {
                found[book.checklists[entry.list].items[entry.item].itemID, default: []].append(entry.date)
            }
        }
        return found
    }

    @Test(
        .enabled(
            if: RequiredTool.available(
                "the agenda's series are checked against python-dateutil in .ci/venv",
                present: DateutilOracle.available, install: "Scripts/test-tools.sh makes .ci/venv with it")),
        arguments: ["2027-03-21", "2027-03-21 02:30", "2027-03-22 09:00"])
    func everySeriesFallsOnDateutilsDatesAcrossDaylightSaving(due: String) throws {
        let zone = "Europe/Berlin"
        let fixture = try series(due: due, zone: ":" + zone)
        try LocalZone.with(":" + zone) {
            let book = fixture.session.book
            let agenda = Agenda(of: book, days: 366, filter: ItemFilter(), now: Self.now)
            let shown = dates(agenda, of: book)
            let last = try #require(LocalTime.day(Self.now).adding(days: 365))
            for item in try #require(book.current?.items) {
                let rule = try #require(item.repeatRule?.rrule)
                let dates = try #require(shown[item.itemID], "\(item.text)")
                let originalDue = try #require(item.due)
                #expect(dates.first == originalDue, "\(item.text): the current occurrence first")
                // Ask dateutil for each later date from the one before, and for one more past the window.
                var requests: [[String: Any]] = []
                for (index, date) in dates.enumerated() {
                    let after = index == 0 ? Self.now : Self.moment(following: date)
                    requests.append(Self.request(rule: rule, zone: zone, due: originalDue, now: after))
                }
                let answers = try DateutilOracle.run(requests)
                let ours = dates.dropFirst().map(Self.answer)
                let theirs = answers.map { "\($0)" }
                #expect(Array(theirs.dropLast()) == ours, "\(item.text) (\(rule)) from \(due)")
                if let beyond = answers.last as? String, let day = CalendarDay(beyond) {
                    #expect(day > last, "\(item.text): dateutil's next date \(day) is past the window")
                } else if let beyond = answers.last as? NSNumber {
                    #expect(LocalTime.day(Double(beyond.intValue) - CivilTime.referenceOffset) > last, "\(item.text)")
                }
            }
        }
    }

    /// Where dateutil looks from after `date`: that moment, or the next day for a whole day.
    private static func moment(following date: Due) -> Double {
        switch date {
        case .day(let day): LocalTime.start(of: day.adding(days: 1) ?? day)
        case .time(let time): time
        }
    }

    /// A date as the oracle writes it: `YYYY-MM-DD`, or seconds since 1970.
    private static func answer(_ date: Due) -> String {
        switch date {
        case .day(let day): day.description
        case .time(let time): String(Int((time + CivilTime.referenceOffset).rounded()))
        }
    }

    /// One question to the oracle: the first date of the series from `due` after `now`.
    private static func request(rule: String, zone: String, due: Due, now: Double) -> [String: Any] {
        var request: [String: Any] = [
            "rule": "RRULE:" + rule, "zone": zone, "horizonYear": 2100,
            "nowUnix": Int((now + CivilTime.referenceOffset).rounded(.down)), "dueAfter": 0,
        ]
        switch due {
        case .day(let day):
            request["anchor"] = [day.year, day.month, day.day, 0, 0]
            request["wholeDay"] = true
            request["anchorUnix"] = 0
        case .time(let time):
            let fields = LocalTime.fields(time)
            request["anchor"] = [fields.year, fields.month, fields.day, fields.hour, fields.minute]
            request["wholeDay"] = false
            request["anchorUnix"] = Int((time + CivilTime.referenceOffset).rounded())
        }
        return request
    }

    @Test func aTimeInTheSpringGapMovesOnByTheGapOnThatDayOnly() throws {
        let fixture = try series(due: "2027-03-27 02:30", zone: LocalZone.berlin)
        LocalZone.with(LocalZone.berlin) {
            let now = TestTime.utc(2027, 3, 27)
            let agenda = Agenda(of: fixture.session.book, days: 3, filter: ItemFilter(), now: now)
            let daily = agenda.days.flatMap(\.entries).filter { $0.item == 0 }.map(\.date.text)
            #expect(daily == ["2027-03-27 02:30", "2027-03-28 03:30", "2027-03-29 02:30"])
        }
    }

    @Test func tenThousandItemsAreSortedIntoTheirDays() throws {
        try LocalZone.with(LocalZone.utc) {
            var list = Checklist(name: "Big")
            for index in 0..<10_000 {
                let day = try #require(CalendarDay(year: 2027, month: 3, day: 20 + index % 10))
                let due: Due = index % 2 == 0 ? .day(day) : .time(LocalTime.start(of: day) + Double(index % 86_400))
                list.items.append(ChecklistItem(text: "Item \(index)", itemID: index, created: 0, due: due))
            }
            let book = ChecklistBook(checklists: [list], currentIndex: 0, nextItemID: 10_000)
            let agenda = Agenda(of: book, days: 7, filter: ItemFilter(), now: TestTime.utc(2027, 3, 20))
            #expect(agenda.days.map(\.day.day) == Array(20...26))
            #expect(agenda.days.map(\.entries.count).reduce(0, +) == 7_000)
            for (_, entries) in agenda.days {
                let timed = entries.prefix { !$0.date.isWholeDay }
                #expect(timed.map(\.date.start) == timed.map(\.date.start).sorted())
                let restAreWholeDays = entries.dropFirst(timed.count).allSatisfy { $0.date.isWholeDay }
                #expect(restAreWholeDays)
            }
        }
    }
}
