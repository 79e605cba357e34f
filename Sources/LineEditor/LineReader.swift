/// A source of input lines: the line editor for terminals, plain reads for scripts.
public protocol LineReader: AnyObject {
    /// Reads the next line, showing `prompt` first when the reader is interactive.
    func read(prompt: String) -> LineInput
}
