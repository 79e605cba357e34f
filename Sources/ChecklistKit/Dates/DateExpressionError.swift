/// Why a DATE was refused; each message names the problem and the way on (SPEC §6).
public enum DateExpressionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is no DATE; `suggestions` are the closest texts that are: none, one, or two when
    /// the text reads two ways (`03/04/2026`).
    case notADate(String, suggestions: [String])
    /// The text names a day that does not exist (February 30), with what is wrong.
    case noSuchDay(String, String)
    /// The clock time does not exist on that day here: a daylight-saving change skips it.
    case skippedTime(String, CalendarDay)
    /// The date lies past the year 9999 (or before the year 1).
    case outOfRange(String)

    public var description: String {
        switch self {
        case .notADate(let text, let suggestions):
            let quoted = suggestions.map { "\"\($0)\"" }.joined(separator: " or ")
            let hint = suggestions.isEmpty ? "." : "; did you mean \(quoted)?"
            return "\"\(text)\" is not a date\(hint) A DATE is \(DateExpression.forms); help due lists every form"
        case .noSuchDay(let text, let problem):
            return "\"\(text)\" is not a date: \(problem)"
        case .skippedTime(let text, let day):
            return "\"\(text)\" does not exist in the local time zone: the clocks skip that time on \(day)"
                + " (daylight saving); give a time before or after the change"
        case .outOfRange(let text):
            return "\"\(text)\" is too far away: dates go from 0001-01-01 to 9999-12-31"
        }
    }
}
