/// Reads binary property lists (`bplist00`) the way CoreFoundation lays them out.
///
/// Every offset, count, width and reference is checked against the file before use;
/// containers are expanded depth-first with a depth limit, a cycle check and a budget
/// of values proportional to the file size, so no input can trap, hang or blow up memory.
public enum BinaryPropertyListReader {
    /// The eight bytes every binary property list starts with.
    static let magic: [UInt8] = Array("bplist00".utf8)

    /// Whether `bytes` start like a binary property list.
    public static func isBinaryPropertyList(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && bytes[0..<8].elementsEqual(magic)
    }

    /// Decodes the whole tree below the top object.
    public static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
        do {
            return try bytes.withUnsafeBytes { raw in
                var parser = try Parser(raw)
                return try parser.value(at: parser.layout.topObject, depth: 0)
            }
        } catch let error as PropertyListError {
            throw error
        } catch {
            throw .unknownFormat
        }
    }
}

extension BinaryPropertyListReader {
    /// The checked header and trailer of one file, and bounds-checked reads of its object table.
    ///
    /// A trivial value (a pointer and integers), so copying it costs nothing.
    struct Layout {
        let bytes: UnsafeRawBufferPointer
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let topObject: Int
        let offsetTableStart: Int
        /// The first byte: `bytes` always has some.
        let base: UnsafeRawPointer
        /// The last position an eight-byte load may start at.
        let wordLimit: Int
        /// How far to shift an eight-byte big-endian load to leave one offset, or one reference.
        let offsetShift: UInt64
        let referenceShift: UInt64

        init(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) {
            self.bytes = bytes
            guard bytes.count >= 8 + 32, let base = bytes.baseAddress else { throw .truncated }
            self.base = base
            wordLimit = bytes.count - 8
            for (index, byte) in BinaryPropertyListReader.magic.enumerated() where bytes[index] != byte {
                throw .unknownFormat
            }
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
            let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
            let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
            guard (1...8).contains(offsetSize) else { throw .invalidTrailer("offset size \(offsetSize)") }
            guard (1...8).contains(referenceSize) else {
                throw .invalidTrailer("reference size \(referenceSize)")
            }
            guard count >= 1, count <= UInt64(trailer) else { throw .invalidTrailer("object count \(count)") }
            guard top < count else { throw .invalidTrailer("top object \(top) of \(count)") }
            guard table >= 9, table < UInt64(trailer) else { throw .invalidTrailer("offset table at \(table)") }
            objectCount = Int(count)
            topObject = Int(top)
            offsetTableStart = Int(table)
            offsetShift = UInt64(64 - 8 * offsetSize)
            referenceShift = UInt64(64 - 8 * referenceSize)
            let (tableBytes, overflow) = objectCount.multipliedReportingOverflow(by: offsetSize)
            guard !overflow, offsetTableStart + tableBytes <= trailer else {
                throw .invalidTrailer("offset table runs past the trailer")
            }
        }

        /// Reads an unsigned big-endian integer of `size` bytes at `offset` (the low 64 bits when
        /// `size` is above 8).
        @inline(__always)
        static func bigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int) -> UInt64 {
            // One load when eight bytes are there: reads in the object area or the offset table
            // always have them, since the 32-byte trailer follows.
            if size > 0, size <= 8, offset + 8 <= bytes.count, let base = bytes.baseAddress {
                let word = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                return word &>> UInt64(64 - 8 * size)
            }
            var value: UInt64 = 0
            for index in offset..<(offset + size) {
                value = value << 8 | UInt64(bytes[index])
            }
            return value
        }

