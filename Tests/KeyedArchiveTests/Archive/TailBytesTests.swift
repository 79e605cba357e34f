import Testing

@testable import KeyedArchive

/// `TailBytes`: an edit's tail laid out as its own bytes and runs of the original file.
struct TailBytesTests {
    @Test func ownBytesAndOriginalRunsComeOutInOrderWithTheirPositions() {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 16)
        defer { buffer.deallocate() }
        guard let base = buffer.baseAddress else { return }
        var tail = TailBytes(own: ObjectBytes(base: base, position: 0, end: 16))
        tail.own.store(1)
        tail.own.store(2)
        #expect(tail.position == 2)
        tail.original(100..<110)
        #expect(tail.position == 12, "an original run moves the tail on, not the own bytes")
        tail.original(200..<200)
        tail.own.store(3)
        tail.original(300..<305)
        tail.original(305..<306)
        tail.own.store(4)
        tail.own.store(5)
        tail.endRun()
        tail.endRun()
        #expect(tail.position == 21)
        #expect(
            tail.pieces == [
                .own(0..<2), .original(100..<110), .own(2..<3), .original(300..<305), .original(305..<306),
                .own(3..<5),
            ], "empty runs leave no piece; a run of own bytes ends where an original one starts")
        #expect(Array(buffer.prefix(5)) == [1, 2, 3, 4, 5])
    }
}
