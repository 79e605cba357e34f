/// One word of a command line, with whether the user quoted or escaped any of it.
///
/// Quick add (`QuickAdd`) never reads a quoted word as a date, rule, tag or priority: quotes are
/// how a user says "this is text" (`add "Read 1984 tomorrow"`).
public struct CommandWord: Sendable, Equatable {
    /// The word, quotes and escapes removed.
    public var text: String
    /// Whether any of it was in quotes or escaped with a backslash.
    public var quoted: Bool

    /// A word as written.
    public init(_ text: String, quoted: Bool = false) {
        self.text = text
        self.quoted = quoted
    }

    /// A word the shell has already split (a one-shot argument): the shell removed its quotes, so
    /// a word holding a space or a tab is one the user quoted (`checklists add 'Read 1984 tomorrow'`).
    public init(argument: String) {
        self.init(argument, quoted: argument.contains { $0 == " " || $0 == "\t" })
    }
}
