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
    /// form, any other upper-cased as typed.
    public init?(words: String) {
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
        RepeatPattern(rrule: rrule)
    }

    /// The rule in words (`every week`), or in RRULE form (`RRULE:FREQ=MONTHLY;BYDAY=2TU`) when
    /// the words cannot say it.
    public var description: String {
        if let pattern { return pattern.words }
        return rrule.uppercased().hasPrefix("RRULE:") ? rrule : "RRULE:" + rrule
    }
}
