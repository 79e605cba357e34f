/// Decodes objects of one `ObjectSkim` in one archive (`decode(_:as:with:)`), reading those it can
/// in place.
///
/// The first object of each shape goes through the decoder's own reads (`init(from:)`), which
/// are the reference. Later objects of a shape already decoded are read in place from the binary
/// file (`checkInPlace`) through the layout's peeks: the same checks of the same objects, the
/// budget they would spend spent once per object, the key lookups done once per shape and the
/// class known by its UID. Anything unusual there (another kind of
/// value, a string that is not a plain string object, a date of another shape, a missing required
/// field) sends the object back through the decoder's reads, so the verdict is always theirs.
struct ObjectSkimmer {
    private let archive: ArchiveObjects
    /// The archive's binary file, `nil` for a tree (whose objects all take the decoder's reads).
    private let table: BinaryObjectTable?
    /// `table`'s layout, kept here so the reads in place use it without copying it per object.
    private let layout: BinaryPropertyListReader.Layout?
    /// The object index in `table` of each UID.
    private let references: [Int]
    private let archivedClass: ArchivedClass
    /// The fields read, in order: the skim's.
    private let checks: [ObjectSkim.Field]
    /// Shapes of objects checked in full, at most `maximumShapes`, and their steps.
    private var shapes: [SkimShape] = []
    private var steps: [SkimShape.Step] = []
    /// The shape of `NSDate` objects, once one has been checked in full (until then its count is
    /// -1, which no dictionary has), and the entry of its `NS.time`.
    private var dateShape = SkimShape(
        keysStart: 0, count: -1, classEntry: 0, classReference: -1, classUID: 0, firstStep: 0, stepCount: 0)
    private var dateTimeEntry = -1
    /// The shape of `NSArray` objects of strings, once one has been checked in full (count -1
    /// until then), and the entry of its `NS.objects`.
    private var arrayShape = SkimShape(
        keysStart: 0, count: -1, classEntry: 0, classReference: -1, classUID: 0, firstStep: 0, stepCount: 0)
    private var arrayObjectsEntry = -1
    /// Objects of one class come in a few shapes (optional keys present or not): items with SPEC
    /// §13's fields, each optional, come in up to 128 (at 16, a file whose items held varied
    /// fields decoded most of them in full: `show` at 10,000 items 43.8 M → 35.5 M instructions).
    private static let maximumShapes = 128

    /// A skimmer of `archive` for `skim`.
    init(archive: ArchiveObjects, skim: ObjectSkim) {
        self.archive = archive
        table = archive.table
        layout = archive.table?.layout
        references = archive.references
        archivedClass = skim.archivedClass
        checks = skim.fields
    }

    /// Decodes objects `uids` as `T`, as `decoder.decodeObject` decodes each: built from the values
    /// read in place (`T.init(skimmed:)`) when the object has a shape already decoded, through
    /// `T.init(from:)` otherwise (and whenever `init(skimmed:)` declines).
    mutating func decode<T: SkimDecodable>(
        _ uids: [UInt64],
        as type: T.Type,
        with decoder: KeyedDecoder
    ) throws(KeyedArchiveError) -> [T] {
        var result: [T] = []
        result.reserveCapacity(uids.count)
        var booleans = Booleans()
        var values = KeptValues(count: checks.count)
        var next = 0
        while next < uids.count {
            // Reads in place change nothing: a run of them reads a copy of the skimmer, passed by
            // reference, where a call from this mutating method would copy `self` for each object.
            let reader = self
            while next < uids.count {
                guard try reader.readInPlace(uids[next], booleans: &booleans, values: &values),
                    let value = T(skimmed: ObjectSkim.Values(values: values.values))
                else { break }
                result.append(value)
                next += 1
            }
            guard next < uids.count else { break }
            let uid = uids[next]
            result.append(try decoder.decodeObject(T.self, archivedClass: archivedClass, uid: uid, key: "$objects"))
            try rememberShape(of: try archive.binaryDictionary(uid))
            next += 1
        }
        noteBooleans(booleans)
        return result
    }

    /// Keeps in the archive the boolean objects the reads in place met, where it knows none yet.
    private func noteBooleans(_ booleans: Booleans) {
        if archive.booleanObjects.false < 0 { archive.booleanObjects.false = booleans.no }
        if archive.booleanObjects.true < 0 { archive.booleanObjects.true = booleans.yes }
    }

    // MARK: In place

