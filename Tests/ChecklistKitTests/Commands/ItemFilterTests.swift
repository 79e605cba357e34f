import Testing

@testable import ChecklistKit

/// The filter words of `show`, `find` and `upcoming` (SPEC §14; issue #39).
struct ItemFilterTests {
    private func split(_ line: String) -> (filter: ItemFilter, rest: [String]) {
        ItemFilter.split(line.split(separator: " ").map { CommandWord(String($0)) })
    }

    @Test func filterWordsAreTakenAnywhereAndTheRestLeftInOrder() {
        let (filter, rest) = split("My +home open List -+later !!")
        #expect(rest == ["My", "List"])
        #expect(filter.withTags == ["home"] && filter.withoutTags == ["later"] && filter.priorityAtLeast == 5)
        #expect(filter.conditions == [.open])
        // A quoted word is never a filter word; a bare + or one without a letter is text.
        let quoted = ItemFilter.split([CommandWord("week", quoted: true), CommandWord("+"), CommandWord("+1")])
        #expect(quoted.filter.isEmpty && quoted.rest == ["week", "+", "+1"])
    }

    @Test func everyFilterAppliesAsTheSpecSays() throws {
        let now = TestTime.utc(2026, 6, 15, 12)
        let today = try #require(CalendarDay(year: 2026, month: 6, day: 15))
        func item(_ build: (inout ChecklistItem) -> Void) -> ChecklistItem {
            var item = ChecklistItem(text: "x", itemID: 0, created: 0)
            build(&item)
            return item
        }
        let tagged = item { $0.tags = ["Küche", "home"] }
        let urgent = item { $0.priority = 1 }
        let low = item { $0.priority = 9 }
        let overdue = item { $0.due = .time(now - 60) }
        let dueToday = item { $0.due = .day(today) }
        let inSixDays = item { $0.due = today.adding(days: 6).map(Due.day) }
        let inSevenDays = item { $0.due = today.adding(days: 7).map(Due.day) }
        let done = item { $0.checked = true }
        let later = item { $0.start = .time(now + 3_600) }
        let repeating = item { $0.repeatRule = RepeatRule(words: "daily") }
        let cases: [(String, ChecklistItem, Bool)] = [
            ("+kuche", tagged, true), ("+HOME +küche", tagged, true), ("+work", tagged, false),
            ("-+home", tagged, false), ("-+work", tagged, true), ("!!!", urgent, true), ("!!", low, false),
            ("!", low, true), ("!", tagged, false), ("overdue", overdue, true), ("overdue", dueToday, false),
            ("today", dueToday, true), ("today", overdue, true), ("today", inSixDays, false),
            ("week", inSixDays, true), ("week", inSevenDays, false), ("open", done, false), ("done", done, true),
            ("startable", later, false), ("startable", tagged, true), ("repeating", repeating, true),
            ("repeating", tagged, false), ("open today", overdue, true), ("done today", overdue, false),
        ]
        for (words, item, passes) in cases {
            #expect(split(words).filter.matches(item, now: now) == passes, "\(words)")
        }
    }
}
