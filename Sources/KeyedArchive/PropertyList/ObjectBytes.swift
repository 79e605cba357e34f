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
        precondition(width >= 0 && width <= end - position, "binary property list object miscounted")
        Self.store(bigEndian: value, width: width, at: UnsafeMutableRawPointer(base + position))
        position += width
    }

    /// Stores the low `width` bytes of `value` at `target`, most significant first, unchecked:
    /// the caller has made room for them.
    @inline(__always)
    static func store(bigEndian value: UInt64, width: Int, at target: UnsafeMutableRawPointer) {
        switch width {
        case 1: target.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
        case 2: target.storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
        case 4: target.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
        case 8: target.storeBytes(of: value.bigEndian, as: UInt64.self)
        default:
            for index in 0..<width {
                target.storeBytes(
                    of: UInt8(truncatingIfNeeded: value >> UInt64(8 * (width - 1 - index))), toByteOffset: index,
                    as: UInt8.self)
            }
        }
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

    /// A marker with `count` in its low nibble, or 0xF and an integer object
    /// (`PropertyListBuilder.storeMarker`).
    mutating func storeMarker(_ marker: UInt8, count: Int) {
        let size = PropertyListBuilder.markerSize(count: count)
        precondition(size <= end - position, "binary property list object miscounted")
        PropertyListBuilder.storeMarker(marker, count: count, at: base + position)
        position += size
    }

}
