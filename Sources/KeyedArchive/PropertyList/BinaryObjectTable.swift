/// On-demand access to the objects of a binary property list, for the unarchiver's fast path.
///
/// Instead of building the whole tree, callers look at one object at a time: a dictionary's
/// keys are compared in place and only the values asked for are decoded. Every access goes
/// through the same checks as `BinaryPropertyListReader`, and one shared budget bounds the
/// total work, so repeated access to shared objects cannot blow up either.
final class BinaryObjectTable {
    /// A dictionary object: where its key and value references start, and how many there are.
    struct Dictionary {
        /// The dictionary's object index.
        var index: Int
        var keysStart: Int
        var valuesStart: Int
        var count: Int
        /// Where the entries of keys looked up in this dictionary's shape are remembered.
        var shape: DictionaryShapes.Token
    }

    /// The copy of the file the table owns; `nil` when it reads its caller's bytes in place.
    private let storage: UnsafeMutableRawBufferPointer?
    /// Bounds-checked reads; a `let` of a trivial value, so reading through it is free. The
    /// skim's peeks read through it too (`ObjectSkimmer` keeps a copy: copying it out of the
    /// table for each object cost a `memcpy`).
    let layout: BinaryPropertyListReader.Layout
    /// Tree decoding with caches and the shared budget.
    private var parser: BinaryPropertyListReader.Parser
    /// Key entries remembered per shape of dictionary.
    private var shapes = DictionaryShapes()