    /// The object indices of the `false` and the `true` seen last (an archive shares one of each).
    private struct Booleans {
        var no = -1
        var yes = -1
    }

    /// The values of the object read in place last, one per check, for building it.
    private struct KeptValues {
        var values: [ObjectSkim.Value]
        /// The shape whose fields alone may hold values (-1: none): an object of the same shape
        /// sets each of them again, so only a change of shape clears them (per item, the clearing
        /// cost 270 instructions).
        private var shape = -1

        init(count: Int) { values = [ObjectSkim.Value](repeating: .absent, count: count) }

        /// Makes every field not of shape `shape` absent.
        mutating func prepare(for shape: Int) {
            guard shape != self.shape else { return }
            for check in values.indices { values[check] = .absent }
            self.shape = shape
        }

        mutating func keep(_ value: ObjectSkim.Value, for check: Int) { values[check] = value }
    }

    /// Checks object `uid` in place when it has a shape already checked in full, putting its
    /// values in `values`; `false` when it needs the decoder's reads (always for a tree, whose
    /// `table` is `nil`). Inlined into the loops.
    @inline(__always)
    private func readInPlace(
        _ uid: UInt64,
        booleans: inout Booleans,
        values: inout KeptValues
    ) throws(KeyedArchiveError) -> Bool {
        guard let table, let layout, !shapes.isEmpty, uid < UInt64(references.count) else { return false }
        let index = references[Int(uid)]
        guard let keys = layout.peekDictionary(index) else { return false }
        let shape = matchingShape(of: index, keys: keys, in: layout)
        guard shape >= 0 else { return false }
        values.prepare(for: shape)
        do {
            // What reading the dictionary spends, before entering it as decoding does.
            try table.spend(1)
            try archive.touch(uid)
            return try checkInPlace(
                index, shape: shape, keysStart: keys.keysStart, in: table, layout: layout, booleans: &booleans,
                values: &values)
        } catch {
            throw .wrapping(error)
        }
    }

    /// The number of the shape already checked that dictionary object `index`, its keys at
    /// `keys`, has, with its `$class` value the same UID object; -1 when it has none.
    @inline(__always)
    private func matchingShape(
        of index: Int,
        keys: (keysStart: Int, count: Int),
        in layout: BinaryPropertyListReader.Layout
    ) -> Int {
        var number = 0
        while number < shapes.count {
            let shape = shapes[number]
            if shape.count == keys.count, layout.sameKeys(shape.keysStart, keys.keysStart, count: keys.count) {
                let classReference = layout.peekReference(
                    at: keys.keysStart &+ (keys.count &+ shape.classEntry) &* layout.referenceSize)
                return shape.namesClass(classReference, in: layout) ? number : -1
            }
            number += 1
        }
        return -1
    }

    /// Checks the fields of dictionary object `index` (of shape number `shape`, its keys at
    /// `keysStart`) by reading them in place, putting their values in `values`; `false` when a
    /// field needs the decoder's reads. The budget its reads would spend is spent at the end,
    /// once: the object throws all the same when the budget runs out.
    private func checkInPlace(
        _ index: Int,
        shape shapeNumber: Int,
        keysStart: Int,
        in table: BinaryObjectTable,
        layout: BinaryPropertyListReader.Layout,
        booleans: inout Booleans,
        values: inout KeptValues
    ) throws(PropertyListError) -> Bool {
        let objectCount = UInt64(references.count)
        let shape = shapes[shapeNumber]
        // The shape's entries lie inside the dictionary, whose span `peekDictionary` checked.
        let valuesStart = keysStart &+ shape.count &* layout.referenceSize
        var spent = 0
        var number = shape.firstStep
        let end = shape.firstStep + shape.stepCount
        while number < end {
            let step = steps[number]
            guard let reference = layout.peekReference(at: valuesStart &+ step.entry &* layout.referenceSize) else {
                return false
            }
            // The read of the field's object.
            spent &+= 1
            let value: ObjectSkim.Value
            switch step.kind {
            case .bool:
                // The same object again reads the same.
                if reference == booleans.no || reference == booleans.yes {
                    value = .bool(reference == booleans.yes)
                } else {
                    guard let read = layout.peekBool(reference) else { return false }
                    if read { booleans.yes = reference } else { booleans.no = reference }
                    value = .bool(read)
                }
            case .integer:
                // Eight bytes at most: always an `Int` on the 64-bit systems this runs on.
                guard let read = layout.peekInteger(reference), let exact = Int(exactly: read) else { return false }
                value = .integer(exact)
            case .real:
                guard let read = layout.peekReal(reference) else { return false }
                value = .real(read)
            case .string:
                guard let uid = layout.peekUID(reference) else { return false }
                // `$null` is absent for the optional read.
                guard uid != 0 || step.required else {
                    value = .absent
                    break
                }
                guard uid < objectCount else { return false }
                // Spends its own read, and keeps the string for the objects that share it.
                guard let read = try table.string(at: references[Int(uid)]) else { return false }
                value = .string(read)
            case .date:
                guard let uid = layout.peekUID(reference) else { return false }
                guard uid != 0 || step.required else {
                    value = .absent
                    break
                }
                guard uid < objectCount, let time = dateInPlace(references[Int(uid)], in: layout) else {
                    return false
                }
                // The date's dictionary and its time.
                spent &+= 2
                value = .date(time)
            case .strings:
                guard let uid = layout.peekUID(reference) else { return false }
                guard uid != 0 || step.required else {
                    value = .absent
                    break
                }
                guard uid < objectCount else { return false }
                // A lone string (as files written before the field held several) spends its own read.
                if let read = try table.string(at: references[Int(uid)]) {
                    value = .strings([read])
                    break
                }
                guard let read = try stringsInPlace(references[Int(uid)], in: table, layout: layout) else {
                    return false
                }
                // The array's dictionary, its class and its `NS.objects`; each string spent its own.
                spent &+= 3
                value = .strings(read)
            }
            values.keep(value, for: step.check)
            number += 1
        }
        try table.spend(spent)
        return true
    }

