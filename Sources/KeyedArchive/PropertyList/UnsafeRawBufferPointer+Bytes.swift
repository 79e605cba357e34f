extension UnsafeRawBufferPointer {
    /// Whether every byte is below 128, tested eight bytes at a time: a high bit anywhere survives
    /// the OR, and most strings of an archive take a few words.
    var isASCII: Bool {
        guard let base = baseAddress else { return true }
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 <= count {
            high |= base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < count {
            high |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self))
            offset += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Whether `other` holds exactly these bytes, compared eight at a time: the strings and key
    /// runs an archive compares take a few words.
    func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        guard let base = baseAddress, let otherBase = other.baseAddress else { return true }
        if base == otherBase { return true }
        var offset = 0
        while offset + 8 <= count {
            let left = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let right = otherBase.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if left != right { return false }
            offset += 8
        }
        while offset < count {
            let left = base.load(fromByteOffset: offset, as: UInt8.self)
            if left != otherBase.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }
}
