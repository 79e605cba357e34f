/// The binary property list a `BinaryPropertyListWriter` or an archive encoder is building.
///
/// Each object's bytes go straight into the file, in reference order, and containers store their
/// references at the width the object count needs so far; the rare change of width rewrites the
/// references already stored. Strings, UIDs, booleans and integers below 256 are stored once per
/// distinct value. A class over noncopyable buffers, so that adding an object costs no
/// copy-on-write check per store: archives add hundreds of thousands.
final class PropertyListBuilder {
    /// The file so far: the header, then every object.
    private var bytes: RawBuffer<UInt8>
    /// Where each object starts in `bytes`, by reference; one object ends where the next starts.
    private var offsets: RawBuffer<Int>
    /// The width of the references stored in containers so far (1, 2, 4 or 8 bytes).
    private var referenceWidth: Int {
        didSet { referenceLimit = Self.referenceLimit(width: referenceWidth) }
    }
    /// The most objects whose references fit in `referenceWidth` bytes: containers compare the
    /// count with it rather than work out the width the count needs (a call per container).
    private var referenceLimit: Int
    /// How many times the stored references were rewritten at another width: bytes read out
    /// before a rewrite are stale after it.
    private(set) var rewriteCount = 0
    private var strings: [ExactString: Int] = [:]
    /// References of the integers 0 to 255, which archives use most (-1 where none yet).
    private var smallIntegers = RawBuffer<Int>(capacity: 256)
    /// References of the UIDs added so far, indexed by UID (-1 where none): archives number their
    /// objects densely from 0, so a table serves them without hashing.
    private var uidTable: RawBuffer<Int>
    /// References of UIDs too large for `uidTable` (only arbitrary trees have them).
    private var uids: [UInt64: Int] = [:]
    private var booleans: (false: Int?, true: Int?) = (nil, nil)
    /// The reference of the first object added: 0, or the object count of the file an
    /// `ArchiveEditor` appends to (its new objects follow the carried ones).
    private let referenceBase: Int

    private static let magic = BinaryPropertyListReader.magic

    /// Creates a builder with room for about `objects` objects and `bytes` bytes of file.
    ///
    /// The estimate also picks the width references start with: a close one spares rewriting
    /// them when the object count crosses 256 or 65,536.
    init(reservingObjects objects: Int, bytes byteCount: Int) {
        bytes = RawBuffer(capacity: max(byteCount, 64) + Self.magic.count)
        offsets = RawBuffer(capacity: objects)
        // Grown as UIDs come: the archive encoder writes its UID objects with `add(uniqueUID:)`.
        uidTable = RawBuffer(capacity: 16)
        referenceWidth = Self.byteWidth(UInt64(max(objects, 0)))
        referenceLimit = Self.referenceLimit(width: referenceWidth)
        referenceBase = 0
        smallIntegers.append(repeating: -1, count: 256)
        let header = bytes.extend(by: Self.magic.count)
        for (index, byte) in Self.magic.enumerated() { header[index] = byte }
    }

    /// Creates a builder of objects that follow the `carriedObjects` objects of an existing file,
    /// whose containers store references `referenceWidth` bytes wide: the first object added gets
    /// reference `carriedObjects`, and the bytes (no header) are those that follow the file's.
    ///
    /// The width never changes, as the carried containers cannot be rewritten: references that
    /// outgrow it are stored truncated, and the caller, which knows the final object count, must
    /// not use the bytes then (`ArchiveEditor.finish()` returns nil).
    init(appendingTo carriedObjects: Int, referenceWidth width: Int) {
        bytes = RawBuffer(capacity: 4096)
        offsets = RawBuffer(capacity: 256)
        uidTable = RawBuffer(capacity: 16)
        referenceWidth = width
        referenceLimit = .max
        referenceBase = carriedObjects
        smallIntegers.append(repeating: -1, count: 256)
    }

    private init(copying other: PropertyListBuilder) {
        bytes = other.bytes.copy()
        offsets = other.offsets.copy()
        referenceWidth = other.referenceWidth
        referenceLimit = other.referenceLimit
        rewriteCount = other.rewriteCount
        strings = other.strings
        smallIntegers = other.smallIntegers.copy()
        uidTable = other.uidTable.copy()
        uids = other.uids
        booleans = other.booleans
        referenceBase = other.referenceBase
    }

    /// A second builder holding the same objects, for copy-on-write.
    func copy() -> PropertyListBuilder {
        PropertyListBuilder(copying: self)
    }

    /// The number of objects added so far (with the carried ones, when appending to a file).
    var objectCount: Int { referenceBase &+ offsets.count }

