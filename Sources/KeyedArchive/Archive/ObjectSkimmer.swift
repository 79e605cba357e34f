/// Skims objects of one `ObjectSkim` in one archive: validates each as decoding it would, without
/// building its values, and reads its integer.
///
/// The first object of each shape goes through the decoder's own reads (`checkByDecoding`), which
/// are the reference. Later objects of a shape already checked are read in place from the binary
/// file (`checkInPlace`): the same reads of the same objects, spending the same budget, with the
/// key lookups and the class check done once per shape. Anything unusual there (another kind of
/// value, a string that is not a plain string object, a date of another shape, a missing required
/// field) sends the object back through the decoder's reads, so the verdict is always theirs.
struct ObjectSkimmer {
    private let archive: ArchiveObjects
    /// The archive's binary file, `nil` for a tree (whose objects all take the decoder's reads).
    private let table: BinaryObjectTable?
    /// The object index in `table` of each UID.
    private let references: [Int]
    private let archivedClass: ArchivedClass
    /// The fields checked, in order: the skim's, plus its integer key as an optional integer
    /// when the skim does not list it.
    private let checks: [ObjectSkim.Field]
    /// The kind and requirement of each check, apart from its key: the in-place loop reads no strings.
    private let kinds: [ObjectSkim.Kind]
    private let required: [Bool]
    /// The index in `checks` of the integer returned.
    private let integerCheck: Int
    /// The index in `checks` of the first date field, if any.
    private let dateCheck: Int?
    /// Shapes of objects checked in full, at most `maximumShapes`, and their entries.
    private var shapes: [SkimShape] = []
    private var entries: [Int] = []
    /// The shape of `NSDate` objects, once one has been checked in full; its one entry is `NS.time`.
    private var dateShape: SkimShape?
    /// Objects of one class come in a few shapes (optional keys present or not).
    private static let maximumShapes = 16

    /// A skimmer of `archive` for `skim`.
    init(archive: ArchiveObjects, skim: ObjectSkim) {
        self.archive = archive
        table = archive.table
        references = archive.references
        archivedClass = skim.archivedClass
        var checks = skim.fields
        let listed = checks.lastIndex { $0.key == skim.integerKey && $0.kind == .integer }
        integerCheck = listed ?? checks.count
        if listed == nil { checks.append(ObjectSkim.Field(key: skim.integerKey, kind: .integer)) }
        self.checks = checks
        kinds = checks.map(\.kind)
        required = checks.map(\.required)
        dateCheck = checks.firstIndex { $0.kind == .date }
    }

    /// Checks object `uid`; returns its integer under the integer key (`nil` where absent).
    mutating func skim(_ uid: UInt64) throws(KeyedArchiveError) -> Int? {
        if let table, !shapes.isEmpty, uid < UInt64(references.count) {
            let index = references[Int(uid)]
            let shape: SkimShape?
            do {
                shape = try matchingShape(of: index, in: table)
            } catch {
                throw .notAPropertyList(error)
            }
            if let shape {
                try archive.enter(uid)
                defer { archive.leave(uid) }
                var integer: Int?
                let checked: Bool
                do {
                    checked = try checkInPlace(index, shape: shape, in: table, integer: &integer)
                } catch {
                    throw .notAPropertyList(error)
                }
                if checked { return integer }
            }
        }
        return try checkByDecoding(uid)
    }

    // MARK: In place

    /// The shape already checked that dictionary object `index` has, located at its keys, with
    /// its `$class` value the same UID object; `nil` when it has none (or is not a dictionary).
    @inline(__always)
    private func matchingShape(of index: Int, in table: BinaryObjectTable) throws(PropertyListError) -> SkimShape? {
        guard let keys = try table.dictionaryKeys(index) else { return nil }
        for shape in shapes
        where shape.count == keys.count && table.sameKeys(shape.keysStart, keys.keysStart, count: keys.count) {
            let classReference = try table.valueReference(
                entry: shape.classEntry, keysStart: keys.keysStart, count: keys.count, index: index)
            guard classReference == shape.classReference else { return nil }
            var located = shape
            located.keysStart = keys.keysStart
            return located
        }
        return nil
    }

