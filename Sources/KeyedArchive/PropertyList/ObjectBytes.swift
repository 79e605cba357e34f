/// Stores one object's bytes into room reserved for it; every store is checked against the room's end.
struct ObjectBytes {
    let base: UnsafeMutablePointer<UInt8>
    var position: Int
    let end: Int

    @inline(__always)
    mutating func store(_ byte: UInt8) {
        precondition(position < end, "binary property list object miscounted")
        base[position] = byte
        position += 1
    }

    mutating func store(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= end - position, "binary property list object miscounted")
        if let source = bytes.baseAddress { (base + position).update(from: source, count: bytes.count) }
        position += bytes.count
    }

    /// Stores the low `width` bytes of `value`, most significant first.
    @inline(__always)
    mutating func store(bigEndian value: UInt64, width: Int) {
        precondition(width <= end - position, "binary property list object miscounted")
        let target = UnsafeMutableRawPointer(base + position)
        switch width {
        case 1: target.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
        case 2: target.storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
        case 4: target.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
        case 8: target.storeBytes(of: value.bigEndian, as: UInt64.self)
        default:
            for index in 0..<width {
                base[position + index] = UInt8(truncatingIfNeeded: value >> UInt64(8 * (width - 1 - index)))
            }
        }
        position += width
    }

    /// Stores `count` references, `elements[from]`, `elements[from + stride]`…, each `width` bytes.
    ///
    /// One bounds check and one width switch for the lot: containers are most of an archive's bytes.
    mutating func store(
        references elements: UnsafeBufferPointer<Int>,
        from first: Int,
        stride: Int,
        count: Int,
        width: Int
    ) {
        guard count > 0 else { return }
        precondition(count * width <= end - position, "binary property list object miscounted")
        precondition(first >= 0 && first + (count - 1) * stride < elements.count, "reference out of the pairs")
        let target = UnsafeMutableRawPointer(base + position)
        switch width {
        case 1:
            for index in 0..<count {
                target.storeBytes(
                    of: UInt8(truncatingIfNeeded: elements[first + index * stride]), toByteOffset: index, as: UInt8.self
                )
            }
        case 2:
            for index in 0..<count {
                target.storeBytes(
                    of: UInt16(truncatingIfNeeded: elements[first + index * stride]).bigEndian,
                    toByteOffset: 2 * index, as: UInt16.self)
            }
        case 4:
            for index in 0..<count {
                target.storeBytes(
                    of: UInt32(truncatingIfNeeded: elements[first + index * stride]).bigEndian,
                    toByteOffset: 4 * index, as: UInt32.self)
            }
        default:
            for index in 0..<count {
                target.storeBytes(
                    of: UInt64(truncatingIfNeeded: elements[first + index * stride]).bigEndian,
                    toByteOffset: 8 * index, as: UInt64.self)
            }
        }
        position += count * width
    }

    /// A marker with `count` in its low nibble, or 0xF and an integer object.
    mutating func storeMarker(_ marker: UInt8, count: Int) {
        if count < 15 {
            store(marker | UInt8(count))
            return
        }
        store(marker | 0x0F)
        storeInteger(Int64(count))
    }

    /// An integer object in the fewest bytes: 1, 2, 4 or 8, and 8 for every negative value.
    mutating func storeInteger(_ integer: Int64) {
        if integer < 0 {
            store(0x13)
            store(bigEndian: UInt64(bitPattern: integer), width: 8)
            return
        }
        let width = PropertyListBuilder.byteWidth(UInt64(integer))
        store(0x10 | UInt8(width.trailingZeroBitCount))
        store(bigEndian: UInt64(integer), width: width)
    }
}