        /// The unsigned big-endian integer of `size` bytes (1...8) at `position`, `shift` being
        /// 64 minus its bits: one load and a shift. Positions in the object area and the offset
        /// table always have eight bytes after them (the 32-byte trailer follows); others take the loop.
        @inline(__always)
        private func word(at position: Int, size: Int, shift: UInt64) -> UInt64 {
            guard position <= wordLimit else { return Self.bigEndian(bytes, at: position, size: size) }
            return UInt64(bigEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self)) &>> shift
        }

        /// The file offset of object `index` (below `objectCount`), checked to lie inside the object area.
        @inline(__always)
        func offset(of index: Int) throws(PropertyListError) -> Int {
            // No overflow: index < objectCount, and the offset table was checked to fit in the file.
            let raw = word(at: offsetTableStart &+ index &* offsetSize, size: offsetSize, shift: offsetShift)
            guard raw >= 8, raw < UInt64(offsetTableStart) else { throw Self.badOffset(raw, index: index) }
            return Int(raw)
        }

        /// The error for an offset outside the object area, built out of line to keep reads small.
        @inline(never)
        static func badOffset(_ raw: UInt64, index: Int) -> PropertyListError {
            .invalidObject(index: index, reason: "offset \(raw) outside the object area")
        }

        /// The header of object `index`, which starts at `start` (inside the object area): its
        /// marker, its count and where its contents start (`ObjectMarker.header`).
        @inline(__always)
        func header(at start: Int, index: Int) throws(PropertyListError) -> ObjectHeader {
            try ObjectMarker.header(in: bytes, at: start, limit: offsetTableStart, index: index)
        }

        /// Checks that `count` units of `unit` bytes from `start` lie inside the object area.
        @inline(__always)
        func checkSpan(start: Int, count: Int, unit: Int, index: Int) throws(PropertyListError) {
            let (size, overflow) = count.multipliedReportingOverflow(by: unit)
            guard !overflow, start + size <= offsetTableStart else { throw Self.spanOutside(index: index) }
        }

        /// The error for contents running past the object area, built out of line.
        @inline(never)
        static func spanOutside(index: Int) -> PropertyListError {
            .invalidObject(index: index, reason: "contents run past the object area")
        }

        /// Reads the object reference at `position`, checked against the object count.
        @inline(__always)
        func reference(at position: Int, index: Int) throws(PropertyListError) -> Int {
            let value = word(at: position, size: referenceSize, shift: referenceShift)
            guard value < UInt64(objectCount) else { throw badReference(value, index: index) }
            return Int(value)
        }

        /// The `count` references stored from `position` on (a span already checked to lie in the
        /// file) of container `index`, as `reference(at:index:)` reads them one at a time, with the
        /// same error for the first one past the last object: one tight pass (the `$objects` of a
        /// file of 10,000 items holds 40,000), and the checked reads only to find that error.
        func references(from position: Int, count: Int, index: Int) throws(PropertyListError) -> [Int] {
            var largest: UInt64 = 0
            let references = [Int](unsafeUninitializedCapacity: count) { buffer, initialized in
                guard let base = bytes.baseAddress else { return }
                var at = position
                for element in 0..<count {
                    // The span lies in the object area, which the offset table and the 32-byte
                    // trailer follow: eight bytes can be loaded at every position in it.
                    let value =
                        UInt64(bigEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &>> referenceShift
                    largest = max(largest, value)
                    buffer[element] = Int(truncatingIfNeeded: value)
                    at &+= referenceSize
                }
                initialized = count
            }
            if largest >= UInt64(objectCount) {
                var at = position
                for _ in 0..<count {
                    _ = try reference(at: at, index: index)
                    at &+= referenceSize
                }
            }
            return references
        }

        /// The UIDs of the `count` objects whose references are stored from `position` on (a span
        /// already checked to lie in the file), or `nil` when one of those references, offsets or
        /// objects is anything but a well-formed UID: reading them one at a time then finds what
        /// to report. One tight pass over an `Items` array, where the checked reads of each
        /// element cost about 90 instructions.
        func uids(from position: Int, count: Int) -> [UInt64]? {
            var wellFormed = false
            let uids = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
                guard let base = bytes.baseAddress else { return }
                var at = position
                for element in 0..<count {
                    // Eight bytes can be loaded at every position of the object area and of the
                    // offset table: the 32-byte trailer follows them.
                    let child =
                        UInt64(bigEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &>> referenceShift
                    at &+= referenceSize
                    guard child < UInt64(objectCount) else { return }
                    let start =
                        UInt64(
                            bigEndian: base.loadUnaligned(
                                fromByteOffset: offsetTableStart &+ Int(child) &* offsetSize, as: UInt64.self))
                        &>> offsetShift
                    guard start >= 8, start < UInt64(offsetTableStart) else { return }
                    let marker = ObjectMarker(byte: bytes[Int(start)])
                    let size = marker.uidSize
                    guard marker.is(.uid), Int(start) &+ 1 &+ size <= offsetTableStart else { return }
                    buffer[element] = Self.bigEndian(bytes, at: Int(start) &+ 1, size: size)
                    initialized = element &+ 1
                }
                wellFormed = true
            }
            return wellFormed ? uids : nil
        }

        /// The error for a reference past the last object, built out of line.
        @inline(never)
        func badReference(_ value: UInt64, index: Int) -> PropertyListError {
            .invalidObject(index: index, reason: "reference \(value) past \(objectCount) objects")
        }
    }

    /// The decoding state for one file: its layout, plus caches and limits for building trees.
    struct Parser {
        let layout: Layout
        /// Containers being expanded right now, to detect cycles: innermost last, at most
        /// `PropertyListLimits.maximumDepth`, searched in turn.
        var inProgress: [Int] = []
        /// Strings already decoded, by object index (keys repeat across dictionaries).
        var strings: StringCache
        /// How many more values may be produced before the tree is declared too large.
        var budget: Int

        /// Checks the header and trailer of `bytes`; `denseStrings` chooses the string cache's policy.
        init(_ bytes: UnsafeRawBufferPointer, denseStrings: Bool = true) throws(PropertyListError) {
            layout = try Layout(bytes)
            strings = StringCache(objectCount: layout.objectCount, dense: denseStrings)
            budget = 4 * bytes.count + 64
        }

        mutating func spend(_ amount: Int) throws(PropertyListError) {
            budget -= amount
            guard budget >= 0 else { throw .tooLarge("shared containers expand beyond the file size") }
        }

        /// Decodes the ASCII or UTF-16 string object `index`, whose header is `header`, and keeps
        /// it in `strings`.
        mutating func string(_ header: ObjectHeader, index: Int) throws(PropertyListError) -> String {
            let isASCII = header.marker.is(.asciiString)
            let (count, from) = (header.count, header.contents)
            try layout.checkSpan(start: from, count: count, unit: isASCII ? 1 : 2, index: index)
            let string: String
            if isASCII {
                guard let ascii = BinaryStringDecoding.ascii(layout.bytes, from: from, count: count) else {
                    throw .invalidObject(index: index, reason: "ASCII string holds a byte above 127")
                }
                string = ascii
            } else {
                string = BinaryStringDecoding.utf16BigEndian(layout.bytes, from: from, count: count)
            }
            strings.keep(string, at: index, length: count)
            return string
        }

        /// Decodes object `index` and everything below it.
        mutating func value(at index: Int, depth: Int) throws(PropertyListError) -> PropertyList {
            guard depth <= PropertyListLimits.maximumDepth else {
                throw .tooDeep(limit: PropertyListLimits.maximumDepth)
            }
            try spend(1)
            if let cached = strings.string(at: index) { return .string(cached) }
            let start = try layout.offset(of: index)
            let header = try layout.header(at: start, index: index)
            let marker = header.marker
            let low = marker.low
            switch marker.kind {
            case .singleton:
                switch marker {
                case .false: return .bool(false)
                case .true: return .bool(true)
                default: throw .invalidObject(index: index, reason: "unsupported marker 0x\(hex(marker.byte))")
                }
            case .integer:
                return try integer(low: low, at: start + 1, index: index)
            case .real:
                guard marker == .real32 || marker == .real64 else {
                    throw .invalidObject(index: index, reason: "real of \(marker.scalarSize) bytes")
                }
                let size = marker.scalarSize
                try layout.checkSpan(start: start + 1, count: size, unit: 1, index: index)
                let bits = Layout.bigEndian(layout.bytes, at: start + 1, size: size)
                return .real(
                    size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits))
            case .date:
                guard marker == .date else {
                    throw .invalidObject(index: index, reason: "date marker 0x\(hex(marker.byte))")
                }
                try layout.checkSpan(start: start + 1, count: 8, unit: 1, index: index)
                return .date(Double(bitPattern: Layout.bigEndian(layout.bytes, at: start + 1, size: 8)))
            case .data:
                let (count, from) = (header.count, header.contents)
                try layout.checkSpan(start: from, count: count, unit: 1, index: index)
                return .data(Array(layout.bytes[from..<(from + count)]))
            case .asciiString, .utf16String:
                return .string(try string(header, index: index))
            case .uid:
                let size = marker.uidSize
                try layout.checkSpan(start: start + 1, count: size, unit: 1, index: index)
                return .uid(Layout.bigEndian(layout.bytes, at: start + 1, size: size))
            case .array, .set:
                return try array(header, index: index, depth: depth)
            case .dictionary:
                return try dictionary(header, index: index, depth: depth)
            default:
                throw .invalidObject(index: index, reason: "unsupported marker 0x\(hex(marker.byte))")
            }
        }

        /// The integer object `index` whose value starts at `position`, its marker's low bits `low`.
        func integer(low: UInt8, at position: Int, index: Int) throws(PropertyListError) -> PropertyList {
            switch low {
            case 0, 1, 2:
                let size = 1 << Int(low)
                try layout.checkSpan(start: position, count: size, unit: 1, index: index)
                return .integer(Int64(Layout.bigEndian(layout.bytes, at: position, size: size)))
            case 3:
                try layout.checkSpan(start: position, count: 8, unit: 1, index: index)
                return .integer(Int64(bitPattern: Layout.bigEndian(layout.bytes, at: position, size: 8)))
            case 4:
                try layout.checkSpan(start: position, count: 16, unit: 1, index: index)
                let high = Layout.bigEndian(layout.bytes, at: position, size: 8)
                let low = Layout.bigEndian(layout.bytes, at: position + 8, size: 8)
                if high == 0 {
                    return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low)
                }
                if high == UInt64.max, low > UInt64(Int64.max) {
                    return .integer(Int64(bitPattern: low))
                }
                throw .invalidObject(index: index, reason: "integer wider than 64 bits")
            default:
                throw .invalidObject(index: index, reason: "integer of \(1 << Int(low)) bytes")
            }
        }

        mutating func array(
            _ header: ObjectHeader, index: Int, depth: Int
        ) throws(PropertyListError)
            -> PropertyList
        {
            let (count, from) = (header.count, header.contents)
            try layout.checkSpan(start: from, count: count, unit: layout.referenceSize, index: index)
            guard !inProgress.contains(index) else { throw .cyclicReference(index: index) }
            inProgress.append(index)
            defer { _ = inProgress.popLast() }
            var elements = [PropertyList]()
            elements.reserveCapacity(count)
            for element in 0..<count {
                let child = try layout.reference(at: from + element * layout.referenceSize, index: index)
                elements.append(try value(at: child, depth: depth + 1))
            }
            return .array(elements)
        }

        mutating func dictionary(
            _ header: ObjectHeader, index: Int, depth: Int
        ) throws(PropertyListError)
            -> PropertyList
        {
            let (count, from) = (header.count, header.contents)
            try layout.checkSpan(start: from, count: count, unit: 2 * layout.referenceSize, index: index)
            guard !inProgress.contains(index) else { throw .cyclicReference(index: index) }
            inProgress.append(index)
            defer { _ = inProgress.popLast() }
            var result = PropertyListDictionary(minimumCapacity: count)
            let valuesStart = from + count * layout.referenceSize
            let hashKeys = count > 8
            var seen = Set<ExactString>(minimumCapacity: hashKeys ? count : 0)
            for entry in 0..<count {
                let keyIndex = try layout.reference(at: from + entry * layout.referenceSize, index: index)
                guard case .string(let key) = try value(at: keyIndex, depth: depth + 1) else {
                    throw .invalidObject(index: index, reason: "dictionary key \(entry) is not a string")
                }
                let valueIndex = try layout.reference(at: valuesStart + entry * layout.referenceSize, index: index)
                let item = try value(at: valueIndex, depth: depth + 1)
                let repeated = hashKeys ? !seen.insert(ExactString(key)).inserted : result[key] != nil
                if repeated {
                    result[key] = item
                } else {
                    result.appendUnchecked(key: key, value: item)
                }
            }
            return .dictionary(result)
        }

        func hex(_ byte: UInt8) -> String {
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }
    }
}
