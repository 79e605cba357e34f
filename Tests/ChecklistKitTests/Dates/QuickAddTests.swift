import ChecklistKit
import Testing

/// Quick add (SPEC §14) as a table: the words typed after `add` → the text left, the due date
/// the item gets on Monday 2026-06-15 09:30 in UTC (a rule alone: today, then the rule's first
/// date, as `repeat` gives), the rule, the tags and the priority.
struct QuickAddTests {
    /// One phrasing and what it reads as.
    struct Row: CustomTestStringConvertible, Sendable {
        var input: String
        var text: String
        /// `Due.text`: `2026-06-16` a whole day, `2026-06-16 09:00` a time.
        var due: String?
        /// The rule in words (`RepeatRule.description`).
        var rule: String?
        var tags: [String]
        var priority: Int?

        var testDescription: String { "add \(input)" }
    }

    private static func row(
        _ input: String, _ text: String, due: String? = nil, rule: String? = nil, tags: [String] = [],
        priority: Int? = nil
    ) -> Row {
        Row(input: input, text: text, due: due, rule: rule, tags: tags, priority: priority)
    }

    static let rows: [Row] = [
        // Plain text: nothing read
        row(#"Buy milk"#, #"Buy milk"#),
        row(#"Read 1984"#, #"Read 1984"#),
        row(#"Buy 2 eggs"#, #"Buy 2 eggs"#),
        row(#"Meet at 5"#, #"Meet at 5"#),
        row(#"Meet at 5 on"#, #"Meet at 5 on"#),
        row(#"Call mum"#, #"Call mum"#),
        row(#"Buy 12 roses"#, #"Buy 12 roses"#),
        row(#"Chapter 2000"#, #"Chapter 2000"#),
        row(#"Room 101"#, #"Room 101"#),
        row(#"Take 2"#, #"Take 2"#),
        row(#"Catch the 9"#, #"Catch the 9"#),
        row(#"Flight at 18"#, #"Flight at 18"#),
        row(#"Meet at 25:00"#, #"Meet at 25:00"#),
        row(#"Meet at 13pm"#, #"Meet at 13pm"#),
        row(#"Meet at 0am"#, #"Meet at 0am"#),
        row(#"Pay 12/25/2026"#, #"Pay 12/25/2026"#),
        row(#"Party feb 30"#, #"Party feb 30"#),
        row(#"Party 2026-02-30"#, #"Party 2026-02-30"#),
        row(#"Party 2026-13-01"#, #"Party 2026-13-01"#),
        row(#"Buy C++ book"#, #"Buy C++ book"#),
        row(#"Score +1"#, #"Score +1"#),
        row(#"Rate +++"#, #"Rate +++"#),
        row(#"Try ! at the end"#, #"Try at the end"#, priority: 9),
        row(#"Wow!!"#, #"Wow!!"#),
        row(#"Read FREQ=DAILY"#, #"Read FREQ=DAILY"#),
        row(#"Watch the office"#, #"Watch the office"#),
        row(#"Learn Python 3"#, #"Learn Python 3"#),
        row(#"Buy 3 may"#, #"Buy"#, due: "2027-05-03"),
        // All-or-nothing: a text left empty is never read
        row(#"tomorrow"#, #"tomorrow"#),
        row(#"friday 6pm"#, #"friday 6pm"#),
        row(#"daily"#, #"daily"#),
        row(#"+work"#, #"+work"#),
        row(#"!!!"#, #"!!!"#),
        row(#"due tomorrow"#, #"due tomorrow"#),
        row(#"tomorrow +work !!"#, #"tomorrow +work !!"#),
        row(#"every monday at 9am"#, #"every monday at 9am"#),
        row(#"+a +b"#, #"+a +b"#),
        row(#"on friday"#, #"on friday"#),
        // Quoted words are never read
        row(#""Read 1984 tomorrow""#, #"Read 1984 tomorrow"#),
        row(#"Read "1984 tomorrow""#, #"Read 1984 tomorrow"#),
        row(#"Call mum "sunday""#, #"Call mum sunday"#),
        row(#""Call mum" sunday"#, #"Call mum"#, due: "2026-06-21"),
        row(#"Pay "rent" eom"#, #"Pay rent"#, due: "2026-06-30"),
        row(#"Tag "+work""#, #"Tag +work"#),
        row(#"Say "!!""#, #"Say !!"#),
        row(#"Say \!\!"#, #"Say !!"#),
        row(#"Meet \+family"#, #"Meet +family"#),
        row(#"Meet friday "6pm""#, #"Meet friday 6pm"#),
        row(#"'Take pill' daily"#, #"Take pill"#, due: "2026-06-15", rule: "every day"),
        row(#"Take "pill daily""#, #"Take pill daily"#),
        // Day
        row(#"Pay rent eom"#, #"Pay rent"#, due: "2026-06-30"),
        row(#"Call mum sunday 6pm +family"#, #"Call mum"#, due: "2026-06-21 18:00", tags: ["family"]),
        row(#"Call mum tomorrow"#, #"Call mum"#, due: "2026-06-16"),
        row(#"Call mum today"#, #"Call mum"#, due: "2026-06-15"),
        row(#"Call mum yesterday"#, #"Call mum"#, due: "2026-06-14"),
        row(#"Call mum TOMORROW"#, #"Call mum"#, due: "2026-06-16"),
        row(#"Call mum Tomorrow"#, #"Call mum"#, due: "2026-06-16"),
        row(#"Report friday"#, #"Report"#, due: "2026-06-19"),
        row(#"Report fri"#, #"Report"#, due: "2026-06-19"),
        row(#"Report Fri"#, #"Report"#, due: "2026-06-19"),
        row(#"Report on friday"#, #"Report"#, due: "2026-06-19"),
        row(#"Report by friday"#, #"Report"#, due: "2026-06-19"),
        row(#"Report due friday"#, #"Report"#, due: "2026-06-19"),
        row(#"Report next fri"#, #"Report"#, due: "2026-06-19"),
        row(#"Report this fri"#, #"Report"#, due: "2026-06-19"),
        row(#"Report monday"#, #"Report"#, due: "2026-06-22"),
        row(#"Report this monday"#, #"Report"#, due: "2026-06-15"),
        row(#"Report tues"#, #"Report"#, due: "2026-06-16"),
        row(#"Report tue"#, #"Report"#, due: "2026-06-16"),
        row(#"Report wed"#, #"Report"#, due: "2026-06-17"),
        row(#"Report wednesday"#, #"Report"#, due: "2026-06-17"),
        row(#"Report thurs"#, #"Report"#, due: "2026-06-18"),
        row(#"Report thu"#, #"Report"#, due: "2026-06-18"),
        row(#"Report sat"#, #"Report"#, due: "2026-06-20"),
        row(#"Report saturday"#, #"Report"#, due: "2026-06-20"),
        row(#"Report sunday"#, #"Report"#, due: "2026-06-21"),
        row(#"Enjoy the sun"#, #"Enjoy the sun"#),
        row(#"Enjoy the "sun""#, #"Enjoy the sun"#),
        row(#"Plan next week"#, #"Plan"#, due: "2026-06-22"),
        row(#"Plan on next week"#, #"Plan"#, due: "2026-06-22"),
        row(#"Plan sow"#, #"Plan sow"#),
        row(#"Plan by sow"#, #"Plan"#, due: "2026-06-22"),
        row(#"Plan eow"#, #"Plan"#, due: "2026-06-21"),
        row(#"Plan eod"#, #"Plan"#, due: "2026-06-15"),
        row(#"Plan eoy"#, #"Plan"#, due: "2026-12-31"),
        row(#"Plan som"#, #"Plan"#, due: "2026-07-01"),
        row(#"Plan soy"#, #"Plan soy"#),
        row(#"Plan by soy"#, #"Plan"#, due: "2027-01-01"),
        row(#"Plan 3d"#, #"Plan"#, due: "2026-06-18"),
        row(#"Plan +3d"#, #"Plan"#, due: "2026-06-18"),
        row(#"Plan 2w"#, #"Plan"#, due: "2026-06-29"),
        row(#"Plan +2w"#, #"Plan"#, due: "2026-06-29"),
        row(#"Plan in 3 days"#, #"Plan"#, due: "2026-06-18"),
        row(#"Plan in 1 day"#, #"Plan"#, due: "2026-06-16"),
        row(#"Plan in a day"#, #"Plan"#, due: "2026-06-16"),
        row(#"Plan in 2 weeks"#, #"Plan"#, due: "2026-06-29"),
        row(#"Plan in a week"#, #"Plan"#, due: "2026-06-22"),
        row(#"Plan 0d"#, #"Plan"#, due: "2026-06-15"),
        row(#"Gift dec 25"#, #"Gift"#, due: "2026-12-25"),
        row(#"Gift 25 dec"#, #"Gift"#, due: "2026-12-25"),
        row(#"Gift dec 25th"#, #"Gift"#, due: "2026-12-25"),
        row(#"Gift december 25"#, #"Gift"#, due: "2026-12-25"),
        row(#"Gift dec 25 2027"#, #"Gift"#, due: "2027-12-25"),
        row(#"Gift 25 dec 2027"#, #"Gift"#, due: "2027-12-25"),
        row(#"Gift dec 25, 2027"#, #"Gift"#, due: "2027-12-25"),
        row(#"Gift on dec 25"#, #"Gift"#, due: "2026-12-25"),
        row(#"Gift by dec 25"#, #"Gift"#, due: "2026-12-25"),
        row(#"Taxes jun 15"#, #"Taxes"#, due: "2026-06-15"),
        row(#"Taxes jun 14"#, #"Taxes"#, due: "2027-06-14"),
        row(#"Taxes 1st jul"#, #"Taxes"#, due: "2026-07-01"),
        row(#"Taxes jan 1"#, #"Taxes"#, due: "2027-01-01"),
        row(#"Leap feb 29"#, #"Leap"#, due: "2028-02-29"),
        row(#"Meet may 5"#, #"Meet"#, due: "2027-05-05"),
        row(#"Meet 2026-07-01"#, #"Meet"#, due: "2026-07-01"),
        row(#"Meet on 2026-07-01"#, #"Meet"#, due: "2026-07-01"),
        row(#"Meet due 2026-07-01"#, #"Meet"#, due: "2026-07-01"),
        row(#"Read 1984 tomorrow"#, #"Read 1984"#, due: "2026-06-16"),
        row(#"Buy 2 eggs tomorrow"#, #"Buy 2 eggs"#, due: "2026-06-16"),
        row(#"Buy 2 eggs friday"#, #"Buy 2 eggs"#, due: "2026-06-19"),
        row(#"Meet at 5 tomorrow"#, #"Meet at 5"#, due: "2026-06-16"),
        row(#"Read chapter 3 tomorrow"#, #"Read chapter 3"#, due: "2026-06-16"),
        row(#"Move 2026-07-01 to 2026-07-02"#, #"Move 2026-07-01 to"#, due: "2026-07-02"),
        row(#"Call mum, tomorrow"#, #"Call mum,"#, due: "2026-06-16"),
        row(#"Call mum tomorrow,"#, #"Call mum"#, due: "2026-06-16"),
        // Time
        row(#"Meet at 5pm"#, #"Meet"#, due: "2026-06-15 17:00"),
        row(#"Meet at 5 pm"#, #"Meet"#, due: "2026-06-15 17:00"),
        row(#"Meet 5pm"#, #"Meet"#, due: "2026-06-15 17:00"),
        row(#"Meet at 5PM"#, #"Meet"#, due: "2026-06-15 17:00"),
        row(#"Meet at 6:30pm"#, #"Meet"#, due: "2026-06-15 18:30"),
        row(#"Meet at 18:00"#, #"Meet"#, due: "2026-06-15 18:00"),
        row(#"Meet at 18:00:30"#, #"Meet"#, due: "2026-06-15 18:00"),
        row(#"Meet at 9:05"#, #"Meet"#, due: "2026-06-16 09:05"),
        row(#"Meet at 9am"#, #"Meet"#, due: "2026-06-16 09:00"),
        row(#"Meet at 10am"#, #"Meet"#, due: "2026-06-15 10:00"),
        row(#"Meet at 12am"#, #"Meet"#, due: "2026-06-16 00:00"),
        row(#"Meet at 12pm"#, #"Meet"#, due: "2026-06-15 12:00"),
        row(#"Meet at noon"#, #"Meet"#, due: "2026-06-15 12:00"),
        row(#"Meet at midnight"#, #"Meet"#, due: "2026-06-16 00:00"),
        row(#"Meet at 00:00"#, #"Meet"#, due: "2026-06-16 00:00"),
        row(#"Lunch noon"#, #"Lunch noon"#),
        row(#"Call now"#, #"Call now"#),
        row(#"Call at now"#, #"Call"#, due: "2026-06-15 09:30"),
        row(#"Call +30m"#, #"Call"#, due: "2026-06-15 10:00"),
        row(#"Call +2h"#, #"Call"#, due: "2026-06-15 11:30"),
        row(#"Call +1h30m"#, #"Call"#, due: "2026-06-15 11:00"),
        row(#"Call in 30 minutes"#, #"Call"#, due: "2026-06-15 10:00"),
        row(#"Call in 2 hours"#, #"Call"#, due: "2026-06-15 11:30"),
        row(#"Call in an hour"#, #"Call"#, due: "2026-06-15 10:30"),
        row(#"Call in 1 hour 30 minutes"#, #"Call"#, due: "2026-06-15 11:00"),
        row(#"Call in 2 hours and 15 minutes"#, #"Call"#, due: "2026-06-15 11:45"),
        row(#"Call in 5 mins"#, #"Call"#, due: "2026-06-15 09:35"),
        // Day and time
        row(#"Call tomorrow 9am"#, #"Call"#, due: "2026-06-16 09:00"),
        row(#"Call tomorrow at 9am"#, #"Call"#, due: "2026-06-16 09:00"),
        row(#"Call tomorrow at 9 am"#, #"Call"#, due: "2026-06-16 09:00"),
        row(#"Call on tomorrow at 9am"#, #"Call"#, due: "2026-06-16 09:00"),
        row(#"Call 9am tomorrow"#, #"Call"#, due: "2026-06-16 09:00"),
        row(#"Call at 9am tomorrow"#, #"Call"#, due: "2026-06-16 09:00"),
        row(#"Call 6pm on friday"#, #"Call"#, due: "2026-06-19 18:00"),
        row(#"Call at 6pm on friday"#, #"Call"#, due: "2026-06-19 18:00"),
        row(#"Call friday at 6:30pm"#, #"Call"#, due: "2026-06-19 18:30"),
        row(#"Call on friday at 6:30pm"#, #"Call"#, due: "2026-06-19 18:30"),
        row(#"Call by friday 17:00"#, #"Call"#, due: "2026-06-19 17:00"),
        row(#"Call dec 25 20:27"#, #"Call"#, due: "2026-12-25 20:27"),
        row(#"Call dec 25 2027 9am"#, #"Call"#, due: "2027-12-25 09:00"),
        row(#"Call 2026-07-01 18:00"#, #"Call"#, due: "2026-07-01 18:00"),
        row(#"Call 2026-07-01T18:00"#, #"Call"#, due: "2026-07-01 18:00"),
        row(#"Call 2026-07-01T18:00Z"#, #"Call"#, due: "2026-07-01 18:00"),
        row(#"Call 2026-07-01T18:00+02:00"#, #"Call"#, due: "2026-07-01 16:00"),
        row(#"Call next week 10am"#, #"Call"#, due: "2026-06-22 10:00"),
        row(#"Call in 3 days at noon"#, #"Call"#, due: "2026-06-18 12:00"),
        row(#"Call eom 17:00"#, #"Call"#, due: "2026-06-30 17:00"),
        row(#"Call mum sunday 6pm"#, #"Call mum"#, due: "2026-06-21 18:00"),
        row(#"Meet at 5 at 6pm"#, #"Meet at 5"#, due: "2026-06-15 18:00"),
        // Rule
        row(#"Take pill daily"#, #"Take pill"#, due: "2026-06-15", rule: "every day"),
        row(#"Take pill every day"#, #"Take pill"#, due: "2026-06-15", rule: "every day"),
        row(#"Water plants weekly"#, #"Water plants"#, due: "2026-06-15", rule: "every week"),
        row(#"Pay rent monthly"#, #"Pay rent"#, due: "2026-06-15", rule: "every month"),
        row(#"Birthday yearly"#, #"Birthday"#, due: "2026-06-15", rule: "every year"),
        row(#"Birthday annually"#, #"Birthday"#, due: "2026-06-15", rule: "every year"),
        row(#"Standup weekdays"#, #"Standup"#, due: "2026-06-15", rule: "every weekday"),
        row(#"Standup every weekday"#, #"Standup"#, due: "2026-06-15", rule: "every weekday"),
        row(#"Gym every mon,thu"#, #"Gym"#, due: "2026-06-15", rule: "every Monday and Thursday"),
        row(#"Gym every mon, thu"#, #"Gym"#, due: "2026-06-15", rule: "every Monday and Thursday"),
        row(#"Gym every mon and thu"#, #"Gym"#, due: "2026-06-15", rule: "every Monday and Thursday"),
        row(#"Gym every monday"#, #"Gym"#, due: "2026-06-15", rule: "every Monday"),
        row(#"Gym every 2 days"#, #"Gym"#, due: "2026-06-15", rule: "every 2 days"),
        row(#"Gym every 3 weeks"#, #"Gym"#, due: "2026-06-15", rule: "every 3 weeks"),
        row(#"Gym every 2 weeks on fri"#, #"Gym"#, due: "2026-06-19", rule: "every 2 weeks on Friday"),
        row(#"Gym every 6 months"#, #"Gym"#, due: "2026-06-15", rule: "every 6 months"),
        row(#"Gym every 2 years"#, #"Gym"#, due: "2026-06-15", rule: "every 2 years"),
        row(#"Pay rent monthly on the last day"#, #"Pay rent"#, due: "2026-06-30", rule: "every month on the last day"),
        row(
            #"Pay rent every 2 months on the last day"#, #"Pay rent"#, due: "2026-06-30",
            rule: "every 2 months on the last day"),
        row(#"Read the Daily"#, #"Read the Daily"#),
        row(#"Read the "Daily""#, #"Read the Daily"#),
        row(#"Take pill DAILY"#, #"Take pill"#, due: "2026-06-15", rule: "every day"),
        // Rule and date
        row(#"Take pill daily at 9am"#, #"Take pill"#, due: "2026-06-16 09:00", rule: "every day"),
        row(#"Take pill daily 9am"#, #"Take pill"#, due: "2026-06-16 09:00", rule: "every day"),
        row(#"Take pill at 9am daily"#, #"Take pill"#, due: "2026-06-16 09:00", rule: "every day"),
        row(#"Take pill 9pm daily"#, #"Take pill"#, due: "2026-06-15 21:00", rule: "every day"),
        row(#"Standup at 9:30am weekdays"#, #"Standup"#, due: "2026-06-16 09:30", rule: "every weekday"),
        row(#"Standup weekdays at 10am"#, #"Standup"#, due: "2026-06-15 10:00", rule: "every weekday"),
        row(#"Gym every mon,thu at 7am"#, #"Gym"#, due: "2026-06-18 07:00", rule: "every Monday and Thursday"),
        row(#"Pay rent monthly on eom"#, #"Pay rent"#, due: "2026-06-30", rule: "every month"),
        row(#"Pay rent eom monthly"#, #"Pay rent"#, due: "2026-06-30", rule: "every month"),
        row(#"Pay rent monthly from 2026-07-01"#, #"Pay rent monthly from"#, due: "2026-07-01"),
        row(#"Pay rent monthly 2026-07-01"#, #"Pay rent"#, due: "2026-07-01", rule: "every month"),
        row(#"Review friday weekly"#, #"Review"#, due: "2026-06-19", rule: "every week"),
        row(#"Review weekly on friday"#, #"Review"#, due: "2026-06-19", rule: "every Friday"),
        row(#"Review weekly friday 4pm"#, #"Review"#, due: "2026-06-19 16:00", rule: "every week"),
        row(#"Birthday dec 25 yearly"#, #"Birthday"#, due: "2026-12-25", rule: "every year"),
        row(#"Birthday yearly on dec 25"#, #"Birthday"#, due: "2026-12-25", rule: "every December 25"),
        // SPEC §12 (amended): the RULE words people say, at the end of a text.
        row(#"Pay rent every 1st 9am"#, #"Pay rent"#, due: "2026-07-01 09:00", rule: "every month on the 1st"),
        row(
            #"Team sync every other tuesday at 10am +work"#, #"Team sync"#, due: "2026-06-16 10:00",
            rule: "every 2 weeks on Tuesday", tags: ["work"]),
        row(#"Book club every 2nd tuesday at 7pm"#, #"Book club"#, due: "2026-07-14 19:00", rule: "every 2nd Tuesday"),
        row(
            #"Payroll every last weekday of the month"#, #"Payroll"#, due: "2026-06-30",
            rule: "every last weekday of the month"),
        row(#"Mow the lawn every weekend"#, #"Mow the lawn"#, due: "2026-06-20", rule: "every weekend"),
        row(#"Taxes every quarter"#, #"Taxes"#, due: "2026-06-15", rule: "every 3 months"),
        row(
            #"Water ferns every 3 days after done"#, #"Water ferns"#, due: "2026-06-15", rule: "every 3 days after done"
        ),
        row(#"Haircut every! 4 weeks"#, #"Haircut"#, due: "2026-06-15", rule: "every 4 weeks after done"),
        row(#"Xmas cards every dec 1"#, #"Xmas cards"#, due: "2026-12-01", rule: "every December 1"),
        row(#"Budget every 1st and 15th"#, #"Budget"#, due: "2026-06-15", rule: "every month on the 1st and 15th"),
        row(
            #"Standup every mon,wed at 9:30"#, #"Standup"#, due: "2026-06-17 09:30", rule: "every Monday and Wednesday"),
        row(
            #"Call mum every sunday 6pm +family"#, #"Call mum"#, due: "2026-06-21 18:00", rule: "every Sunday",
            tags: ["family"]),
        // Tags and priority
        row(#"Call mum +family"#, #"Call mum"#, tags: ["family"]),
        row(#"Call +family mum"#, #"Call mum"#, tags: ["family"]),
        row(#"+family Call mum"#, #"Call mum"#, tags: ["family"]),
        row(#"Call mum +family +phone"#, #"Call mum"#, tags: ["family", "phone"]),
        row(#"Call mum +family +Family"#, #"Call mum"#, tags: ["family"]),
        row(#"Call mum +Family +family"#, #"Call mum"#, tags: ["Family"]),
        row(#"Buy bread +café +cafe"#, #"Buy bread"#, tags: ["café"]),
        row(#"Buy bread +Café"#, #"Buy bread"#, tags: ["Café"]),
        row(#"Buy bread +work-2026"#, #"Buy bread"#, tags: ["work-2026"]),
        row(#"Buy bread +a1"#, #"Buy bread"#, tags: ["a1"]),
        row(#"Buy bread +3d"#, #"Buy bread"#, due: "2026-06-18"),
        row(#"Buy +3d bread"#, #"Buy +3d bread"#),
        row(#"Buy bread +30m"#, #"Buy bread"#, due: "2026-06-15 10:00"),
        row(#"Fix bug !!!"#, #"Fix bug"#, priority: 1),
        row(#"Fix bug !!"#, #"Fix bug"#, priority: 5),
        row(#"Fix bug !"#, #"Fix bug"#, priority: 9),
        row(#"!!! Fix bug"#, #"Fix bug"#, priority: 1),
        row(#"Fix !! bug"#, #"Fix bug"#, priority: 5),
        row(#"Fix bug ! !!!"#, #"Fix bug"#, priority: 1),
        row(#"Fix bug !!! !"#, #"Fix bug"#, priority: 9),
        row(#"Fix bug!!!"#, #"Fix bug!!!"#),
        row(#"Fix bug !!!!"#, #"Fix bug !!!!"#),
        row(#"Fix bug !!! +work tomorrow"#, #"Fix bug"#, due: "2026-06-16", tags: ["work"], priority: 1),
        row(#"Fix bug tomorrow !!! +work"#, #"Fix bug"#, due: "2026-06-16", tags: ["work"], priority: 1),
        row(#"Fix bug tomorrow +work 9am"#, #"Fix bug"#, due: "2026-06-16 09:00", tags: ["work"]),
        row(#"Fix +work bug tomorrow"#, #"Fix bug"#, due: "2026-06-16", tags: ["work"]),
        row(#"Call mum +family sunday 6pm !!"#, #"Call mum"#, due: "2026-06-21 18:00", tags: ["family"], priority: 5),
        row(
            #"Take pill daily +health !"#, #"Take pill"#, due: "2026-06-15", rule: "every day", tags: ["health"],
            priority: 9),
        // Non-ascii
        row(#"Café avec Zoé demain"#, #"Café avec Zoé demain"#),
        row(#"Café avec Zoé tomorrow"#, #"Café avec Zoé"#, due: "2026-06-16"),
        row(#"Acheter du pain 🍞 fri"#, #"Acheter du pain 🍞"#, due: "2026-06-19"),
        row(#"Купить молоко завтра"#, #"Купить молоко завтра"#),
        row(#"Купить молоко tomorrow +дом"#, #"Купить молоко"#, due: "2026-06-16", tags: ["дом"]),
        row(#"牛乳を買う 明日"#, #"牛乳を買う 明日"#),
        row(#"牛乳を買う tomorrow"#, #"牛乳を買う"#, due: "2026-06-16"),
        row(#"Meet at ١٠:٣٠"#, #"Meet at ١٠:٣٠"#),
        row(#"Meet at １０am"#, #"Meet at １０am"#),
        row(#"Pay Ümit !!"#, #"Pay Ümit"#, priority: 5),
        row(#"Emoji 🎉 +🎉"#, #"Emoji 🎉 +🎉"#),
        row(#"Emoji 🎉 +party🎉"#, #"Emoji 🎉"#, tags: ["party🎉"]),
        row(#"Straße eom"#, #"Straße"#, due: "2026-06-30"),
        row(#"ÉTÉ +ÉTÉ"#, #"ÉTÉ"#, tags: ["ÉTÉ"]),
        // Connectors
        row(#"Ship by"#, #"Ship by"#),
        row(#"Ship on"#, #"Ship on"#),
        row(#"Ship on monday"#, #"Ship"#, due: "2026-06-22"),
        row(#"Ship on on monday"#, #"Ship on"#, due: "2026-06-22"),
        row(#"Ship at"#, #"Ship at"#),
        row(#"Ship due"#, #"Ship due"#),
        row(#"Ship due on monday"#, #"Ship due"#, due: "2026-06-22"),
        row(#"Look at"#, #"Look at"#),
        row(#"Look at the sun"#, #"Look at the sun"#),
        row(#"Look at it now"#, #"Look at it now"#),
        row(#"Arrive by noon"#, #"Arrive"#, due: "2026-06-15 12:00"),
    ]

    /// Texts people put on their lists, and what each means: the table quick add's word rules were
    /// chosen by. Ordinary titles whose last word reads as a DATE or RULE stay text; the DATEs
    /// people put at the end, the README's examples among them, are read.
    static let realTexts: [Row] = [
        // Titles and nouns at the end: text.
        row(#"Watch High Noon"#, #"Watch High Noon"#),
        row(#"Back up now"#, #"Back up now"#),
        row(#"Read The Daily"#, #"Read The Daily"#),
        row(#"Print model in 3d"#, #"Print model in 3d"#),
        row(#"Sing Ruby Tuesday"#, #"Sing Ruby Tuesday"#),
        row(#"Watch Black Friday"#, #"Watch Black Friday"#),
        row(#"Feed the sow"#, #"Feed the sow"#),
        row(#"Do it now"#, #"Do it now"#),
        row(#"Call the bank now"#, #"Call the bank now"#),
        row(#"Buy soy"#, #"Buy soy"#),
        row(#"Plant what we sow"#, #"Plant what we sow"#),
        row(#"Enjoy the sun"#, #"Enjoy the sun"#),
        row(#"Look at the sun"#, #"Look at the sun"#),
        row(#"Study for the SAT"#, #"Study for the SAT"#),
        row(#"Subscribe to The Weekly"#, #"Subscribe to The Weekly"#),
        row(#"Buy a sow"#, #"Buy a sow"#),
        row(#"Cancel the 3pm"#, #"Cancel the 3pm"#),
        row(#"Watch the movie in 3D"#, #"Watch the movie in 3D"#),
        row(#"Shop Cyber Monday"#, #"Shop Cyber Monday"#),
        row(#"Hot cross buns for Good Friday"#, #"Hot cross buns for Good Friday"#),
        row(#"Pancakes on Shrove Tuesday"#, #"Pancakes on Shrove Tuesday"#),
        row(#"Church on Easter Sunday"#, #"Church on Easter Sunday"#),
        row(#"Listen to Blue Monday"#, #"Listen to Blue Monday"#),
        row(#"Watch Freaky Friday"#, #"Watch Freaky Friday"#),
        row(#"Watch His Girl Friday"#, #"Watch His Girl Friday"#),
        row(#"Play Sunday Bloody Sunday"#, #"Play Sunday Bloody Sunday"#),
        row(#"Meet on Black Friday"#, #"Meet on Black Friday"#),
        // Plain texts: nothing to read.
        row(#"Buy milk"#, #"Buy milk"#),
        row(#"Eggs"#, #"Eggs"#),
        row(#"Crème fraîche"#, #"Crème fraîche"#),
        row(#"Don't forget the milk"#, #"Don't forget the milk"#),
        row(#"Mum's birthday"#, #"Mum's birthday"#),
        row(#"Réserver l'hôtel"#, #"Réserver l'hôtel"#),
        row(#"Clean the garage this weekend"#, #"Clean the garage this weekend"#),
        row(#"Take out the trash tonight"#, #"Take out the trash tonight"#),
        row(#"Call the plumber tomorrow morning"#, #"Call the plumber tomorrow morning"#),
        row(#"Pay Visa 15th"#, #"Pay Visa 15th"#),
        row(#"Read Friday Black"#, #"Read Friday Black"#),
        row(#"Dinner at 8"#, #"Dinner at 8"#),
        row(#"Call Jan"#, #"Call Jan"#),
        row(#"Learn Python 3"#, #"Learn Python 3"#),
        row(#"Fix the Wi-Fi"#, #"Fix the Wi-Fi"#),
        row(#"Renew car insurance"#, #"Renew car insurance"#),
        row(#"Read The Hobbit"#, #"Read The Hobbit"#),
        row(#"Get the kids' shoes"#, #"Get the kids' shoes"#),
        // The README's examples.
        row(#"Call mum sunday 6pm +family !!"#, #"Call mum"#, due: "2026-06-21 18:00", tags: ["family"], priority: 5),
        row(#"Take pill daily at 9am"#, #"Take pill"#, due: "2026-06-16 09:00", rule: "every day"),
        row(#""Read 1984 tomorrow""#, #"Read 1984 tomorrow"#),
        row(#"Read 1984 tomorrow"#, #"Read 1984"#, due: "2026-06-16"),
        row(#"Enjoy the "sun""#, #"Enjoy the sun"#),
        row(#"Meet Sam "fri""#, #"Meet Sam fri"#),
        row(#"Meet Sam fri"#, #"Meet Sam"#, due: "2026-06-19"),
        row(#"Report sat"#, #"Report"#, due: "2026-06-20"),
        row(#"Report wed"#, #"Report"#, due: "2026-06-17"),
        row(#"Party may 5"#, #"Party"#, due: "2027-05-05"),
        row(#"Read the news daily"#, #"Read the news"#, due: "2026-06-15", rule: "every day"),
        row(#"tomorrow"#, #"tomorrow"#),
        row(#"+work"#, #"+work"#),
        row(#"tomorrow +work"#, #"tomorrow +work"#),
        row(#"Say \!\!"#, #"Say !!"#),
        row(#"Score +1"#, #"Score +1"#),
        row(#"Buy bread +3d"#, #"Buy bread"#, due: "2026-06-18"),
        row(#"Call +2h"#, #"Call"#, due: "2026-06-15 11:30"),
        row(#"Party feb 30"#, #"Party feb 30"#),
        row(#"Gift dec 25 2027"#, #"Gift"#, due: "2027-12-25"),
        row(#"Call dec 25 20:27"#, #"Call"#, due: "2026-12-25 20:27"),
        row(#"Call in an hour"#, #"Call"#, due: "2026-06-15 10:30"),
        row(#"Call this fri"#, #"Call"#, due: "2026-06-19"),
        // Dates people put at the end: read.
        row(#"Call Bob friday"#, #"Call Bob"#, due: "2026-06-19"),
        row(#"Call Bob Friday"#, #"Call Bob"#, due: "2026-06-19"),
        row(#"Email Anna Monday"#, #"Email Anna"#, due: "2026-06-22"),
        row(#"Dentist tue 3pm"#, #"Dentist"#, due: "2026-06-16 15:00"),
        row(#"Buy milk tomorrow"#, #"Buy milk"#, due: "2026-06-16"),
        row(#"Finish the report friday"#, #"Finish the report"#, due: "2026-06-19"),
        row(#"Check in tomorrow"#, #"Check in"#, due: "2026-06-16"),
        row(#"Log in today"#, #"Log in"#, due: "2026-06-15"),
        row(#"Lunch with Sam at noon"#, #"Lunch with Sam"#, due: "2026-06-15 12:00"),
        row(#"Lunch tomorrow noon"#, #"Lunch"#, due: "2026-06-16 12:00"),
        row(#"Arrive by noon"#, #"Arrive"#, due: "2026-06-15 12:00"),
        row(#"Feed the sow at 5pm"#, #"Feed the sow"#, due: "2026-06-15 17:00"),
        row(#"Watch Black Friday 9pm"#, #"Watch Black Friday"#, due: "2026-06-15 21:00"),
        row(#"Submit taxes by apr 15"#, #"Submit taxes"#, due: "2027-04-15"),
        row(#"Book flight for dec 24"#, #"Book flight for"#, due: "2026-12-24"),
        row(#"Pick up kids at 3:30pm"#, #"Pick up kids"#, due: "2026-06-15 15:30"),
        row(#"Renew passport in 2 weeks"#, #"Renew passport"#, due: "2026-06-29"),
        row(#"Send invoice eod"#, #"Send invoice"#, due: "2026-06-15"),
        row(#"Pay rent eom"#, #"Pay rent"#, due: "2026-06-30"),
        row(#"Plan 3d"#, #"Plan"#, due: "2026-06-18"),
        row(#"Meet Anna next week"#, #"Meet Anna"#, due: "2026-06-22"),
        row(#"Water plants weekly"#, #"Water plants"#, due: "2026-06-15", rule: "every week"),
        row(#"Standup weekdays at 10am"#, #"Standup"#, due: "2026-06-15 10:00", rule: "every weekday"),
        row(#"Gym every mon,thu at 7am"#, #"Gym"#, due: "2026-06-18 07:00", rule: "every Monday and Thursday"),
        row(#"Team retro every 2 weeks on fri"#, #"Team retro"#, due: "2026-06-19", rule: "every 2 weeks on Friday"),
        row(#"Fix bug tomorrow !!! +work"#, #"Fix bug"#, due: "2026-06-16", tags: ["work"], priority: 1),
    ]

    @Test(arguments: realTexts)
    func readsARealTextAsItsWriterMeantIt(_ row: Row) throws {
        try readsThePhrasing(row)
    }

    @Test func theTableHasTheIssuesTwoHundredPhrasings() {
        #expect(Self.rows.count >= 200)
        #expect(Set(Self.rows.map(\.input)).count == Self.rows.count, "a phrasing is in the table twice")
    }

    @Test(arguments: rows)
    func readsThePhrasing(_ row: Row) throws {
        let reading = QuickAdd.read(try CommandWords.marked(row.input))
        #expect(reading.text == row.text)
        let due = try LocalZone.with(LocalZone.utc) {
            try reading.dueDate(now: TestTime.now)?.text
        }
        #expect(due == row.due)
        #expect(reading.rule?.description == row.rule)
        #expect(reading.tags == row.tags)
        #expect(reading.priority == row.priority)
    }

    @Test func aDateKeepsItsWordsAsTypedWithoutTheConnector() throws {
        let reading = QuickAdd.read(try CommandWords.marked("Call mum on Sunday, 6PM"))
        #expect(reading.due?.words == "Sunday, 6PM")
    }

    @Test func aShellArgumentHoldingASpaceWasQuoted() throws {
        let command = try Command.parse(["add", "Read 1984 tomorrow"])
        #expect(command == .add(QuickAdd(text: "Read 1984 tomorrow")))
        let split = try Command.parse(["add", "Read", "1984", "tomorrow"])
        guard case .add(let reading) = split else {
            Issue.record("not an add: \(String(describing: split))")
            return
        }
        #expect(reading.text == "Read 1984")
        #expect(reading.due?.words == "tomorrow")
    }
}
