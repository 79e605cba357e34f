/// One line of a command's output, as styled spans; the executable decides how styles look.
public struct OutputLine: Sendable, Equatable, ExpressibleByStringLiteral {
    /// What a span means, so a renderer can colour it.
    public enum Style: Sendable, Equatable {
        case plain, heading, dim, checked, current, overdue, due, reminder, identifier, success, warning
        /// An item's tags (`+word`) and priority mark (`!!!`).
        case tag, priority
        /// Data written as it is (an export to standard output), line ends and all: never
        /// coloured, and its control characters are not replaced.
        case verbatim
    }

    /// A run of text with one style.
    public struct Span: Sendable, Equatable {
        public var text: String
        public var style: Style

        public init(_ text: String, _ style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// The spans, in order.
    public var spans: [Span]

    public init(_ spans: [Span]) {
        self.spans = spans
    }

    public init(_ text: String, _ style: Style = .plain) {
        spans = [Span(text, style)]
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The line without styles.
    public var text: String {
        // Not `joined()`, whose first call looks its generic types up by name (170,000 instructions).
        // `append`, not `+=`, which here picked the generic operator of RangeReplaceableCollection.
        spans.reduce(into: "") { $0.append($1.text) }
    }
}
