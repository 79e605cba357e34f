/// When a task's alarm rings, as SPEC §9 and §11 read a CalDAV client's `VALARM`: the time of
/// its first alarm with a time, relative to the due date (a phone's "15 minutes before").
public enum CalendarAlarm {
    /// The seconds from the due date (its time, or a whole day's start here) to when the first
    /// time alarm of `todo` rings; `nil` without one, without a due date, or when it rings when
    /// `watch` would anyway (at the due time, or at 09:00 on a whole day).
    public static func offset(of todo: CalendarComponent) -> Int? {
        guard let alarm = todo.components.first(where: CalendarTask.isTimeAlarm),
            let trigger = alarm.property("TRIGGER"), let due = CalendarTask.dueDate(of: todo)
        else { return nil }
        let anchor = due.start
        let rings: Double
        if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" {
            guard let time = CalendarTime(trigger)?.referenceSeconds else { return nil }
            rings = time
        } else {
            guard let duration = seconds(of: CalendarText.trimmed(trigger.value)) else { return nil }
            // RFC 5545: relative to the start (DTSTART for a VTODO) unless RELATED=END (DUE).
            if trigger.parameter("RELATED")?.uppercased() == "END" {
                rings = anchor + duration
            } else {
                guard let start = CalendarTask.start(of: todo) else { return nil }
                rings = start.start + duration
            }
        }
        let offset = (rings - anchor).rounded()
        // Beyond a year either way is no reminder anyone set (and would not fit an Int safely).
        guard abs(offset) <= 366 * 86_400, offset != (ReminderSchedule.fireTime(due) - anchor).rounded() else {
            return nil
        }
        return Int(offset)
    }

    /// `seconds` as an RFC 5545 duration: `-PT15M`, `P1DT2H`, `PT0S`.
    static func duration(_ seconds: Int) -> String {
        let size = seconds.magnitude
        let (days, hours, minutes, rest) = (size / 86_400, size / 3_600 % 24, size / 60 % 60, size % 60)
        var text = (seconds < 0 ? "-" : "") + "P" + (days > 0 ? "\(days)D" : "")
        guard hours + minutes + rest > 0 else { return days > 0 ? text : "PT0S" }
        text += "T"
        if hours > 0 { text += "\(hours)H" }
        if minutes > 0 { text += "\(minutes)M" }
        if rest > 0 { text += "\(rest)S" }
        return text
    }

    /// The seconds an RFC 5545 duration (`-PT15M`, `P1DT2H`, `-P1W`) says, `nil` when it is none.
    static func seconds(of text: some StringProtocol) -> Double? {
        var rest = Substring(text.uppercased())
        var sign = 1.0
        if rest.first == "-" || rest.first == "+" {
            if rest.first == "-" { sign = -1 }
            rest = rest.dropFirst()
        }
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var total = 0.0
        var number = ""
        var inTime = false
        var any = false
        for character in rest {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T" {
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
                continue
            }
            guard let value = Double(number), number.count <= 9 else { return nil }
            let unit: Double
            switch (character, inTime) {
            case ("W", false): unit = 604_800
            case ("D", false): unit = 86_400
            case ("H", true): unit = 3_600
            case ("M", true): unit = 60
            case ("S", true): unit = 1
            default: return nil
            }
            total += value * unit
            number = ""
            any = true
        }
        return any && number.isEmpty ? sign * total : nil
    }
}
