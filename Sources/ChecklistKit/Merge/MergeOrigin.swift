/// Where one merged checklist came from: its position in BASE, OURS and THEIRS (`nil`: not there).
public struct MergeOrigin: Sendable, Equatable {
    /// Its position in BASE's checklists.
    public var base: Int?
    /// Its position in OURS's checklists.
    public var ours: Int?
    /// Its position in THEIRS's checklists.
    public var theirs: Int?

    /// Creates an origin.
    public init(base: Int?, ours: Int?, theirs: Int?) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
    }
}