    /// Checks the fields of dictionary object `index` (of `shape`, located at its keys) by reading
    /// them in place; `false` when a field needs the decoder's reads.
    private func checkInPlace(
        _ index: Int,
        shape: SkimShape,
        in table: BinaryObjectTable,
        integer: inout Int?
    ) throws(PropertyListError) -> Bool {
        let objectCount = UInt64(references.count)
        for check in 0..<kinds.count {
            let entry = entries[shape.entriesStart + check]
            guard entry >= 0 else {
                if required[check] { return false }
                continue
            }
            let reference = try table.valueReference(
                entry: entry, keysStart: shape.keysStart, count: shape.count, index: index)
            switch kinds[check] {
            case .bool:
                guard try table.bool(at: reference) != nil else { return false }
            case .integer:
                // Eight bytes at most: always an `Int` on the 64-bit systems this runs on.
                guard let value = try table.integer(at: reference), let exact = Int(exactly: value) else {
                    return false
                }
                if check == integerCheck { integer = exact }
            case .real:
                guard try table.real(at: reference) != nil else { return false }
            case .string:
                guard let uid = try table.uid(at: reference) else { return false }
                if uid == 0, !required[check] { continue }
                guard uid < objectCount, try table.checkString(at: references[Int(uid)]) else { return false }
            case .date:
                guard let uid = try table.uid(at: reference) else { return false }
                if uid == 0, !required[check] { continue }
                guard uid < objectCount, try checkDateInPlace(references[Int(uid)], in: table) else { return false }
            }
        }
        return true
    }

    /// Checks `NSDate` object `index` in place as `KeyedDecoder.decodeDate` reads it; `false`
    /// when it is not of the date shape checked before, or its time is not a real.
    @inline(__always)
    private func checkDateInPlace(_ index: Int, in table: BinaryObjectTable) throws(PropertyListError) -> Bool {
        guard let shape = dateShape, let keys = try table.dictionaryKeys(index), shape.count == keys.count,
            table.sameKeys(shape.keysStart, keys.keysStart, count: keys.count)
        else { return false }
        let classReference = try table.valueReference(
            entry: shape.classEntry, keysStart: keys.keysStart, count: keys.count, index: index)
        let time = entries[shape.entriesStart]
        guard classReference == shape.classReference, time >= 0 else { return false }
        let reference = try table.valueReference(
            entry: time, keysStart: keys.keysStart, count: keys.count, index: index)
        return try table.real(at: reference) != nil
    }

    // MARK: Through the decoder

    /// Checks object `uid` with the decoder's own reads, as decoding it would; then remembers its
    /// shape (and its date's) for checking later objects in place.
    private mutating func checkByDecoding(_ uid: UInt64) throws(KeyedArchiveError) -> Int? {
        let binary = try archive.binaryDictionary(uid)
        let decoder: KeyedDecoder
        if let binary {
            let reported = try archive.reportedClassName(ofObject: uid, binary: binary, expected: archivedClass)
            decoder = KeyedDecoder(archive: archive, binary: binary, className: reported)
        } else {
            guard case .tree(let tree)? = try archive.fields(uid) else {
                throw .typeMismatch(key: "$objects", expected: "an object", found: try archive.object(uid).kindName)
            }
            let reported = try archive.reportedClassName(ofObject: uid, fields: .tree(tree), expected: archivedClass)
            decoder = KeyedDecoder(archive: archive, tree: tree, className: reported)
        }
        try archive.enter(uid)
        defer { archive.leave(uid) }
        var integer: Int?
        for (number, check) in checks.enumerated() {
            switch check.kind {
            case .string:
                try checkString(check, binary: binary, decoder: decoder)
            case .bool:
                if check.required {
                    _ = try decoder.decode(Bool.self, forKey: check.key)
                } else {
                    _ = try decoder.decodeIfPresent(Bool.self, forKey: check.key)
                }
            case .integer:
                let value =
                    check.required
                    ? try decoder.decode(Int.self, forKey: check.key)
                    : try decoder.decodeIfPresent(Int.self, forKey: check.key)
                if number == integerCheck { integer = value }
            case .real:
                let present = try archive.value(forKey: check.key, in: decoder.fields) != nil
                if check.required || present { _ = try decoder.decode(Double.self, forKey: check.key) }
            case .date:
                if check.required {
                    _ = try decoder.decodeDate(forKey: check.key)
                } else {
                    _ = try decoder.decodeDateIfPresent(forKey: check.key)
                }
            }
        }
        if let binary {
            do {
                try remember(binary)
            } catch {
                throw .notAPropertyList(error)
            }
        }
        return integer
    }

