extension Session {
    /// `agenda [DAYS] [FILTER...]`: the overdue, then each day of `days` from today with anything
    /// on it, each line fitted to `columns` (SPEC §17).
    func agenda(days: Int, filter: ItemFilter) -> [OutputLine] {
        let book = self.book
        let now = clock()
        let agenda = Agenda(of: book, days: days, filter: filter, now: now)
        guard !agenda.overdue.isEmpty || !agenda.days.isEmpty else {
            let what = filter.isEmpty ? "nothing is due or starts" : "no items pass the filter"
            return [OutputLine("\(what) in the next \(days == 1 ? "day" : "\(days) days")", .dim)]
        }
        var lines: [OutputLine] = []
        if !agenda.overdue.isEmpty {
            lines.append(OutputLine("Overdue", .overdue))
            let leads = agenda.overdue.map { entry in
                Self.agendaDayName(Agenda.day(of: entry.date)) + (Self.agendaClock(entry.date).map { " " + $0 } ?? "")
            }
            let width = leads.map(TextWidth.columns).max() ?? 0
            for (entry, lead) in zip(agenda.overdue, leads) {
                lines.append(
                    agendaLine(entry, lead: TextWidth.padded(lead, to: width), overdue: true, in: book, now: now))
            }
        }
        let today = LocalTime.day(now)
        for (day, entries) in agenda.days {
            if !lines.isEmpty { lines.append("") }
            let heading =
                day == today ? "Today" : day == today.adding(days: 1) ? "Tomorrow" : Self.agendaDayName(day)
            lines.append(OutputLine(heading, day == today ? .current : .heading))
            for entry in entries {
                let lead = Self.agendaClock(entry.date) ?? "     "
                lines.append(agendaLine(entry, lead: lead, overdue: false, in: book, now: now))
            }
        }
        return lines
    }

    /// `Wed 9 Dec`: a day as agenda headings name it.
    static func agendaDayName(_ day: CalendarDay) -> String {
        "\(abbreviated(DateExpression.weekdays[day.weekday])) \(day.day)"
            + " \(abbreviated(CalendarDay.monthNames[day.month - 1]))"
    }

    /// `Wed` for `wednesday`: the first three letters, the first a capital.
    private static func abbreviated(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst().prefix(2)
    }

    /// `18:30` for a time, `nil` for a whole day.
    static func agendaClock(_ date: Due) -> String? {
        guard case .time(let time) = date else { return nil }
        return String(LocalTime.format(time).suffix(5))
    }

    /// One agenda line: `lead` (a time, or a date for the overdue), the text cut to fit
    /// `columns`, then the checklist, tags, `#ID` and what kind of entry it is.
    private func agendaLine(
        _ entry: Agenda.Entry, lead: String, overdue: Bool, in book: ChecklistBook, now: Double
    ) -> OutputLine {
        let list = book.checklists[entry.list]
        let item = list.items[entry.item]
        var tail: [OutputLine.Span] = [.init("  " + list.name, .dim)]
        if !item.tags.isEmpty { tail.append(.init("  " + item.tags.map { "+" + $0 }.joined(separator: " "), .tag)) }
        tail.append(.init("  #\(item.itemID)", .identifier))
        switch entry.kind {
        case .due: break
        case .occurrence: tail.append(.init("  (to come)", .dim))
        case .starting: tail.append(.init("  (starts)", .due))
        }
        var head: [OutputLine.Span] = [.init("  "), .init(lead, overdue ? .overdue : .due), .init("  ")]
        if let priority = item.priority { head.append(.init(Self.priorityMark(priority) + " ", .priority)) }
        let used = (head + tail).reduce(0) { $0 + TextWidth.columns($1.text) }
        let later = entry.kind == .occurrence || (item.start.map { Self.startsLater($0, now: now) } ?? false)
        let text = TextWidth.truncated(item.text, to: max(columns - used, Self.agendaTextMinimum))
        return OutputLine(head + [.init(text, later ? .dim : .plain)] + tail)
    }

    /// The fewest columns an agenda line gives an item's text, however narrow the terminal.
    static let agendaTextMinimum = 12
}