    /// Reads `NSDate` object `index` in place as `KeyedDecoder.decodeDate` reads it (its
    /// dictionary, class and real time: two reads of the budget besides the UID's); `nil` when
    /// it is not of the date shape checked before, or its time is not a real.
    @inline(__always)
    private func dateInPlace(_ index: Int, in layout: BinaryPropertyListReader.Layout) -> Double? {
        guard let keys = layout.peekDictionary(index), dateShape.count == keys.count,
            layout.sameKeys(dateShape.keysStart, keys.keysStart, count: keys.count)
        else { return nil }
        let valuesStart = keys.keysStart &+ keys.count &* layout.referenceSize
        let classReference = layout.peekReference(at: valuesStart &+ dateShape.classEntry &* layout.referenceSize)
        guard dateShape.namesClass(classReference, in: layout),
            let reference = layout.peekReference(at: valuesStart &+ dateTimeEntry &* layout.referenceSize)
        else { return nil }
        return layout.peekReal(reference)
    }

    /// Reads `NSArray` object `index` of strings in place as `KeyedDecoder.decodeStringsIfPresent`
    /// reads it; `nil` when it is not of the array shape checked before, or holds anything but
    /// UIDs of strings.
    private func stringsInPlace(
        _ index: Int,
        in table: BinaryObjectTable,
        layout: BinaryPropertyListReader.Layout
    ) throws(PropertyListError) -> [String]? {
        guard let keys = layout.peekDictionary(index), arrayShape.count == keys.count,
            layout.sameKeys(arrayShape.keysStart, keys.keysStart, count: keys.count)
        else { return nil }
        let valuesStart = keys.keysStart &+ keys.count &* layout.referenceSize
        let classReference = layout.peekReference(at: valuesStart &+ arrayShape.classEntry &* layout.referenceSize)
        guard arrayShape.namesClass(classReference, in: layout),
            let reference = layout.peekReference(at: valuesStart &+ arrayObjectsEntry &* layout.referenceSize),
            let elements = layout.peekArray(reference)
        else { return nil }
        let objectCount = UInt64(references.count)
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for element in 0..<elements.count {
            guard
                let elementReference = layout.peekReference(
                    at: elements.elementsStart &+ element &* layout.referenceSize),
                let uid = layout.peekUID(elementReference), uid > 0, uid < objectCount,
                let string = try table.string(at: references[Int(uid)])
            else { return nil }
            strings.append(string)
        }
        return strings
    }

    // MARK: Through the decoder

    /// Remembers the shape of an object just decoded, when it is a binary dictionary.
    private mutating func rememberShape(of binary: BinaryObjectTable.Dictionary?) throws(KeyedArchiveError) {
        guard let binary else { return }
        do {
            try remember(binary)
        } catch {
            throw .notAPropertyList(error)
        }
    }

