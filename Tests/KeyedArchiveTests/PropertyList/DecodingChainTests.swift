import Testing

@testable import KeyedArchive

/// The chain of objects being decoded finds an object met again, however deep the chain.
struct DecodingChainTests {
    @Test(arguments: [1, DecodingChain.searchLimit, DecodingChain.searchLimit + 1, 300])
    func anObjectInTheChainIsFoundAndOneLeftIsNot(depth: Int) {
        var chain = DecodingChain(objectCount: 1_000)
        // Objects entered in a scattered order, as decoding follows references.
        let entered = (0..<depth).map { $0 * 7 % 1_000 }
        for index in entered {
            let first = chain.enter(index)
            #expect(first)
        }
        for index in entered {
            #expect(chain.contains(index))
            let again = chain.enter(index)
            #expect(!again, "entered twice: a cycle")
        }
        #expect(!chain.contains(999))
        for index in entered.reversed() {
            chain.leave(index)
            #expect(!chain.contains(index))
        }
        // Left, each can be entered again (an object shared by two others is no cycle).
        let all = entered.allSatisfy { chain.enter($0) }
        #expect(all)
    }

    @Test func leavingOutOfOrderForgetsOnlyThatObject() {
        var chain = DecodingChain(objectCount: 100)
        let all = (0..<40).allSatisfy { chain.enter($0) }
        #expect(all)
        chain.leave(3)
        #expect(!chain.contains(3) && chain.contains(4) && chain.contains(39))
        chain.leave(77)
        #expect(chain.contains(39))
    }
}
