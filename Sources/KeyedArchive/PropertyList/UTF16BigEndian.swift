/// Transcodes a Swift string's UTF-8 bytes to UTF-16 big-endian, the form binary property lists
/// store non-ASCII strings in.
///
/// Works on the bytes directly: iterating `String.utf16` cost several times more per unit.
/// The input is always valid UTF-8, as every Swift string's bytes are.
enum UTF16BigEndian {
    /// The number of UTF-16 code units for `utf8`: one per scalar, two for scalars above U+FFFF.
    ///
    /// Eight bytes at a time: the units are the bytes less the continuation bytes (`10xxxxxx`),
    /// plus one per four-byte lead (`11110xxx`), both counted with bit masks; the byte loop cost
    /// about as much as transcoding.
    static func unitCount(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var count = utf8.count
        var offset = 0
        if let base = utf8.baseAddress {
            let raw = UnsafeRawPointer(base)
            let high: UInt64 = 0x8080_8080_8080_8080
            while offset + 8 <= utf8.count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                // Bit 7 of each byte: set with bit 6 clear (continuation), or with bits 6 to 4 set (four-byte lead).
                let continuations = word & ~(word << 1) & high
                let fourByteLeads = word & (word << 1) & (word << 2) & (word << 3) & high
                count += fourByteLeads.nonzeroBitCount - continuations.nonzeroBitCount
                offset += 8
            }
        }
        for byte in utf8[offset...] {
            if byte & 0xC0 == 0x80 { count -= 1 }
            if byte >= 0xF0 { count += 1 }
        }
        return count
    }

    /// Stores the `unitCount(utf8)` code units of `utf8`, each most significant byte first.
    ///
    /// One room check per scalar and plain stores: storing each unit through `ObjectBytes` (a
    /// precondition and a width switch per unit) cost twice as much.
    static func store(_ utf8: UnsafeBufferPointer<UInt8>, into object: inout ObjectBytes) {
        let target = UnsafeMutableRawPointer(object.base)
        var position = object.position
        let end = object.end
        var index = 0
        while index < utf8.count {
            let lead = UInt32(utf8[index])
            // ASCII first: the non-ASCII strings of an archive are mostly ASCII with an accent or two.
            if lead < 0x80 {
                guard end - position >= 2 else { break }
                target.storeBytes(
                    of: UInt16(truncatingIfNeeded: lead).bigEndian, toByteOffset: position, as: UInt16.self)
                position += 2
                index += 1
                continue
            }
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            // Valid UTF-8 never ends inside a scalar; stopping short trips the caller's size check.
            guard index + length <= utf8.count else { break }
            var scalar = lead & (0x7F >> UInt32(length))
            for offset in 1..<length { scalar = scalar << 6 | UInt32(utf8[index + offset] & 0x3F) }
            index += length
            if scalar < 0x1_0000 {
                guard end - position >= 2 else { break }
                target.storeBytes(
                    of: UInt16(truncatingIfNeeded: scalar).bigEndian, toByteOffset: position, as: UInt16.self)
                position += 2
            } else {
                guard end - position >= 4 else { break }
                let bits = scalar - 0x1_0000
                let pair = (0xD800 + (bits >> 10)) << 16 | (0xDC00 + (bits & 0x3FF))
                target.storeBytes(of: pair.bigEndian, toByteOffset: position, as: UInt32.self)
                position += 4
            }
        }
        object.position = position
    }
}