    /// Remembers the shape of `dictionary`, an object just checked in full, and the shape of the
    /// date its first date field names, when not known yet.
    private mutating func remember(_ dictionary: BinaryObjectTable.Dictionary) throws(PropertyListError) {
        guard let table, shapes.count < Self.maximumShapes else { return }
        let known = shapes.contains {
            $0.count == dictionary.count
                && table.layout.sameKeys($0.keysStart, dictionary.keysStart, count: dictionary.count)
        }
        guard !known else { return }
        let fields = checks.enumerated().map { number, check in
            (key: check.key, step: SkimShape.Step(entry: -1, check: number, kind: check.kind, required: check.required))
        }
        guard let shape = try shape(of: dictionary, fields: fields, in: table) else { return }
        shapes.append(shape)
        if dateShape.count < 0,
            let found = try nestedShape(of: dictionary, shape: shape, field: .date, key: "NS.time", kind: .real)
        {
            (dateShape, dateTimeEntry) = found
        }
        if arrayShape.count < 0,
            let found = try nestedShape(
                of: dictionary, shape: shape, field: .strings, key: "NS.objects", kind: .strings)
        {
            (arrayShape, arrayObjectsEntry) = found
        }
    }

    /// The shape of the object the first field of kind `field` of `dictionary` (of shape `shape`,
    /// just read through the decoder) names, and the entry of its `key` (holding a `kind`):
    /// `nil` when it has no such field, or it names no dictionary of that shape (a lone string
    /// where an array may stand).
    private mutating func nestedShape(
        of dictionary: BinaryObjectTable.Dictionary,
        shape: SkimShape,
        field: ObjectSkim.Kind,
        key: String,
        kind: ObjectSkim.Kind
    ) throws(PropertyListError) -> (shape: SkimShape, entry: Int)? {
        guard let table,
            let step = steps[shape.firstStep..<(shape.firstStep + shape.stepCount)].first(where: { $0.kind == field })
        else { return nil }
        let reference = try table.valueReference(
            entry: step.entry, keysStart: dictionary.keysStart, count: dictionary.count, index: dictionary.index)
        // Read through the decoder: a UID of a dictionary of the class it must have, or another shape.
        guard let uid = try table.uid(at: reference), uid > 0, uid < UInt64(references.count),
            let object = try table.dictionary(references[Int(uid)])
        else { return nil }
        let inner = SkimShape.Step(entry: -1, check: -1, kind: kind, required: true)
        guard let found = try self.shape(of: object, fields: [(key: key, step: inner)], in: table) else { return nil }
        return (found, steps[found.firstStep].entry)
    }

    /// The shape of `dictionary` with a step for each of `fields` present in it (its entry filled
    /// in), appended to `steps`; `nil` when it has no `$class` or lacks a required field (such
    /// objects always take the decoder's reads).
    private mutating func shape(
        of dictionary: BinaryObjectTable.Dictionary,
        fields: [(key: String, step: SkimShape.Step)],
        in table: BinaryObjectTable
    ) throws(PropertyListError) -> SkimShape? {
        let classEntry = try table.entry(forKey: "$class", in: dictionary)
        guard classEntry >= 0 else { return nil }
        var found: [SkimShape.Step] = []
        for field in fields {
            var step = field.step
            step.entry = try table.entry(forKey: field.key, in: dictionary)
            if step.entry >= 0 {
                found.append(step)
            } else if step.required {
                return nil
            }
        }
        // Steps of one kind in a row: the reads in place branch on the kind of each step.
        found.sort { Self.order($0.kind) < Self.order($1.kind) }
        let classReference = try table.valueReference(
            entry: classEntry, keysStart: dictionary.keysStart, count: dictionary.count, index: dictionary.index)
        // The decoder just read it as a UID: one of more than eight bytes is left to the decoder.
        guard let classUID = table.layout.peekUID(classReference) else { return nil }
        let shape = SkimShape(
            keysStart: dictionary.keysStart, count: dictionary.count, classEntry: classEntry,
            classReference: classReference, classUID: classUID, firstStep: steps.count, stepCount: found.count)
        steps += found
        return shape
    }

    /// The place of steps of `kind` in a shape's steps.
    private static func order(_ kind: ObjectSkim.Kind) -> Int {
        switch kind {
        case .bool: 0
        case .integer: 1
        case .real: 2
        case .string: 3
        case .date: 4
        case .strings: 5
        }
    }
}