    /// Checks a string field as `decode(String.self, forKey:)` (required) or
    /// `decodeIfPresent(String.self, forKey:)` reads it, without building the string when it is a
    /// binary string object; other shapes take the decoder's own read.
    private func checkString(
        _ check: ObjectSkim.Field,
        binary: BinaryObjectTable.Dictionary?,
        decoder: KeyedDecoder
    ) throws(KeyedArchiveError) {
        if let binary {
            let reference = try archive.reference(forKey: check.key, in: binary)
            guard reference >= 0 else {
                if check.required { throw .missingKey(check.key, inClass: decoder.className) }
                return
            }
            if let uid = try archive.uid(at: reference) {
                // `$null` is absent for the optional read; the required one reads object 0 as any other.
                if uid == 0, !check.required { return }
                if try archive.checkString(uid: uid) { return }
            }
        }
        if check.required {
            _ = try decoder.decode(String.self, forKey: check.key)
        } else {
            _ = try decoder.decodeIfPresent(String.self, forKey: check.key)
        }
    }

    /// Remembers the shape of `dictionary`, an object just checked in full, and the shape of the
    /// date its first date field names, when not known yet.
    private mutating func remember(_ dictionary: BinaryObjectTable.Dictionary) throws(PropertyListError) {
        guard let table, shapes.count < Self.maximumShapes else { return }
        let known = shapes.contains {
            $0.count == dictionary.count && table.sameKeys($0.keysStart, dictionary.keysStart, count: dictionary.count)
        }
        guard !known, let shape = try shape(of: dictionary, keys: checks.map(\.key), in: table) else { return }
        shapes.append(shape)
        guard dateShape == nil, let dateCheck, case let entry = entries[shape.entriesStart + dateCheck], entry >= 0
        else { return }
        let reference = try table.valueReference(
            entry: entry, keysStart: dictionary.keysStart, count: dictionary.count, index: dictionary.index)
        // The date was just read through the decoder: a UID of an NSDate dictionary, or another shape.
        guard let uid = try table.uid(at: reference), uid > 0, uid < UInt64(references.count),
            let date = try table.dictionary(references[Int(uid)])
        else { return }
        dateShape = try self.shape(of: date, keys: ["NS.time"], in: table)
    }

    /// The shape of `dictionary` with the entries of `keys` appended to `entries`, or `nil` when
    /// it has no `$class`.
    private mutating func shape(
        of dictionary: BinaryObjectTable.Dictionary,
        keys: [String],
        in table: BinaryObjectTable
    ) throws(PropertyListError) -> SkimShape? {
        let classEntry = try table.entry(forKey: "$class", in: dictionary)
        guard classEntry >= 0 else { return nil }
        let classReference = try table.valueReference(
            entry: classEntry, keysStart: dictionary.keysStart, count: dictionary.count, index: dictionary.index)
        let entriesStart = entries.count
        for key in keys { entries.append(try table.entry(forKey: key, in: dictionary)) }
        return SkimShape(
            keysStart: dictionary.keysStart, count: dictionary.count, classEntry: classEntry,
            classReference: classReference, entriesStart: entriesStart)
    }
}