    /// Stores an object of exactly `size` bytes, written by `store`, and returns its reference.
    ///
    /// Always inlined, so each caller's `store` is compiled into it rather than called through a context.
    @inline(__always)
    private func appendObject(size: Int, _ store: (inout ObjectBytes) -> Void) -> Int {
        offsets.append(bytes.count)
        var object = ObjectBytes(base: bytes.extend(by: size), position: 0, end: size)
        store(&object)
        precondition(object.position == object.end, "binary property list object miscounted")
        return referenceBase &+ offsets.count &- 1
    }

    /// Adds a string (ASCII when every character is below 128, else UTF-16BE), once per value.
    func add(string: String) -> Int {
        if let existing = strings[ExactString(string)] { return existing }
        var bytes = string
        let reference = bytes.withUTF8 { utf8 in
            add(distinctUTF8: utf8, isASCII: UnsafeRawBufferPointer(utf8).isASCII)
        }
        strings[ExactString(string)] = reference
        return reference
    }

    /// Adds the string of UTF-8 bytes `utf8`, which the caller knows to be distinct from every
    /// string added before (the archive encoder keeps its own table of strings); `isASCII` says
    /// whether every byte is below 128.
    func add(distinctUTF8 utf8: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Int {
        if isASCII {
            let count = utf8.count
            let header = Self.markerSize(count: count)
            offsets.append(bytes.count)
            let object = bytes.extend(by: header + count)
            Self.storeMarker(.asciiString, count: count, at: object)
            // A direct memcpy: `update(from:count:)` went through a stdlib call before reaching it.
            if let source = utf8.baseAddress {
                UnsafeMutableRawPointer(object + header).copyMemory(from: source, byteCount: count)
            }
            return referenceBase &+ offsets.count &- 1
        }
        let units = UTF16BigEndian.unitCount(utf8)
        return appendObject(size: Self.markerSize(count: units) + 2 * units) { object in
            object.storeMarker(.utf16String, count: units)
            UTF16BigEndian.store(utf8, into: &object)
        }
    }

    /// Adds a signed integer in the fewest bytes CoreFoundation would use, once per value below 256.
    func add(integer: Int64) -> Int {
        if integer >= 0, integer < 256 {
            let known = smallIntegers[Int(integer)]
            if known >= 0 { return known }
            let reference = appendInteger(integer)
            smallIntegers[Int(integer)] = reference
            return reference
        }
        // Larger integers (item IDs) are mostly distinct: store each where it is used.
        return appendInteger(integer)
    }

    private func appendInteger(_ integer: Int64) -> Int {
        let encoding = Self.integerEncoding(integer)
        return appendScalar(marker: encoding.marker, bigEndian: encoding.value, width: encoding.width)
    }

    /// Stores an object of one marker byte and the low `width` bytes (1, 2, 4 or 8) of `value`,
    /// most significant first, and returns its reference: UIDs, integers, reals and dates.
    ///
    /// Plain stores into room of exactly that size: through `appendObject`, each of these small
    /// objects cost about 60 instructions of checks and width switches (callgrind), and archives
    /// write three or four per item.
    @inline(__always)
    private func appendScalar(marker: ObjectMarker, bigEndian value: UInt64, width: Int) -> Int {
        offsets.append(bytes.count)
        let object = UnsafeMutableRawPointer(bytes.extend(by: 1 &+ width))
        object.storeBytes(of: marker.byte, as: UInt8.self)
        ObjectBytes.store(bigEndian: value, width: width, at: object + 1)
        return referenceBase &+ offsets.count &- 1
    }

    /// Adds an unsigned integer; values above `Int64.max` take 16 bytes as in CoreFoundation.
    func add(unsignedInteger value: UInt64) -> Int {
        if value <= UInt64(Int64.max) { return add(integer: Int64(value)) }
        return appendObject(size: 17) { object in
            object.store(ObjectMarker(.integer, low: 4).byte)
            object.store(bigEndian: 0, width: 8)
            object.store(bigEndian: value, width: 8)
        }
    }

    /// Adds an 8-byte real. Reals are not shared: archives rarely repeat one, and hashing every
    /// due date cost more than the few bytes sharing would save.
    func add(real: Double) -> Int {
        appendScalar(marker: .real64, bigEndian: real.bitPattern, width: 8)
    }

    /// Adds a date (seconds since 2001-01-01T00:00:00Z), not shared for the same reason as reals.
    func add(date: Double) -> Int {
        appendScalar(marker: .date, bigEndian: date.bitPattern, width: 8)
    }

    /// Adds a boolean; each of the two values is stored once.
    ///
    /// Always inlined, with the first store of each value out of line: archives look up a boolean
    /// three times per item.
    @inline(__always)
    func add(bool: Bool) -> Int {
        if bool, let existing = booleans.true { return existing }
        if !bool, let existing = booleans.false { return existing }
        return appendBool(bool)
    }

    /// Stores the boolean `bool` for the first time.
    @inline(never)
    private func appendBool(_ bool: Bool) -> Int {
        let reference = appendObject(size: 1) { object in
            object.store(bool ? ObjectMarker.true.byte : ObjectMarker.false.byte)
        }
        if bool { booleans.true = reference } else { booleans.false = reference }
        return reference
    }

    /// Adds raw bytes.
    func add(data: [UInt8]) -> Int {
        data.withUnsafeBufferPointer { data in
            appendObject(size: Self.markerSize(count: data.count) + data.count) { object in
                object.storeMarker(.data, count: data.count)
                object.store(data)
            }
        }
    }

    /// Adds a keyed-archive UID in the fewest bytes, once per value.
    func add(uid: UInt64) -> Int {
        // The table grows with the objects added, so a huge UID cannot make it allocate much.
        guard uid <= UInt64(offsets.count) + 1024 else {
            if let existing = uids[uid] { return existing }
            let reference = appendUID(uid)
            uids[uid] = reference
            return reference
        }
        let index = Int(uid)
        if index < uidTable.count {
            let known = uidTable[index]
            if known >= 0 { return known }
        } else {
            uidTable.append(repeating: -1, count: max(index + 1, 2 * uidTable.count) - uidTable.count)
        }
        let reference = appendUID(uid)
        uidTable[index] = reference
        return reference
    }

    /// Adds a keyed-archive UID that the caller never adds again, skipping the table of UIDs:
    /// the archive encoder refers to most of its objects exactly once, and keeps the reference
    /// of the others' UID objects itself.
    func add(uniqueUID uid: UInt64) -> Int {
        appendUID(uid)
    }

    @inline(__always)
    private func appendUID(_ uid: UInt64) -> Int {
        let width = Self.byteWidth(uid)
        return appendScalar(marker: ObjectMarker(.uid, low: UInt8(width - 1)), bigEndian: uid, width: width)
    }

    /// Adds an array of objects added earlier.
    func add(array elements: [Int]) -> Int {
        elements.withUnsafeBufferPointer { addArray(elements: $0) }
    }

    /// Adds a dictionary from interleaved key and value references: key0, value0, key1, value1….
    func add(dictionaryPairs pairs: [Int]) -> Int {
        pairs.withUnsafeBufferPointer { addDictionary(pairs: $0) }
    }

    /// Adds an array of the objects `elements` refers to.
    func addArray(elements: UnsafeBufferPointer<Int>) -> Int {
        if offsets.count > referenceLimit { widenReferencesIfNeeded() }
        let width = referenceWidth
        return appendObject(size: Self.markerSize(count: elements.count) + elements.count * width) { object in
            object.storeMarker(.array, count: elements.count)
            object.store(references: elements, width: width)
        }
    }

    /// Adds a dictionary from the interleaved key and value references `pairs` (key0, value0,
    /// key1, value1…): its keys, then its values.
    ///
    /// Plain stores of exactly the object's size: the archive encoder writes one per object, and
    /// the checked path through `ObjectBytes` cost about 250 instructions per dictionary (a width
    /// switch per reference group, checked arithmetic, a precondition per store).
    func addDictionary(pairs: UnsafeBufferPointer<Int>) -> Int {
        let count = pairs.count / 2
        if offsets.count > referenceLimit { widenReferencesIfNeeded() }
        let width = referenceWidth
        let header = Self.markerSize(count: count)
        offsets.append(bytes.count)
        let object = bytes.extend(by: header &+ 2 &* count &* width)
        Self.storeMarker(.dictionary, count: count, at: object)
        guard let source = pairs.baseAddress else { return referenceBase &+ offsets.count &- 1 }
        let keys = UnsafeMutableRawPointer(object + header)
        switch width {
        case 1: Self.store(pairs: source, count: count, at: keys, as: UInt8.self)
        case 2: Self.store(pairs: source, count: count, at: keys, as: UInt16.self)
        case 4: Self.store(pairs: source, count: count, at: keys, as: UInt32.self)
        default: Self.store(pairs: source, count: count, at: keys, as: UInt64.self)
        }
        return referenceBase &+ offsets.count &- 1
    }

    /// Stores the `count` keys of the interleaved `pairs`, then their `count` values, each as a
    /// big-endian `Width` from `target` on.
    @inline(__always)
    private static func store<Width: FixedWidthInteger>(
        pairs: UnsafePointer<Int>,
        count: Int,
        at target: UnsafeMutableRawPointer,
        as _: Width.Type
    ) {
        let size = MemoryLayout<Width>.size
        let values = target + count &* size
        // `pairs` holds 2 * `count` references and the target room 2 * `count` * `size` bytes.
        for index in 0..<count {
            let key = Width(truncatingIfNeeded: pairs[2 &* index]).bigEndian
            let value = Width(truncatingIfNeeded: pairs[2 &* index &+ 1]).bigEndian
            target.storeBytes(of: key, toByteOffset: index &* size, as: Width.self)
            values.storeBytes(of: value, toByteOffset: index &* size, as: Width.self)
        }
    }

    /// The file with `top` as the top object: the objects, the offset table and the trailer.
    ///
    /// Settling the reference width may rewrite the stored objects, but they stay the same
    /// objects under the same references, so a writer sharing this builder sees no change.
    func finish(top: Int) -> [UInt8] {
        settleReferenceWidth()
        let tableStart = bytes.count
        let size = tableStart + tableSize
        return [UInt8](unsafeUninitializedCapacity: size) { file, initialized in
            guard let base = file.baseAddress else { return }
            base.update(from: bytes.base, count: tableStart)
            storeTable(top: top, into: base, from: tableStart, to: size)
            initialized = size
        }
    }

    /// Appends the offset table and the trailer to the objects, and returns the whole file.
    ///
    /// Unlike `finish(top:)`, which copies the file out, this spares a pass over it, but it is
    /// the builder's last use: nothing can be added afterwards. The bytes stay valid while the
    /// builder lives.
    func finishInPlace(top: Int) -> UnsafeRawBufferPointer {
        settleReferenceWidth()
        let tableStart = bytes.count
        let size = tableStart + tableSize
        storeTable(top: top, into: bytes.extend(by: size - tableStart) - tableStart, from: tableStart, to: size)
        return UnsafeRawBufferPointer(UnsafeBufferPointer(start: bytes.base, count: size))
    }

    /// The number of bytes of objects stored so far.
    var byteCount: Int { bytes.count }

    /// Where each object added starts in `storedBytes(from: 0)`, in reference order from the first
    /// one added; valid until the next object is added.
    var addedOffsets: UnsafeBufferPointer<Int> { offsets.elements }

    /// Whether `add(bool:)` has an object for `value` already.
    func holds(bool value: Bool) -> Bool {
        (value ? booleans.true : booleans.false) != nil
    }

    /// Whether `add(integer:)` has an object for `value` (0 to 255) already.
    func holds(smallInteger value: Int) -> Bool {
        value >= 0 && value < 256 && smallIntegers[value] >= 0
    }

    /// Makes `reference`, an object of the file appended to, the one `add(bool:)` gives for `value`.
    func reuse(bool value: Bool, reference: Int) {
        if value, booleans.true == nil { booleans.true = reference }
        if !value, booleans.false == nil { booleans.false = reference }
    }

    /// Makes `reference`, an object of the file appended to, the one `add(integer:)` gives for
    /// `value` (0 to 255).
    func reuse(smallInteger value: Int, reference: Int) {
        guard value >= 0, value < 256, smallIntegers[value] < 0 else { return }
        smallIntegers[value] = reference
    }

    /// The bytes stored from `start` on, valid until the next object is added.
    func storedBytes(from start: Int) -> UnsafeRawBufferPointer {
        precondition(start >= 0 && start <= bytes.count, "stored bytes out of range")
        return UnsafeRawBufferPointer(UnsafeBufferPointer(start: bytes.base + start, count: bytes.count - start))
    }

    /// Stores the references at the minimal width for the final object count: the width that holds
    /// the count itself, not only the largest reference, as CoreFoundation and swift-foundation
    /// refuse a file of 256 objects with 1-byte references (or 65,536 with 2-byte ones).
    private func settleReferenceWidth() {
        let finalWidth = Self.byteWidth(UInt64(offsets.count))
        if finalWidth != referenceWidth { rewriteReferences(width: finalWidth) }
    }

    /// The size of the offset table and the trailer that follow the objects.
    private var tableSize: Int {
        offsets.count * Self.byteWidth(UInt64(bytes.count)) + 32
    }

    /// Stores the offset table and the trailer into `base`, from `tableStart` (where the objects
    /// end) to `end`.
    private func storeTable(top: Int, into base: UnsafeMutablePointer<UInt8>, from tableStart: Int, to end: Int) {
        let offsetWidth = Self.byteWidth(UInt64(tableStart))
        var table = ObjectBytes(base: base, position: tableStart, end: end)
        for offset in offsets.elements { table.store(bigEndian: UInt64(offset), width: offsetWidth) }
        table.store(bigEndian: 0, width: 6)
        table.store(UInt8(offsetWidth))
        table.store(UInt8(referenceWidth))
        table.store(bigEndian: UInt64(offsets.count), width: 8)
        table.store(bigEndian: UInt64(top), width: 8)
        table.store(bigEndian: UInt64(tableStart), width: 8)
        precondition(table.position == table.end, "binary property list trailer miscounted")
    }

    /// Rewrites the stored references at a wider width once the largest reference outgrows the current one.
    private func widenReferencesIfNeeded() {
        let needed = Self.byteWidth(UInt64(max(offsets.count - 1, 0)))
        if needed > referenceWidth { rewriteReferences(width: needed) }
    }

    /// Stores every object again with container references `width` bytes wide.
    ///
    /// Happens only when the estimate of the object count was off across 256 or 65,536 objects:
    /// one pass over the file so far.
    private func rewriteReferences(width newWidth: Int) {
        let oldWidth = referenceWidth
        var file = RawBuffer<UInt8>(capacity: 2 * bytes.count)
        let header = file.extend(by: Self.magic.count)
        for (index, byte) in Self.magic.enumerated() { header[index] = byte }
        for index in 0..<offsets.count {
            let start = offsets[index]
            let end = index + 1 < offsets.count ? offsets[index + 1] : bytes.count
            offsets[index] = file.count
            let marker = ObjectMarker(byte: bytes[start])
            // The objects written so far are well formed: every container has a header.
            guard marker.is(.array) || marker.is(.dictionary),
                let header = ObjectMarker.header(
                    in: UnsafeRawBufferPointer(start: bytes.base, count: bytes.count), at: start, limit: end)
            else {
                file.extend(by: end - start).update(from: bytes.base + start, count: end - start)
                continue
            }
            let headerSize = header.contents - start
            file.extend(by: headerSize).update(from: bytes.base + start, count: headerSize)
            var position = start + headerSize
            while position < end {
                var reference: UInt64 = 0
                for byte in 0..<oldWidth { reference = reference << 8 | UInt64(bytes[position + byte]) }
                var object = ObjectBytes(base: file.extend(by: newWidth), position: 0, end: newWidth)
                object.store(bigEndian: reference, width: newWidth)
                position += oldWidth
            }
        }
        bytes = file
        referenceWidth = newWidth
        rewriteCount += 1
    }
}

extension PropertyListBuilder {
    /// The number of bytes (1, 2, 4 or 8) CoreFoundation uses for an unsigned value.
    static func byteWidth(_ value: UInt64) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }
        return 8
    }

    /// How CoreFoundation stores `integer` as an object: its marker and its low `width` bytes
    /// (1, 2, 4 or 8, the fewest that hold it; 8 for every negative value), most significant first.
    @inline(__always)
    static func integerEncoding(_ integer: Int64) -> (marker: ObjectMarker, value: UInt64, width: Int) {
        if integer < 0 { return (ObjectMarker(.integer, low: 3), UInt64(bitPattern: integer), 8) }
        let width = byteWidth(UInt64(integer))
        return (
            ObjectMarker(.integer, low: UInt8(truncatingIfNeeded: width.trailingZeroBitCount)), UInt64(integer), width
        )
    }

    /// Stores the `markerSize(count:)` bytes of the marker of a string or container of `count`
    /// elements at `target`: the marker of a `kind` object with the count in its low bits, or with
    /// `ObjectMarker.longCount` and then the count as an integer object.
    ///
    /// Inlined, with plain stores for the counts of item texts (15 to 255: three bytes); through
    /// `ObjectBytes`' checked stores, the marker cost about 50 instructions per string.
    @inline(__always)
    static func storeMarker(_ kind: ObjectMarker.Kind, count: Int, at target: UnsafeMutablePointer<UInt8>) {
        target[0] = ObjectMarker(kind, count: count).byte
        if count < 15 { return }
        let encoding = integerEncoding(Int64(count))
        target[1] = encoding.marker.byte
        ObjectBytes.store(bigEndian: encoding.value, width: encoding.width, at: UnsafeMutableRawPointer(target + 2))
    }

    /// The most objects whose references fit in `width` bytes.
    static func referenceLimit(width: Int) -> Int {
        width >= 8 ? Int.max : 1 << (8 * width)
    }

    /// The bytes `ObjectBytes.storeMarker` takes for `count`.
    static func markerSize(count: Int) -> Int {
        count < 15 ? 1 : 2 + byteWidth(UInt64(count))
    }
}
