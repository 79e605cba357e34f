/// An item's repeat rule (SPEC §12): an RRULE value as the archive's `Repeat` key holds it.
///
/// The text is kept exactly as written or read, so a rule from elsewhere (a phone over CalDAV, a
/// JSON import) goes back out unchanged. When it is in the subset `RepeatPattern` understands,
/// the rule is shown in words, else in RRULE form. Any valid RRULE (`Recurrence`) gives the next
/// occurrence when the item is checked; an invalid one only checks it (the rule stays on it).
public struct RepeatRule: Sendable, Equatable, CustomStringConvertible {
    /// The RRULE value (`FREQ=WEEKLY;BYDAY=MO,TH`), as stored.
    public let rrule: String

    /// A rule with this RRULE text, understood or not.
    public init(rrule: String) {
        self.rrule = rrule
    }

    /// The rule a pattern says, in its canonical RRULE form.
    public init(_ pattern: RepeatPattern) {
        rrule = pattern.rrule
    }

    /// RULE words, or a valid RRULE (`FREQ=MONTHLY;BYDAY=-2WE`, `RRULE:` before it allowed);
    /// `nil` when the text is neither. An RRULE the words can say is kept in its canonical
    /// form, any other upper-cased as typed. `after done` after the words, or `every!` for
    /// `every` (Todoist's), counts each next date from the day of the check (`afterDone`).
    public init?(words: String) {
        let lower = words.lowercased().trimmingSpaces
        if lower.hasSuffix(" after done") || lower.hasPrefix("every!") {
            let rest = lower.hasPrefix("every!") ? "every " + lower.dropFirst(6) : lower.dropLast(11)
            guard !rest.contains("after done"), let rule = RepeatRule(words: String(rest)), !rule.afterDone else {
                return nil
            }
            self.init(rrule: rule.rrule + Self.fromCompletion)
            return
        }
        if let pattern = RepeatPattern(words: words) {
            self.init(pattern)
            return
        }
        let text = String(words.trimmingSpaces)
        guard text.contains("="), Recurrence(rrule: text) != nil else { return nil }
        let body = text.uppercased()
        self.init(rrule: body.hasPrefix("RRULE:") ? String(body.dropFirst(6)) : body)
    }

    /// A rule from an exchange file: an RRULE (anything with `=`) as it is, else RULE words, else
    /// the text kept as it is; `nil` for blank text.
    public init?(importing text: String) {
        let trimmed = String(text.trimmingSpaces)
        guard !trimmed.isEmpty else { return nil }
        self = (trimmed.contains("=") ? nil : RepeatRule(words: trimmed)) ?? RepeatRule(rrule: trimmed)
    }

    /// What the rule says in the understood subset; `nil` for a rule outside it.
    public var pattern: RepeatPattern? {
        RepeatPattern(rrule: plainRRULE)
    }

    /// The rule in words (`every week`, `every 3 days after done`), or in RRULE form
    /// (`RRULE:FREQ=MONTHLY;BYDAY=-2WE`) when the words cannot say it.
    public var description: String {
        let after = afterDone ? " after done" : ""
        if let pattern { return pattern.words + after }
        let plain = plainRRULE
        return (plain.uppercased().hasPrefix("RRULE:") ? plain : "RRULE:" + plain) + after
    }

    /// What the archive's `Repeat` string holds after the RRULE for a rule counted from the day
    /// of the check: Tasks.org's own mark (`FROM=COMPLETION`), which it keeps on the phone and
    /// takes off the RRULE it puts on a server (SPEC §12, `after done`).
    static let fromCompletion = ";FROM=COMPLETION"

    /// Whether each next date counts from the day the item is checked (`after done`), not from
    /// its due date.
    public var afterDone: Bool {
        rrule.uppercased().hasSuffix(Self.fromCompletion)
    }

    /// The RRULE without the `after done` mark: what RFC 5545 and every CalDAV client read.
    public var plainRRULE: String {
        afterDone ? String(rrule.dropLast(Self.fromCompletion.count)) : rrule
    }

    /// This rule with the `after done` mark set or taken off.
    public func counting(afterDone: Bool) -> RepeatRule {
        RepeatRule(rrule: plainRRULE + (afterDone ? Self.fromCompletion : ""))
    }
}
