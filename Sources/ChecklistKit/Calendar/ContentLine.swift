/// One iCalendar property (RFC 5545 §3.1): `NAME;PARAM=VALUE,VALUE:VALUE`, unfolded.
///
/// A line read from a file keeps the exact text it was read from (`original`), so a component
/// written back unchanged is written byte for byte as the server had it.
public struct ContentLine: Sendable, Equatable {
    /// One parameter: its name (upper case) and its values, unquoted.
    public struct Parameter: Sendable, Equatable {
        /// The parameter's name, in upper case.
        public var name: String
        /// Its values, without quotes.
        public var values: [String]

        /// A parameter `name=values…`.
        public init(_ name: String, _ values: [String]) {
            self.name = name.uppercased()
            self.values = values
        }
    }

    /// The property's name, in upper case.
    public var name: String
    /// Its parameters, in order.
    public var parameters: [Parameter]
    /// Its value as written (TEXT values still escaped: see `CalendarText`).
    public var value: String
    /// The physical lines it was read from, without line ends; `nil` once built or changed.
    public var original: [String]?

    /// A property built here (written out folded, never from an original).
    public init(_ name: String, parameters: [Parameter] = [], value: String) {
        self.name = name.uppercased()
        self.parameters = parameters
        self.value = value
        original = nil
    }

    /// The first value of the parameter `name`, if present.
    public func parameter(_ name: String) -> String? {
        let wanted = name.uppercased()
        return parameters.first { $0.name == wanted }?.values.first
    }

    /// Whether two lines say the same, whatever text they were read from.
    public func means(_ other: ContentLine) -> Bool {
        name == other.name && parameters == other.parameters && value == other.value
    }
}
