/// A series as Thunderbird completes it: the master VTODO keeps its first dates and `RRULE`, and
/// each completed occurrence is a VTODO of its own beside it, with a `RECURRENCE-ID` (SPEC §12).
public enum CalendarSeries {
    /// `master` as the occurrence still open: due (and started) at the first date the rule
    /// gives after the latest completed override among `components`; `master` itself when it
    /// repeats without completed overrides, or when the rule gives no later date.
    ///
    /// Read so, the series has exactly one open occurrence here, the one Thunderbird shows; a
    /// write built on it moves the master's dates on, as Tasks.org completes a series.
    public static func openOccurrence(
        _ master: CalendarComponent, among components: [CalendarComponent]
    )
        -> CalendarComponent
    {
        guard let rrule = master.property("RRULE"), let due = CalendarTask.dueDate(of: master) else { return master }
        let completed = components.filter { $0.name == "VTODO" && CalendarTask.isChecked($0) }.compactMap {
            $0.property("RECURRENCE-ID").flatMap { CalendarTask.date($0) }
        }
        guard let latest = completed.max(by: { $0.start < $1.start }), latest.start >= due.start else { return master }
        let rule = RepeatRule(rrule: String(CalendarText.trimmed(rrule.value)))
        // The completed occurrence in the due date's form (a whole day or a time).
        let from: Due =
            switch (due, latest) {
            case (.day, .time(let time)): .day(LocalTime.day(time))
            case (.time(let time), .day(let day)):
                .time(LocalTime.start(of: day) + time - LocalTime.start(of: LocalTime.day(time)))
            default: latest
            }
        guard let next = rule.nextOccurrence(after: from, now: from.start)?.due else { return master }
        var open = master
        let start = CalendarTask.start(of: master)
        open.set("DUE", CalendarTask.line("DUE", next))
        if start == due { open.set("DTSTART", CalendarTask.line("DTSTART", next)) }
        return open
    }
}
