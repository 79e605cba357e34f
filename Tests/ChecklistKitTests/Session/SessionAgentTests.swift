import Testing

@testable import ChecklistKit

/// An agent's `add` and `update` (SPEC §16): every field in one change, one undo step.
struct SessionAgentTests {
    @Test func addSetsEveryFieldInOneUndoStep() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Home", "add Milk", "new Work"])
        let result = fixture.session.runAgentChange(
            .add, .new(text: "Call the plumber tomorrow", list: "Home", parent: nil),
            fields: [.due(.id(0), .date("tomorrow")), .priority(.id(0), 1), .note(.id(0), .text("ask\nprice"))])
        #expect(result.error == nil)
        let added = try #require(fixture.session.book.checklists[0].items.last)
        #expect(added.text == "Call the plumber tomorrow", "the text is as given, not read as quick add")
        #expect(added.due != nil && added.priority == 1 && added.note == "ask\nprice" && added.uid != nil)
        fixture.run("undo")
        #expect(fixture.session.book.checklists[0].items.map(\.text) == ["Milk"])
    }

    @Test func addUnderAParentMakesASubItem() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Home", "add Milk", "add Eggs"])
        let result = fixture.session.runAgentChange(.add, .new(text: "Skimmed", list: nil, parent: .id(0)), fields: [])
        #expect(result.error == nil)
        let items = fixture.session.book.checklists[0].items
        #expect(items.map(\.text) == ["Milk", "Skimmed", "Eggs"])
        #expect(items[1].parentUID == items[0].uid)
    }

    @Test func updateChangesEveryFieldGivenInOneUndoStep() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Home", "add Milk +dairy"])
        let result = fixture.session.runAgentChange(
            .edit, .existing(.id(0)),
            fields: [.edit(.id(0), "Oat milk"), .tag([.id(0)], ["dairy"], adding: false), .priority(.id(0), 5)])
        #expect(result.error == nil)
        let item = try #require(fixture.session.book.checklists[0].items.first)
        #expect(item.text == "Oat milk" && item.tags.isEmpty && item.priority == 5)
        fixture.run("undo")
        let undone = try #require(fixture.session.book.checklists[0].items.first)
        #expect(undone.text == "Milk" && undone.tags == ["dairy"] && undone.priority == nil)
    }

    @Test func aRefusedFieldChangesNothing() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Home", "add Milk"])
        let before = fixture.fileBytes
        let result = fixture.session.runAgentChange(
            .edit, .existing(.id(0)), fields: [.priority(.id(0), 1), .edit(.id(0), "  ")])
        #expect(result.error?.contains("blank") == true)
        #expect(fixture.fileBytes == before)
        #expect(fixture.session.runAgentChange(.edit, .existing(.id(5)), fields: []).error?.contains("#5") == true)
    }
}