    /// Copies `bytes` and checks the header and trailer.
    init(_ bytes: [UInt8]) throws(PropertyListError) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
        do {
            parser = try BinaryPropertyListReader.Parser(
                UnsafeRawBufferPointer(rebasing: copy[0..<bytes.count]), denseStrings: false)
            layout = parser.layout
        } catch {
            copy.deallocate()
            throw error
        }
        storage = copy
    }

    /// Reads `bytes` in place, without a copy, and checks the header and trailer. The bytes must
    /// stay unchanged and in place for as long as the table is used.
    init(borrowing bytes: UnsafeRawBufferPointer) throws(PropertyListError) {
        parser = try BinaryPropertyListReader.Parser(bytes, denseStrings: false)
        layout = parser.layout
        storage = nil
    }

    deinit {
        storage?.deallocate()
    }

    /// The index of the top object.
    var topObject: Int { layout.topObject }

    /// The whole value of object `index`, decoded with the reader's limits.
    func value(_ index: Int) throws(PropertyListError) -> PropertyList {
        try parser.value(at: index, depth: 0)
    }

    /// The object at `index` seen as a dictionary, or `nil` when it is another kind of object.
    func dictionary(_ index: Int) throws(PropertyListError) -> Dictionary? {
        let start = try layout.offset(of: index)
        guard ObjectMarker(byte: layout.bytes[start]).is(.dictionary) else { return nil }
        try parser.spend(1)
        let header = try layout.header(at: start, index: index)
        let (count, from) = (header.count, header.contents)
        try layout.checkSpan(start: from, count: count, unit: 2 * layout.referenceSize, index: index)
        let shape = shapes.shape(keysStart: from, count: count, layout: layout)
        return Dictionary(
            index: index, keysStart: from, valuesStart: from + count * layout.referenceSize, count: count, shape: shape)
    }

    /// The element references of the array (or set) at `index`, or `nil` for another kind.
    func arrayElements(_ index: Int) throws(PropertyListError) -> [Int]? {
        let start = try layout.offset(of: index)
        guard ObjectMarker(byte: layout.bytes[start]).isArrayOrSet else { return nil }
        let header = try layout.header(at: start, index: index)
        let (count, from) = (header.count, header.contents)
        try layout.checkSpan(start: from, count: count, unit: layout.referenceSize, index: index)
        try parser.spend(count + 1)
        return try layout.references(from: from, count: count, index: index)
    }

    /// The whole value of object `index` as a dictionary's value, one level below the top.
    func fieldValue(_ index: Int) throws(PropertyListError) -> PropertyList {
        try parser.value(at: index, depth: 1)
    }

    // MARK: Typed reads
    //
    // Each reads one object the way `Parser.value` would (the same checks, errors and budget)
    // when it is of the kind asked for, and returns `nil` otherwise, without building a
    // `PropertyList`; callers then fall back to the full value for the unusual shapes.

    /// The marker byte of object `index`, after spending one unit of the budget as a value read does.
    @inline(__always)
    private func marker(of index: Int) throws(PropertyListError) -> (marker: ObjectMarker, start: Int) {
        try parser.spend(1)
        let start = try layout.offset(of: index)
        return (ObjectMarker(byte: layout.bytes[start]), start)
    }

    /// The UID object `index` holds, or `nil` for another kind of object.
    @inline(__always)
    func uid(at index: Int) throws(PropertyListError) -> UInt64? {
        let (marker, start) = try marker(of: index)
        guard marker.is(.uid) else { return nil }
        let size = marker.uidSize
        try layout.checkSpan(start: start + 1, count: size, unit: 1, index: index)
        return BinaryPropertyListReader.Layout.bigEndian(layout.bytes, at: start + 1, size: size)
    }

    /// The boolean object `index` holds, or `nil` for another kind of object.
    @inline(__always)
    func bool(at index: Int) throws(PropertyListError) -> Bool? {
        switch try marker(of: index).marker {
        case .false: false
        case .true: true
        default: nil
        }
    }

    /// The integer of 1, 2, 4 or 8 bytes object `index` holds, or `nil` for another kind of object
    /// (16-byte integers included).
    @inline(__always)
    func integer(at index: Int) throws(PropertyListError) -> Int64? {
        let (marker, start) = try marker(of: index)
        guard marker.is(.integer), marker.low <= 3 else { return nil }
        let size = marker.scalarSize
        try layout.checkSpan(start: start + 1, count: size, unit: 1, index: index)
        return Int64(bitPattern: BinaryPropertyListReader.Layout.bigEndian(layout.bytes, at: start + 1, size: size))
    }

    /// The real number object `index` holds, or `nil` for another kind of object (malformed reals included).
    @inline(__always)
    func real(at index: Int) throws(PropertyListError) -> Double? {
        let (marker, start) = try marker(of: index)
        guard marker == .real32 || marker == .real64 else { return nil }
        let size = marker.scalarSize
        try layout.checkSpan(start: start + 1, count: size, unit: 1, index: index)
        let bits = BinaryPropertyListReader.Layout.bigEndian(layout.bytes, at: start + 1, size: size)
        return size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
    }

    /// The string object `index` holds (ASCII or UTF-16), or `nil` for another kind of object.
    func string(at index: Int) throws(PropertyListError) -> String? {
        try parser.spend(1)
        // Cached: a long string shared by many objects is decoded, and stored, once.
        if let cached = parser.strings.string(at: index) { return cached }
        let start = try layout.offset(of: index)
        guard ObjectMarker(byte: layout.bytes[start]).isString else { return nil }
        return try parser.string(layout.header(at: start, index: index), index: index)
    }

    // MARK: Skimming
    //
    // What a skim needs besides the layout's peeks: the budget, the entries of a shape's keys
    // (found once per shape), and a string's check as `string(at:)` reads it.

    /// Spends `amount` of the shared budget, as reading that many objects would.
    @inline(__always)
    func spend(_ amount: Int) throws(PropertyListError) {
        try parser.spend(amount)
    }

    /// The value reference of `entry` (below `count`) of dictionary object `index`, whose keys
    /// start at `keysStart`, as `reference(forKey:in:)` reads it.
    @inline(__always)
    func valueReference(entry: Int, keysStart: Int, count: Int, index: Int) throws(PropertyListError) -> Int {
        // No overflow: the entry lies inside the value references, checked to fit in the file.
        try layout.reference(at: keysStart &+ (count &+ entry) &* layout.referenceSize, index: index)
    }

    /// The entry of `dictionary` holding `key` (the first one), or -1 when none does: the
    /// lookup of `reference(forKey:in:)`, remembered for the shape as it remembers it.
    func entry(forKey key: String, in dictionary: Dictionary) throws(PropertyListError) -> Int {
        let bits = key.rawBits
        let entry: Int
        if let remembered = shapes.entry(forKeyBits: bits, in: dictionary.shape) {
            entry = remembered
        } else {
            entry = try scanAndRemember(key, bits: bits, in: dictionary)
        }
        return entry >= 0 && entry < dictionary.count ? entry : -1
    }

    /// The UIDs of the array (or set) object `index`, or `nil` when it is another kind of object
    /// or holds anything but UIDs. Elements are checked in file order, as reading the whole array
    /// would, so a malformed one throws the same error.
    func uidElements(at index: Int) throws(PropertyListError) -> [UInt64]? {
        guard let (count, from) = try elementReferences(at: index) else { return nil }
        // The common case in one pass, spending what the reads one at a time would spend.
        if parser.budget >= count, let uids = layout.uids(from: from, count: count) {
            try parser.spend(count)
            return uids
        }
        var uids: [UInt64] = []
        uids.reserveCapacity(count)
        for element in 0..<count {
            let child = try layout.reference(at: from + element * layout.referenceSize, index: index)
            guard let uid = try uid(at: child) else { return nil }
            uids.append(uid)
        }
        return uids
    }

    /// The number of elements of the array (or set) object `index`, its extent checked as reading
    /// it checks it, its elements not read; `nil` for another kind of object.
    func elementCount(at index: Int) throws(PropertyListError) -> Int? {
        try elementReferences(at: index)?.count
    }

    /// How many element references the array (or set) object `index` has and where they start,
    /// checked to lie in the file, after spending one unit of the budget as a value read does;
    /// `nil` for another kind of object.
    private func elementReferences(at index: Int) throws(PropertyListError) -> (count: Int, from: Int)? {
        let (marker, start) = try marker(of: index)
        guard marker.isArrayOrSet else { return nil }
        let header = try layout.header(at: start, index: index)
        let (count, from) = (header.count, header.contents)
        try layout.checkSpan(start: from, count: count, unit: layout.referenceSize, index: index)
        return (count, from)
    }

    /// The value stored under `key` in `dictionary`, or `nil` when the key is absent.
    func value(forKey key: String, in dictionary: Dictionary) throws(PropertyListError) -> PropertyList? {
        guard let index = try reference(forKey: key, in: dictionary) else { return nil }
        return try parser.value(at: index, depth: 1)
    }

    /// The object index of the value under `key` in `dictionary`, or `nil` when the key is absent.
    @inline(__always)
    func reference(forKey key: String, in dictionary: Dictionary) throws(PropertyListError) -> Int? {
        let bits = key.rawBits
        let entry: Int
        if let remembered = shapes.entry(forKeyBits: bits, in: dictionary.shape) {
            entry = remembered
        } else {
            entry = try scanAndRemember(key, bits: bits, in: dictionary)
        }
        // A remembered entry comes from a dictionary with the same number of entries; check anyway.
        guard entry >= 0, entry < dictionary.count else { return nil }
        // No overflow: the entry lies inside the value references, checked to fit in the file.
        return try layout.reference(
            at: dictionary.valuesStart &+ entry &* layout.referenceSize, index: dictionary.index)
    }

    /// Finds `key` by comparing bytes and remembers its entry (-1 when absent) for the dictionary's shape.
    @inline(never)
    private func scanAndRemember(
        _ key: String,
        bits: (UInt64, UInt64),
        in dictionary: Dictionary
    ) throws(PropertyListError) -> Int {
        let entry = try scan(for: key, in: dictionary) ?? -1
        shapes.remember(key, bits: bits, entry: entry, in: dictionary.shape)
        return entry
    }

    /// Finds `key` by comparing bytes: the first entry that holds it.
    private func scan(for key: String, in dictionary: Dictionary) throws(PropertyListError) -> Int? {
        var wanted = key
        do {
            return try wanted.withUTF8 { utf8 in
                for entry in 0..<dictionary.count {
                    let keyIndex = try layout.reference(
                        at: dictionary.keysStart + entry * layout.referenceSize, index: dictionary.index)
                    if try keyMatches(keyIndex, utf8) { return entry }
                }
                return nil
            }
        } catch let error as PropertyListError {
            throw error
        } catch {
            throw .invalidObject(index: dictionary.index, reason: "\(error)")
        }
    }

    /// Every key and value of `dictionary`, decoded, in file order.
    func entries(of dictionary: Dictionary) throws(PropertyListError) -> PropertyListDictionary {
        guard case .dictionary(let result) = try parser.value(at: dictionary.index, depth: 0) else {
            return PropertyListDictionary()
        }
        return result
    }

    /// Whether string object `index` is exactly the UTF-8 bytes `utf8`.
    private func keyMatches(_ index: Int, _ utf8: UnsafeBufferPointer<UInt8>) throws(PropertyListError) -> Bool {
        let start = try layout.offset(of: index)
        switch ObjectMarker(byte: layout.bytes[start]).kind {
        case .asciiString:
            let header = try layout.header(at: start, index: index)
            let (count, from) = (header.count, header.contents)
            guard count == utf8.count else { return false }
            try layout.checkSpan(start: from, count: count, unit: 1, index: index)
            for offset in 0..<count where layout.bytes[from + offset] != utf8[offset] { return false }
            return true
        case .utf16String:
            guard case .string(let string) = try parser.value(at: index, depth: 1) else { return false }
            return ExactString(string) == ExactString(String(decoding: utf8, as: UTF8.self))
        default:
            return false
        }
    }
}
