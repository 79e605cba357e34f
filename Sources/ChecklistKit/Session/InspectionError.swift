/// Why `inspect` could not show a file (exit status 65 in one-shot mode, as SPEC §6 asks).
public struct InspectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file that was inspected.
    public var path: String
    /// What is wrong with it.
    public var reason: String

    public var description: String { "\(path): \(reason)" }
}
