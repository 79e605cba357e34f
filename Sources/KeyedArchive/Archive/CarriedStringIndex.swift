/// What new objects can share with the carried objects of a file an `ArchiveEditor` appends to:
/// its strings (found by their exact bytes), its class dictionaries by name, its booleans and
/// small integers. (Its UID objects are not shared: a new reference to a carried object costs a
/// UID object of a few bytes, where finding the file's would cost a look at every object.)
///
/// Built by one pass over the carried objects' markers, without decoding them (only class names
/// are decoded). A string is found by a walk over the carried strings in file order that compares
/// lengths first and bytes in place: an edit looks up a few strings (the keys and class names it
/// writes, which come first in the file, and its new texts), far fewer than the file holds, so
/// hashing every carried string (as a table would need) cost more than all the walks (callgrind:
/// 11 M instructions at 10,000 items, against about 2 M). Never changed afterwards, so copies of
/// an editor share it.
final class CarriedStringIndex {
    /// The file the references point into.
    private let file: [UInt8]
    /// One carried string object, in 12 bytes (a file of 10,000 items holds 10,000 strings).
    private struct Entry {
        /// The object's number.
        var reference: Int32
        /// Where its bytes start in the file.
        var start: Int32
        /// How many bytes it has, shifted left by one, with 1 added when they are UTF-16BE (else
        /// ASCII): a lookup compares length and kind at once.
        var lengthAndKind: UInt32
    }

    /// A two-entry dictionary and its two key references (truncated to 32 bits: compared only).
    private struct Candidate {
        var reference: Int32
        var keys: (UInt32, UInt32)
    }

    /// The carried strings, in object order.
    private var entries: [Entry] = []
    /// The archive, to find the `$objects` entry of a class dictionary.
    private let archive: CarriedArchive
    /// The carried boolean objects, and integer objects of 0 to 255 (one byte).
    private(set) var booleans: [(value: Bool, reference: Int)] = []
    private(set) var smallIntegers: [(value: Int, reference: Int)] = []
    /// The `$objects` entry of the carried class dictionary of each `$classname` (the first one).
    private(set) var classes: [String: Int] = [:]

    /// Indexes the carried objects of `archive`.
    init(_ archive: CarriedArchive) {
        file = archive.file
        self.archive = archive
        // Object numbers and offsets fit in Int32 in any file under 2 GB; a larger one shares nothing.
        guard archive.objectCount < Int(Int32.max), archive.archiveObjectCount < Int(Int32.max),
            archive.offsetTableStart < Int(Int32.max)
        else { return }
        var candidates: [Candidate] = []
        archive.withArea { area in candidates = scan(area) }
        findClasses(candidates, in: archive)
    }

