import Testing

@testable import ChecklistKit

/// Looking up C functions by name.
struct CLibraryFunctionTests {
    @Test func aFunctionOfTheCLibraryIsFoundAndCallable() throws {
        typealias Length = @convention(c) (UnsafePointer<CChar>) -> Int
        let length = try #require(CLibraryFunction.named("strlen", as: Length.self))
        #expect(length("checklists") == 10)
    }

    @Test func aNameNoLibraryDefinesIsNil() {
        typealias Nothing = @convention(c) () -> Void
        #expect(CLibraryFunction.named("checklists_no_such_function", as: Nothing.self) == nil)
    }
}
