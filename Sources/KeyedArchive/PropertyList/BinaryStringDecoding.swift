/// Turns the string objects of a binary property list into `String`s in one pass and one allocation.
///
/// Callers have checked that the bytes read lie inside the buffer; these functions only transcode.
enum BinaryStringDecoding {
    /// The ASCII string of `count` bytes at `from`, or `nil` when a byte is above 127.
    static func ascii(_ bytes: UnsafeRawBufferPointer, from: Int, count: Int) -> String? {
        guard count > 0 else { return "" }
        guard let base = bytes.baseAddress else { return nil }
        let start = base + from
        guard UnsafeRawBufferPointer(start: start, count: count).isASCII else { return nil }
        return String(unsafeUninitializedCapacity: count) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(start: start, count: count))
            return count
        }
    }

    /// Decodes `count` UTF-16BE code units at `from`, transcoding straight into the string's
    /// storage; a lone surrogate becomes U+FFFD, as `String(decoding:as:)` would make it.
    static func utf16BigEndian(_ bytes: UnsafeRawBufferPointer, from: Int, count: Int) -> String {
        guard count > 0, let base = bytes.baseAddress else { return "" }
        let start = base + from
        // Three bytes of UTF-8 per unit at most: a surrogate pair takes four for its two units.
        return String(unsafeUninitializedCapacity: 3 * count) { utf8 in
            var written = 0
            var unit = 0
            while unit < count {
                var scalar = UInt32(start.load(fromByteOffset: 2 * unit, as: UInt8.self)) << 8
                scalar |= UInt32(start.load(fromByteOffset: 2 * unit + 1, as: UInt8.self))
                unit += 1
                if scalar < 0x80 {
                    utf8[written] = UInt8(truncatingIfNeeded: scalar)
                    written += 1
                    continue
                }
                if scalar & 0xFC00 == 0xD800, unit < count {
                    var low = UInt32(start.load(fromByteOffset: 2 * unit, as: UInt8.self)) << 8
                    low |= UInt32(start.load(fromByteOffset: 2 * unit + 1, as: UInt8.self))
                    if low & 0xFC00 == 0xDC00 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        unit += 1
                    }
                }
                if (0xD800..<0xE000).contains(scalar) { scalar = 0xFFFD }
                written = encode(scalar, into: utf8, at: written)
            }
            return written
        }
    }

    /// Writes the UTF-8 form of a non-ASCII `scalar` at `position`; returns the position after it.
    private static func encode(_ scalar: UInt32, into utf8: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int
    {
        switch scalar {
        case 0..<0x800:
            utf8[position] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
            utf8[position + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return position + 2
        case 0x800..<0x10000:
            utf8[position] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
            utf8[position + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
            utf8[position + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return position + 3
        default:
            utf8[position] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
            utf8[position + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
            utf8[position + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
            utf8[position + 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return position + 4
        }
    }
}