    /// Fills `entries`, `booleans` and `smallIntegers` from one pass over the carried objects'
    /// markers, and returns the two-entry dictionaries (most are dates and arrays; the class
    /// dictionaries are among them).
    ///
    /// This pass is most of the cost of an edit's first new object (a file of 10,000 items holds
    /// 80,000 objects, half of them UIDs), so everything it reads is a local, an offset is
    /// checked with one comparison, and what it keeps goes into buffers of the largest size it
    /// can need, in 12-byte records. Callgrind: 4.1 M instructions when it appended tuples of
    /// `Int` to growing arrays, 2.4 M so. (Two loops, one that only picks the objects to look at
    /// and one that reads them, cost more: 3.4 M.)
    private func scan(_ area: ObjectArea) -> [Candidate] {
        let end = archive.offsetTableStart
        let offsetSize = archive.offsetSize
        let count = archive.base
        guard let base = area.raw.baseAddress, count > 0, end > 8,
            end + archive.objectCount * offsetSize + 32 <= area.raw.count
        else { return [] }
        // Eight bytes can be loaded at every offset-table entry and object byte: the trailer follows.
        let offsetShift = UInt64(64 - 8 * offsetSize)
        // An offset is in 8..<end when it is below `span` once 8 is taken from it.
        let span = UInt64(end - 8)
        let referenceSize = area.referenceSize
        let referenceShift = UInt64(64 - 8 * referenceSize)
        let dictionaryEnd = end - 1 - 4 * referenceSize
        var booleans: [(value: Bool, reference: Int)] = []
        var smallIntegers: [(value: Int, reference: Int)] = []
        var seenSmall = [Bool](repeating: false, count: 256)
        var candidates: [Candidate] = []
        entries = [Entry](unsafeUninitializedCapacity: count) { strings, stringCount in
            candidates = [Candidate](unsafeUninitializedCapacity: count) { dictionaries, dictionaryCount in
                var tableEntry = end
                for index in 0..<count {
                    let offset =
                        UInt64(bigEndian: base.loadUnaligned(fromByteOffset: tableEntry, as: UInt64.self))
                        &>> offsetShift
                    tableEntry &+= offsetSize
                    guard offset &- 8 < span else { continue }
                    let start = Int(truncatingIfNeeded: offset)
                    let marker = base.load(fromByteOffset: start, as: UInt8.self)
                    switch marker >> 4 {
                    case 0x5, 0x6:
                        guard let (units, contents) = area.length(nibble: marker & 0x0F, at: start) else { continue }
                        let length = marker >> 4 == 0x6 ? 2 &* units : units
                        guard contents <= end, length <= end &- contents else { continue }
                        strings[stringCount] = Entry(
                            reference: Int32(truncatingIfNeeded: index), start: Int32(truncatingIfNeeded: contents),
                            lengthAndKind: UInt32(truncatingIfNeeded: length) &<< 1 | (marker >> 4 == 0x6 ? 1 : 0))
                        stringCount &+= 1
                    case 0xD where marker == 0xD2 && start <= dictionaryEnd:
                        // Its two key references, read here: they tell dates and arrays from class
                        // dictionaries without another look.
                        let first = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: start + 1, as: UInt64.self))
                        let second = UInt64(
                            bigEndian: base.loadUnaligned(fromByteOffset: start + 1 + referenceSize, as: UInt64.self))
                        dictionaries[dictionaryCount] = Candidate(
                            reference: Int32(truncatingIfNeeded: index),
                            keys: (
                                UInt32(truncatingIfNeeded: first &>> referenceShift),
                                UInt32(truncatingIfNeeded: second &>> referenceShift)
                            ))
                        dictionaryCount &+= 1
                    case 0x0 where marker == 0x08 || marker == 0x09:
                        let value = marker == 0x09
                        if !booleans.contains(where: { $0.value == value }) { booleans.append((value, index)) }
                    case 0x1 where marker == 0x10 && start + 2 <= end:
                        let value = Int(base.load(fromByteOffset: start + 1, as: UInt8.self))
                        if !seenSmall[value] {
                            seenSmall[value] = true
                            smallIntegers.append((value, index))
                        }
                    default:
                        continue
                    }
                }
            }
        }
        self.booleans = booleans
        self.smallIntegers = smallIntegers
        return candidates
    }

    /// Finds the class dictionaries among the two-entry dictionaries `candidates`: `$objects`
    /// entries with a string `$classname` and an array `$classes`.
    private func findClasses(_ candidates: [Candidate], in archive: CarriedArchive) {
        guard let classNameKey = reference(ofString: "$classname"), let classesKey = reference(ofString: "$classes")
        else { return }
        let key = UInt32(truncatingIfNeeded: classNameKey)
        let candidates = candidates.filter { $0.keys.0 == key || $0.keys.1 == key }.map { Int($0.reference) }
        guard !candidates.isEmpty else { return }
        archive.withArea { area in
            let size = area.referenceSize
            var found: [(name: String, reference: Int)] = []
            for candidate in candidates {
                // Most candidates are dates and arrays: their first two references (the keys) tell.
                guard let start = archive.offset(of: candidate, in: area), let extent = area.extent(at: start),
                    extent.referenceCount == 4, let first = area.reference(at: extent.references),
                    let second = area.reference(at: extent.references + size),
                    first == classNameKey || second == classNameKey
                else { continue }
                let nameEntry = first == classNameKey ? 0 : 1
                guard (nameEntry == 0 ? second : first) == classesKey,
                    let name = area.reference(at: extent.references + (2 + nameEntry) * size),
                    let chain = area.reference(at: extent.references + (3 - nameEntry) * size),
                    let nameStart = archive.offset(of: name, in: area),
                    let name = area.string(at: nameStart),
                    let chainStart = archive.offset(of: chain, in: area),
                    area.marker(at: chainStart).map({ $0 >> 4 == 0xA }) == true
                else { continue }
                found.append((name, candidate))
            }
            let uids = archiveUIDs(ofReferences: Set(found.map(\.reference)), in: area)
            for (name, reference) in found {
                if let uid = uids[reference], classes[name] == nil { classes[name] = uid }
            }
        }
    }

    /// The object number of the carried string object holding exactly `string`, if any.
    func reference(ofString string: String) -> Int? {
        var string = string
        return string.withUTF8 { utf8 in reference(ofUTF8: utf8, isASCII: UnsafeRawBufferPointer(utf8).isASCII) }
    }

    /// The object number of the carried string object holding the string of UTF-8 bytes `utf8`
    /// (ASCII when `isASCII`), if any.
    func reference(ofUTF8 utf8: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Int? {
        if isASCII { return lookUp(UnsafeRawBufferPointer(utf8), utf16: false) }
        // Non-ASCII strings are stored as UTF-16BE: look for those bytes.
        let units = UTF16BigEndian.unitCount(utf8)
        let encoded = [UInt8](unsafeUninitializedCapacity: 2 * units) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var object = ObjectBytes(base: base, position: 0, end: 2 * units)
            UTF16BigEndian.store(utf8, into: &object)
            initialized = object.position
        }
        return encoded.withUnsafeBytes { lookUp($0, utf16: true) }
    }

    /// The object number of the first carried string of kind `utf16` whose bytes are `bytes`, if any.
    private func lookUp(_ bytes: UnsafeRawBufferPointer, utf16: Bool) -> Int? {
        file.withUnsafeBytes { raw in
            guard bytes.count < Int(Int32.max) else { return nil }
            let lengthAndKind = UInt32(bytes.count) &<< 1 | (utf16 ? 1 : 0)
            for entry in entries where entry.lengthAndKind == lengthAndKind {
                let start = Int(entry.start)
                if UnsafeRawBufferPointer(rebasing: raw[start..<(start + bytes.count)]).hasSameBytes(as: bytes) {
                    return Int(entry.reference)
                }
            }
            return nil
        }
    }

    /// The first `$objects` entry after "$null" that holds each of the carried objects `references`
    /// (those held by none are left out): one walk over `$objects`, stopped once all are found
    /// (class dictionaries come early), whatever the number of class dictionaries a file holds.
    private func archiveUIDs(ofReferences references: Set<Int>, in area: ObjectArea) -> [Int: Int] {
        var uids: [Int: Int] = [:]
        guard !references.isEmpty, archive.archiveObjectCount > 1 else { return uids }
        for uid in 1..<archive.archiveObjectCount {
            guard let reference = archive.objectReference(uid, in: area), references.contains(reference),
                uids[reference] == nil
            else { continue }
            uids[reference] = uid
            if uids.count == references.count { break }
        }
        return uids
    }
}
