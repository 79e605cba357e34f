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
    /// One carried string object.
    private struct Entry {
        /// The object's number.
        var reference: Int
        /// Where its bytes start in the file, and how many there are.
        var start: Int
        var length: Int
        /// Whether they are UTF-16BE (else ASCII).
        var isUTF16: Bool
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
        // Object numbers fit in Int32 in any file that fits in memory; a larger one shares nothing.
        guard archive.objectCount < Int(Int32.max), archive.archiveObjectCount < Int(Int32.max) else { return }
        // Filled in locals: each access to a property of a class is checked for exclusivity.
        var entries: [Entry] = []
        var booleans: [(value: Bool, reference: Int)] = []
        var smallIntegers: [(value: Int, reference: Int)] = []
        var classCandidates: [(index: Int, keys: (Int, Int))] = []
        // About one object in four is a string in a checklist archive.
        entries.reserveCapacity(archive.base / 4)
        archive.withArea { area in
            guard let base = area.raw.baseAddress,
                archive.offsetTableStart + archive.objectCount * archive.offsetSize + 32 <= area.raw.count
            else { return }
            // Eight bytes can be loaded at every offset-table entry and object byte: the trailer follows.
            let offsetShift = UInt64(64 - 8 * archive.offsetSize)
            let referenceSize = archive.referenceSize
            let referenceShift = UInt64(64 - 8 * referenceSize)
            var tableEntry = archive.offsetTableStart
            var seenBooleans = (false, false)
            for index in 0..<archive.base {
                let start = Int(
                    UInt64(bigEndian: base.loadUnaligned(fromByteOffset: tableEntry, as: UInt64.self)) &>> offsetShift)
                tableEntry &+= archive.offsetSize
                guard start >= 8, start < archive.offsetTableStart else { continue }
                let marker = base.load(fromByteOffset: start, as: UInt8.self)
                switch marker >> 4 {
                case 0x0 where marker == 0x08 || marker == 0x09:
                    let value = marker == 0x09
                    if value ? !seenBooleans.1 : !seenBooleans.0 { booleans.append((value, index)) }
                    if value { seenBooleans.1 = true } else { seenBooleans.0 = true }
                case 0x1 where marker == 0x10 && start + 2 <= archive.offsetTableStart:
                    smallIntegers.append((Int(base.load(fromByteOffset: start + 1, as: UInt8.self)), index))
                case 0x5, 0x6:
                    guard let (count, contents) = area.length(nibble: marker & 0x0F, at: start) else { continue }
                    let length = marker >> 4 == 0x6 ? 2 &* count : count
                    guard contents <= archive.offsetTableStart, length <= archive.offsetTableStart &- contents else {
                        continue
                    }
                    entries.append(
                        Entry(reference: index, start: contents, length: length, isUTF16: marker >> 4 == 0x6))
                case 0xD where marker == 0xD2 && start + 1 + 4 * referenceSize <= archive.offsetTableStart:
                    // Its two key references, read here: most two-entry dictionaries are dates and
                    // arrays, which these tell from class dictionaries without another look.
                    let first = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: start + 1, as: UInt64.self))
                    let second = UInt64(
                        bigEndian: base.loadUnaligned(fromByteOffset: start + 1 + referenceSize, as: UInt64.self))
                    classCandidates.append((index, (Int(first &>> referenceShift), Int(second &>> referenceShift))))
                default:
                    continue
                }
            }
        }
        self.entries = entries
        self.booleans = booleans
        self.smallIntegers = smallIntegers
        findClasses(classCandidates, in: archive)
    }

    /// Finds the class dictionaries among the two-entry dictionaries `candidates`: `$objects`
    /// entries with a string `$classname` and an array `$classes`.
    private func findClasses(_ candidates: [(index: Int, keys: (Int, Int))], in archive: CarriedArchive) {
        guard let classNameKey = reference(ofString: "$classname"), let classesKey = reference(ofString: "$classes")
        else { return }
        let candidates = candidates.filter { $0.keys.0 == classNameKey || $0.keys.1 == classNameKey }.map(\.index)
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
            for entry in entries where entry.length == bytes.count && entry.isUTF16 == utf16 {
                if UnsafeRawBufferPointer(rebasing: raw[entry.start..<(entry.start + entry.length)]).hasSameBytes(
                    as: bytes)
                {
                    return entry.reference
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
