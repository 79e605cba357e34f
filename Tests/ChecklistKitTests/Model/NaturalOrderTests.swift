import ChecklistKit
import Testing

struct NaturalOrderTests {
    @Test func numbersInNamesCompareAsNumbers() {
        #expect(NaturalOrder.precedes("List 2", "List 10"))
        #expect(!NaturalOrder.precedes("List 10", "List 2"))
        #expect(NaturalOrder.precedes("Trip 9 day 3", "Trip 9 day 12"))
    }

    @Test func caseDoesNotMatterForTheOrder() {
        #expect(NaturalOrder.precedes("apple", "Banana"))
        #expect(NaturalOrder.precedes("Apple", "banana"))
        #expect(NaturalOrder.precedes("groceries", "Trips"))
    }

    @Test func leadingZerosDoNotChangeANumbersPlace() {
        let sorted = ["List 10", "List 002", "List 1", "List 3"].sorted(by: NaturalOrder.precedes)
        #expect(sorted == ["List 1", "List 002", "List 3", "List 10"])
    }

    @Test func aShorterNameSortsBeforeItsExtensions() {
        #expect(NaturalOrder.precedes("List", "List 2"))
        #expect(NaturalOrder.precedes("", "a"))
    }

    @Test func theOrderIsTotalForNamesEqualIgnoringCase() {
        #expect(NaturalOrder.precedes("A", "a") != NaturalOrder.precedes("a", "A"))
        #expect(!NaturalOrder.precedes("same", "same"))
    }

    @Test func hugeNumbersDoNotOverflow() {
        #expect(NaturalOrder.precedes("v 99999999999999999999999", "v 100000000000000000000000"))
    }

    @Test func nonASCIINamesSortWithoutCrashing() {
        let names = ["中文 2", "Crème", "crème 10", "🍎", "crème 9", "Zebra"]
        let sorted = names.sorted(by: NaturalOrder.precedes)
        #expect(sorted.firstIndex(of: "crème 9") ?? 0 < sorted.firstIndex(of: "crème 10") ?? 0)
        #expect(Set(sorted) == Set(names))
    }

    @Test func sortingByNameGivesTheOrderOfPrecedes() {
        let names = ["List 10", "list 2", "List 2", "apple", "Apple", "List 02", "b", "", "Zoé", "zoe 1"]
        let sorted = NaturalOrder.sorted(names.enumerated().map { $0 }, byName: \.element).map(\.element)
        #expect(sorted == names.sorted(by: NaturalOrder.precedes))
    }
}
