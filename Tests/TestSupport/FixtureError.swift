/// A fixture that could not be set up.
public struct FixtureError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// A fixture error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
