/// What running one command line produced: output for stdout, or the reason it failed.
public struct CommandResult: Sendable, Equatable {
    /// Lines for standard output.
    public var lines: [OutputLine] = []
    /// What `--json` prints instead of the lines (SPEC §14), when the session reports JSON: a
    /// JSON document on one line, in UTF-8.
    public var document: [UInt8]?
    /// Why the command failed, for standard error; `nil` on success.
    public var error: String?
    /// The exit status a one-shot run of this command ends with (SPEC §2).
    public var exitStatus = ExitStatus.success
    /// Things worth telling the user besides the output (such as a reload from disk).
    public var notices: [String] = []
    /// Something the user should know that goes wrong beside the command, which itself succeeded
    /// (the undo journal cannot be written), for standard error in every mode.
    public var warnings: [String] = []
    /// Whether the command asks the interactive mode to end.
    public var quit = false
    /// An item whose text the interactive mode should put on the line to be changed in place
    /// (`edit ITEM` without TEXT); saving it runs `edit #ID TEXT`.
    public var editRequest: EditRequest?
    /// An item whose note the executable should open in an editor (`note ITEM` alone on a
    /// terminal); saving it runs `note #ID TEXT`.
    public var noteRequest: EditRequest?

    /// An item's text (or note) to change on the line (or in an editor).
    public struct EditRequest: Sendable, Equatable {
        /// The item's ID, to save the new text with `edit #ID`.
        public var itemID: Int
        /// Its text now.
        public var text: String
    }

    /// A successful result with `lines`.
    public init(lines: [OutputLine] = []) {
        self.lines = lines
    }

    /// A failed result.
    public init(error: String, exitStatus: ExitStatus = .failure) {
        self.error = error
        self.exitStatus = exitStatus
    }

    /// Whether the command succeeded.
    public var succeeded: Bool { error == nil }
}
