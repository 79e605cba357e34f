/// The git repository holding the data file, and the file's place in it.
struct Repository {
    /// Git, run in the data file's folder.
    var git: Git
    /// The data file.
    let place: ResolvedDataFile
    /// The repository's top folder.
    let top: String
    /// The repository's git folder (`.git` in `top`, as a rule).
    let gitDirectory: String
    /// The data file's path relative to `top`.
    let path: String
    /// The branch checked out.
    let branch: String

    /// Finds the repository around `place`; throws `notSetUp` when there is none.
    init(git: Git, place: ResolvedDataFile) throws(SyncError) {
        let found = try git.run(["rev-parse", "--show-toplevel", "--absolute-git-dir", "--show-prefix"])
        let lines = found.outputText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard found.succeeded, lines.count >= 2 else { throw .notSetUp(folder: place.folder) }
        self.git = git
        self.place = place
        top = lines[0]
        gitDirectory = lines[1]
        path = (lines.count > 2 ? lines[2] : "") + place.name
        let branch = try git.run(["symbolic-ref", "--quiet", "--short", "HEAD"])
        guard branch.succeeded else {
            throw .gitFailed(step: "symbolic-ref", detail: "no branch is checked out in \(top)")
        }
        self.branch = branch.outputText
    }

    /// The commit HEAD is at, `nil` before the first commit.
    func head() throws(SyncError) -> String? {
        try git.commit("HEAD")
    }
}
