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
    }

    private let storage: UnsafeMutableRawBufferPointer
    /// Bounds-checked reads; a `let` of a trivial value, so reading through it is free.
    private let layout: BinaryPropertyListReader.Layout
    /// Tree decoding with caches and the shared budget.
    private var parser: BinaryPropertyListReader.Parser

    /// Copies `bytes` and checks the header and trailer.
    init(_ bytes: [UInt8]) throws(PropertyListError) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
        do {
            parser = try BinaryPropertyListReader.Parser(UnsafeRawBufferPointer(rebasing: copy[0..<bytes.count]))
            layout = parser.layout
        } catch {
            copy.deallocate()
            throw error
        }
        storage = copy
    }

    deinit {
        storage.deallocate()
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
        let marker = layout.bytes[start]
        guard marker >> 4 == 0xD else { return nil }
        try parser.spend(1)
        let (count, from) = try layout.length(nibble: marker & 0x0F, after: start + 1, index: index)
        try layout.checkSpan(start: from, count: count, unit: 2 * layout.referenceSize, index: index)
        return Dictionary(index: index, keysStart: from, valuesStart: from + count * layout.referenceSize, count: count)
    }

    /// The element references of the array (or set) at `index`, or `nil` for another kind.
    func arrayElements(_ index: Int) throws(PropertyListError) -> [Int]? {
        let start = try layout.offset(of: index)
        let marker = layout.bytes[start]
        guard marker >> 4 == 0xA || marker >> 4 == 0xC else { return nil }
        let (count, from) = try layout.length(nibble: marker & 0x0F, after: start + 1, index: index)
        try layout.checkSpan(start: from, count: count, unit: layout.referenceSize, index: index)
        try parser.spend(count + 1)
        var elements: [Int] = []
        elements.reserveCapacity(count)
        for element in 0..<count {
            elements.append(try layout.reference(at: from + element * layout.referenceSize, index: index))
        }
        return elements
    }

    /// The value stored under `key` in `dictionary`, or `nil` when the key is absent.
    func value(forKey key: String, in dictionary: Dictionary) throws(PropertyListError) -> PropertyList? {
        guard let index = try reference(forKey: key, in: dictionary) else { return nil }
        return try parser.value(at: index, depth: 1)
    }

    /// Where keys were last found: objects of one class list their keys in the same order, so
    /// the same entry usually holds the same key object in the next dictionary too. Hint `n`
    /// is `hintBits[2n...2n+1]` (the raw bits of the key `String`: equal bits mean an equal
    /// string, not the reverse), `hintPlaces[2n]` (the entry) and `hintPlaces[2n+1]` (the key
    /// object); `hintKeys` keeps the keys alive so their storage, and bits, are not reused.
    private var hintBits: [UInt64] = []
    private var hintPlaces: [Int] = []
    private var hintKeys: [String] = []
    /// Where the next search starts: lookups tend to follow the order of the hints.
    private var nextHint = 0

    /// The object index of the value under `key` in `dictionary`, or `nil` when the key is absent.
    func reference(forKey key: String, in dictionary: Dictionary) throws(PropertyListError) -> Int? {
        let bits = unsafeBitCast(key, to: (UInt64, UInt64).self)
        let bitsTable = hintBits
        let places = hintPlaces
        let count = places.count / 2
        var slot = nextHint
        // Several hints per key: `$class`, for one, sits at another entry in each class's objects.
        for _ in 0..<count {
            if slot >= count { slot = 0 }
            let entry = places[2 * slot]
            if bitsTable[2 * slot] == bits.0, bitsTable[2 * slot + 1] == bits.1, entry < dictionary.count {
                // The same key object at the same entry is the same key: no need to compare bytes.
                let keyIndex = try layout.reference(
                    at: dictionary.keysStart + entry * layout.referenceSize, index: dictionary.index)
                if keyIndex == places[2 * slot + 1] {
                    nextHint = slot + 1
                    return try layout.reference(
                        at: dictionary.valuesStart + entry * layout.referenceSize, index: dictionary.index)
                }
            }
            slot += 1
        }
        guard let (entry, keyIndex) = try scan(for: key, in: dictionary) else { return nil }
        if count < 64 {
            hintBits.append(contentsOf: [bits.0, bits.1])
            hintPlaces.append(contentsOf: [entry, keyIndex])
            hintKeys.append(key)
        }
        return try layout.reference(
            at: dictionary.valuesStart + entry * layout.referenceSize, index: dictionary.index)
    }

    /// Finds `key` by comparing bytes: its entry and key object index.
    private func scan(for key: String, in dictionary: Dictionary) throws(PropertyListError) -> (Int, Int)? {
        var wanted = key
        do {
            return try wanted.withUTF8 { utf8 in
                for entry in 0..<dictionary.count {
                    let keyIndex = try layout.reference(
                        at: dictionary.keysStart + entry * layout.referenceSize, index: dictionary.index)
                    if try keyMatches(keyIndex, utf8) { return (entry, keyIndex) }
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
        let marker = layout.bytes[start]
        switch marker >> 4 {
        case 0x5:
            let (count, from) = try layout.length(nibble: marker & 0x0F, after: start + 1, index: index)
            guard count == utf8.count else { return false }
            try layout.checkSpan(start: from, count: count, unit: 1, index: index)
            for offset in 0..<count where layout.bytes[from + offset] != utf8[offset] { return false }
            return true
        case 0x6:
            guard case .string(let string) = try parser.value(at: index, depth: 1) else { return false }
            return ExactString(string) == ExactString(String(decoding: utf8, as: UTF8.self))
        default:
            return false
        }
    }
}
