import Testing

@testable import KeyedArchive

struct UnsafeRawBufferPointerBytesTests {
    @Test(arguments: [0, 1, 7, 8, 9, 16, 23])
    func bytesAreSameOnlyWhenEveryByteAndTheCountAgree(count: Int) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 5) }
        bytes.withUnsafeBytes { original in
            let copy = bytes
            copy.withUnsafeBytes { #expect(original.hasSameBytes(as: $0)) }
            #expect(original.hasSameBytes(as: original))
            // A change at every position, in the words and in the tail.
            for position in 0..<count {
                var changed = bytes
                changed[position] ^= 0x80
                changed.withUnsafeBytes { #expect(!original.hasSameBytes(as: $0), "position \(position)") }
            }
            (bytes + [0]).withUnsafeBytes { #expect(!original.hasSameBytes(as: $0)) }
        }
    }

    @Test func asciiIsEveryByteBelow128() {
        for count in 0..<20 {
            let ascii = [UInt8](repeating: 0x7F, count: count)
            ascii.withUnsafeBytes { #expect($0.isASCII) }
            for position in 0..<count {
                var other = ascii
                other[position] = 0x80
                other.withUnsafeBytes { #expect(!$0.isASCII, "count \(count), position \(position)") }
            }
        }
    }
}
