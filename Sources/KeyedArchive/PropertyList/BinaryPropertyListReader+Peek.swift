extension BinaryPropertyListReader.Layout {
    // MARK: Peeks
    //
    // Reads of one object for a skim of many objects of one shape: each makes the checks the
    // parser's read makes and returns `nil` (or `false`) wherever that read would throw or find
    // another kind of object, so the caller hands such an object to the checked reads, whose
    // verdict and error then stand. They spend no budget: the caller counts what the checked
    // reads would spend and spends it at once.

    /// The reference stored at `position`, when below the object count. `position` lies in the
    /// references of a container whose span was checked to lie in the object area.
    @inline(__always)
    func peekReference(at position: Int) -> Int? {
        guard let value = peekWord(at: position, shift: referenceShift),
            value < UInt64(truncatingIfNeeded: objectCount)
        else { return nil }
        return Int(truncatingIfNeeded: value)
    }

    /// The eight bytes at `position` as a big-endian integer shifted right by `shift`, when eight
    /// bytes lie there: at every position of the object area and the offset table, which the
    /// 32-byte trailer follows.
    @inline(__always)
    private func peekWord(at position: Int, shift: UInt64) -> UInt64? {
        guard UInt(bitPattern: position) <= UInt(bitPattern: wordLimit) else { return nil }
        return UInt64(bigEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self)) &>> shift
    }

    /// Where object `index` starts, when `index` is below the object count and its offset lies
    /// inside the object area.
    @inline(__always)
    func peekStart(of index: Int) -> Int? {
        guard UInt(bitPattern: index) < UInt(bitPattern: objectCount),
            // No overflow: the offset table was checked to fit in the file.
            let raw = peekWord(at: offsetTableStart &+ index &* offsetSize, shift: offsetShift),
            raw >= 8, raw < UInt64(truncatingIfNeeded: offsetTableStart)
        else { return nil }
        return Int(truncatingIfNeeded: raw)
    }

    /// The unsigned big-endian integer of `size` bytes (1 to 8) after the marker at `start`,
    /// when they lie inside the object area.
    @inline(__always)
    private func peekPayload(after start: Int, size: Int) -> UInt64? {
        guard size <= 8, start &+ 1 &+ size <= offsetTableStart else { return nil }
        return peekWord(at: start &+ 1, shift: UInt64(truncatingIfNeeded: 64 &- 8 &* size))
    }

    /// The boolean object `index` holds.
    @inline(__always)
    func peekBool(_ index: Int) -> Bool? {
        guard let start = peekStart(of: index) else { return nil }
        switch ObjectMarker(byte: bytes[start]) {
        case .false: return false
        case .true: return true
        default: return nil
        }
    }

    /// The integer of 1, 2, 4 or 8 bytes object `index` holds.
    @inline(__always)
    func peekInteger(_ index: Int) -> Int64? {
        guard let start = peekStart(of: index) else { return nil }
        let marker = ObjectMarker(byte: bytes[start])
        guard marker.is(.integer), marker.low <= 3, let bits = peekPayload(after: start, size: marker.scalarSize)
        else { return nil }
        return Int64(bitPattern: bits)
    }

    /// The real number of 4 or 8 bytes object `index` holds.
    @inline(__always)
    func peekReal(_ index: Int) -> Double? {
        guard let start = peekStart(of: index) else { return nil }
        let marker = ObjectMarker(byte: bytes[start])
        guard marker == .real32 || marker == .real64, let bits = peekPayload(after: start, size: marker.scalarSize)
        else { return nil }
        return marker == .real32
            ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
    }

    /// The UID of at most eight bytes object `index` holds.
    @inline(__always)
    func peekUID(_ index: Int) -> UInt64? {
        guard let start = peekStart(of: index) else { return nil }
        let marker = ObjectMarker(byte: bytes[start])
        guard marker.is(.uid) else { return nil }
        return peekPayload(after: start, size: marker.uidSize)
    }

    /// The bytes of object `index` when it is an ASCII string inside the object area.
    @inline(__always)
    func peekASCII(_ index: Int) -> UnsafeRawBufferPointer? {
        guard let start = peekStart(of: index) else { return nil }
        guard ObjectMarker(byte: bytes[start]).is(.asciiString), let (count, from) = peekHeader(at: start),
            from &+ count <= offsetTableStart
        else { return nil }
        return UnsafeRawBufferPointer(rebasing: bytes[from..<(from &+ count)])
    }

    /// The key references of dictionary object `index`: where they start and how many entries
    /// it has, its keys and values checked to lie inside the object area.
    @inline(__always)
    func peekDictionary(_ index: Int) -> (keysStart: Int, count: Int)? {
        guard let start = peekStart(of: index) else { return nil }
        guard ObjectMarker(byte: bytes[start]).is(.dictionary), let (count, from) = peekHeader(at: start) else {
            return nil
        }
        // `count` is at most the offset table's start and `referenceSize` at most 8: no overflow.
        guard from &+ count &* 2 &* referenceSize <= offsetTableStart else { return nil }
        return (from, count)
    }

    /// The element references of array object `index`: where they start and how many there
    /// are, checked to lie inside the object area.
    @inline(__always)
    func peekArray(_ index: Int) -> (elementsStart: Int, count: Int)? {
        guard let start = peekStart(of: index) else { return nil }
        guard ObjectMarker(byte: bytes[start]).is(.array), let (count, from) = peekHeader(at: start) else {
            return nil
        }
        // `count` is at most the offset table's start and `referenceSize` at most 8: no overflow.
        guard from &+ count &* referenceSize <= offsetTableStart else { return nil }
        return (from, count)
    }

    /// The count of the string or container at `start` and where its contents start, read by
    /// `ObjectMarker.header`.
    @inline(__always)
    private func peekHeader(at start: Int) -> (count: Int, from: Int)? {
        guard let header = ObjectMarker.header(in: bytes, at: start, limit: offsetTableStart) else { return nil }
        return (header.count, header.contents)
    }

    /// Whether two dictionaries of `count` entries, their keys at `first` and `second` (both
    /// checked to lie in the object area), have byte-for-byte the same key references: the same
    /// keys in the same entries. Compared a word at a time, the bytes past the keys masked off
    /// (the offset table and trailer follow the objects, so the words are there).
    @inline(__always)
    func sameKeys(_ first: Int, _ second: Int, count: Int) -> Bool {
        let span = count &* referenceSize
        guard span >= 0 else { return false }
        guard max(first, second) &+ span <= wordLimit else {
            return UnsafeRawBufferPointer(rebasing: bytes[first..<(first &+ span)])
                .hasSameBytes(as: UnsafeRawBufferPointer(rebasing: bytes[second..<(second &+ span)]))
        }
        var offset = 0
        while offset &+ 8 <= span {
            let left = base.loadUnaligned(fromByteOffset: first &+ offset, as: UInt64.self)
            guard left == base.loadUnaligned(fromByteOffset: second &+ offset, as: UInt64.self) else { return false }
            offset &+= 8
        }
        guard offset < span else { return true }
        let mask: UInt64 = (1 &<< UInt64(truncatingIfNeeded: 8 &* (span &- offset))) &- 1
        let left = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: first &+ offset, as: UInt64.self))
        let right = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: second &+ offset, as: UInt64.self))
        return (left ^ right) & mask == 0
    }
}
