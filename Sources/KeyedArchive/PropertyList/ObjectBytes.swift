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

    /// Stores `elements` as references of `width` bytes each (1, 2, 4 or 8).
    ///
    /// One bounds check and one width switch for the lot: containers are most of an archive's bytes.
    mutating func store(references elements: UnsafeBufferPointer<Int>, width: Int) {
        precondition(elements.count * width <= end - position, "binary property list object miscounted")
        let target = UnsafeMutableRawPointer(base + position)
        switch width {
        case 1: Self.store(elements, at: target, as: UInt8.self)
        case 2: Self.store(elements, at: target, as: UInt16.self)
        case 4: Self.store(elements, at: target, as: UInt32.self)
        default: Self.store(elements, at: target, as: UInt64.self)
        }
        position += elements.count * width
    }

    /// Stores each of `elements` as a big-endian `Width` from `target` on.
    @inline(__always)
    private static func store<Width: FixedWidthInteger>(
        _ elements: UnsafeBufferPointer<Int>, at target: UnsafeMutableRawPointer, as _: Width.Type
    ) {
        for (index, element) in elements.enumerated() {
            target.storeBytes(
                of: Width(truncatingIfNeeded: element).bigEndian, toByteOffset: index &* MemoryLayout<Width>.size,
                as: Width.self)
        }
    }

    /// The marker of a `kind` object of `count` elements, and its long count when it has one
    /// (`PropertyListBuilder.storeMarker`).
    mutating func storeMarker(_ kind: ObjectMarker.Kind, count: Int) {
        let size = PropertyListBuilder.markerSize(count: count)
        precondition(size <= end - position, "binary property list object miscounted")
        PropertyListBuilder.storeMarker(kind, count: count, at: base + position)
        position += size
    }

}
