extension String {
    /// This text with each character that `replacements` names written as its replacement (the
    /// escaping of iCalendar TEXT, XML, curl's configuration and the reminder record's paths).
    public func escaping(_ replacements: [Character: String]) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for character in self {
            if let replacement = replacements[character] {
                out += replacement
            } else {
                out.append(character)
            }
        }
        return out
    }
}
