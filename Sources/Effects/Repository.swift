/// The git repository holding the data file, and the file's place in it.
struct Repository {
    /// Git, run in the data file's folder.
    let git: Git
    /// The data file.
    let place: DataPlace
    /// The repository's top folder.
    let top: String
    /// The data file's path relative to `top`.
    let path: String
    /// The branch checked out.
    let branch: String

    /// Finds the repository around `place`; throws `notSetUp` when there is none.
    init(git: Git, place: DataPlace) throws(SyncError) {
        let top = try git.run(["rev-parse", "--show-toplevel"])
        guard top.succeeded else { throw .notSetUp(folder: place.folder) }
        self.git = git
        self.place = place
        self.top = top.outputText
        path = try git.check(["rev-parse", "--show-prefix"]) + place.name
        let branch = try git.run(["symbolic-ref", "--quiet", "--short", "HEAD"])
        guard branch.succeeded else {
            throw .gitFailed(step: "symbolic-ref", detail: "no branch is checked out in \(self.top)")
        }
        self.branch = branch.outputText
    }
}
