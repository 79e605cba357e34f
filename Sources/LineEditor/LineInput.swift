/// What one attempt to read a line produced.
public enum LineInput: Sendable, Equatable {
    /// A complete line, without its line terminator.
    case line(String)
    /// A line that cannot be used, with the reason (for example "invalid UTF-8"); reading can go on.
    case rejected(String)
    /// The user pressed Ctrl-C: the line being typed was discarded.
    case interrupted
    /// No more input (end of file, or Ctrl-D on an empty line).
    case endOfInput
}
