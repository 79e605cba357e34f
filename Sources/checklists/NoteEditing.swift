import ChecklistKit
import Effects

/// Runs the editor a `note ITEM` result asks for (`CommandResult.noteRequest`) and saves the
/// note it gives as `note #ID TEXT`, one change like any other (SPEC §13).
enum NoteEditing {
    /// `result` when it asks for no editor; else what saving the edited note gave, or why nothing changed.
    static func finish(_ result: CommandResult, session: Session, environment: [String: String]) -> CommandResult {
        guard let request = result.noteRequest else { return result }
        switch NoteEditor.edit(request.text, environment: environment) {
        case .changed(let note):
            return session.run(parsed: .success(.note(.id(request.itemID), note.isEmpty ? .none : .text(note))))
        case .unchanged:
            return CommandResult(lines: [OutputLine("the note of #\(request.itemID) is unchanged", .dim)])
        case .failed(let message):
            return CommandResult(error: message)
        }
    }
}
