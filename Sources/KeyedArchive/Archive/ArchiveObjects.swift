/// The `$objects` of one archive, with what decoding in progress needs to detect cycles.
///
/// An XML archive's objects are a decoded tree; a binary archive's are read from the file
/// on demand (`BinaryObjectTable`), which spares building dictionaries for every object.
final class ArchiveObjects {
    /// The maximum nesting of objects a decoder follows.
    static let maximumDepth = 256

    /// The objects of an XML archive (or of a tree given directly); empty for a binary archive.
    private let tree: [PropertyList]
    /// The file of a binary archive, `nil` for a tree.
    let table: BinaryObjectTable?
    /// The object index in `table` of each entry of `$objects`.
    let references: [Int]
    /// The number of entries in `$objects`.
    let count: Int
    /// The objects being decoded right now, innermost last: at most `maximumDepth`, searched in turn.
    private var inProgress: [Int] = []
    private var depth = 0
    /// How many more objects may be entered: shared references (a DAG) could otherwise make
    /// decoding exponential in the archive's size. Each object of a sane archive is entered once.
    private var enterBudget: Int
    /// The object indices of a `false` and a `true` the skim's reads in place met (-1 for none):
    /// what an editor of the file can give the objects it adds (`KeyedUnarchiver.booleanObjects`).
    var booleanObjects = (false: -1, true: -1)
    /// Class names already checked, by the UID of their class dictionary: a small direct-mapped
    /// table (an archive has a few classes), so no per-object array is allocated and released.
    /// A collision only means checking a class dictionary again.
    private var classUIDs = [UInt64](repeating: .max, count: ArchiveObjects.classSlots)
    private var classNames = [String](repeating: "", count: ArchiveObjects.classSlots)
    private static let classSlots = 64
    /// Class checks that passed, as the raw bits of the archived name and of the expected name
    /// (four words per check); `matchedNames` keeps both strings alive so the bits stay theirs,
    /// followed by the name to report (three strings per check).
    private var matchedBits: [UInt64] = []
    private var matchedNames: [String] = []
    /// Whole class checks that passed, by the slot of the object's shape: four words (the shape's
    /// generation, the object index of the `$class` value, the raw bits of the expected name),
    /// the name to report, and the expected name (kept alive so its bits stay its own). Objects
    /// of one shape whose `$class` is the same UID object are of the same class.
    private var classMemoKeys = [UInt64](repeating: 0, count: 4 * DictionaryShapes.slotCount)
    private var classMemoNames = [String](repeating: "", count: DictionaryShapes.slotCount)
    private var classMemoExpected = [String](repeating: "", count: DictionaryShapes.slotCount)

    init(objects: [PropertyList]) {
        tree = objects
        table = nil
        references = []
        count = objects.count
        enterBudget = 4 * objects.count + 1_024
    }

    init(table: BinaryObjectTable, references: [Int]) {
        tree = []
        self.table = table
        self.references = references
        count = references.count
        enterBudget = 4 * references.count + 1_024
    }

    /// The UID a value holds: a binary UID, or an XML `{"CF$UID": n}` dictionary.
    static func uid(of value: PropertyList) -> UInt64? {
        switch value {
        case .uid(let uid):
            return uid
        case .dictionary(let dictionary) where dictionary.count == 1:
            guard case .integer(let integer) = dictionary["CF$UID"], integer >= 0 else { return nil }
            return UInt64(integer)
        default:
            return nil
        }
    }

    private func check(_ uid: UInt64) throws(KeyedArchiveError) -> Int {
        guard uid < UInt64(count) else { throw .danglingReference(uid, objectCount: count) }
        return Int(uid)
    }

    /// The whole object a UID names.
    func object(_ uid: UInt64) throws(KeyedArchiveError) -> PropertyList {
        let index = try check(uid)
        guard let table else { return tree[index] }
        do {
            return try table.value(references[index])
        } catch {
            throw .notAPropertyList(error)
        }
    }

    /// The fields of the object a UID names, or `nil` when that object is not a dictionary.
    func fields(_ uid: UInt64) throws(KeyedArchiveError) -> ObjectFields? {
        if table != nil { return try binaryDictionary(uid).map { .binary($0) } }
        guard case .dictionary(let dictionary) = tree[try check(uid)] else { return nil }
        return .tree(dictionary)
    }

    /// The dictionary object a UID names in a binary archive, or `nil` when the archive is a tree
    /// or the object is not a dictionary (callers then take the general path, `fields`).
    @inline(__always)
    func binaryDictionary(_ uid: UInt64) throws(KeyedArchiveError) -> BinaryObjectTable.Dictionary? {
        guard table != nil else { return nil }
        let index = try check(uid)
        do {
            return try table?.dictionary(references[index])
        } catch {
            throw .notAPropertyList(error)
        }
    }

    // MARK: Fields

    /// The value for `key` in `fields`, or `nil` when absent.
    func value(forKey key: String, in fields: ObjectFields) throws(KeyedArchiveError) -> FieldValue? {
        switch fields {
        case .tree(let dictionary):
            return dictionary[key].map { .tree($0) }
        case .binary(let dictionary):
            // Binary fields come from this archive's table, so it is there.
            do {
                return try table?.reference(forKey: key, in: dictionary).map { .object($0) }
            } catch {
                throw .notAPropertyList(error)
            }
        }
    }

    /// The decoded value of `field`.
    func propertyList(_ field: FieldValue) throws(KeyedArchiveError) -> PropertyList {
        switch field {
        case .tree(let value):
            return value
        case .object(let index):
            guard let table else { throw .notAKeyedArchive("object \(index) of a tree archive") }
            do {
                return try table.fieldValue(index)
            } catch {
                throw .notAPropertyList(error)
            }
        }
    }

    /// All fields, decoded, in file order.
    func dictionary(of fields: ObjectFields) throws(KeyedArchiveError) -> PropertyListDictionary {
        switch fields {
        case .tree(let dictionary):
            return dictionary
        case .binary(let dictionary):
            guard let table else { return PropertyListDictionary() }
            do {
                return try table.entries(of: dictionary)
            } catch {
                throw .notAPropertyList(error)
            }
        }
    }

    // MARK: Typed reads of binary fields
    //
    // `nil` means "not this kind, or not a binary object": callers then decode the field's
    // `propertyList` and handle it as before, so unusual shapes behave exactly as they did.
    //
    // Each read maps the table's errors with its own do/catch. One shared helper taking the read
    // as a closure made decoding 10,000 items cost 17 % more instructions (callgrind), so the
    // repetition stays.

    /// The object index of the value for `key` in a binary dictionary, or -1 when it is absent.
    @inline(__always)
    func reference(forKey key: String, in dictionary: BinaryObjectTable.Dictionary) throws(KeyedArchiveError) -> Int {
        do {
            return try table?.reference(forKey: key, in: dictionary) ?? -1
        } catch {
            throw .notAPropertyList(error)
        }
    }

    /// The UID binary object `index` holds.
    @inline(__always)
    func uid(at index: Int) throws(KeyedArchiveError) -> UInt64? {
        do {
            return try table?.uid(at: index)
        } catch {
            throw .notAPropertyList(error)
        }
    }

    /// The boolean binary object `index` holds.
    @inline(__always)
    func bool(at index: Int) throws(KeyedArchiveError) -> Bool? {
        do {
            return try table?.bool(at: index)
        } catch {
            throw .notAPropertyList(error)
        }
    }

    /// The integer (of at most 8 bytes) binary object `index` holds.
    @inline(__always)
    func integer(at index: Int) throws(KeyedArchiveError) -> Int64? {
        do {
            return try table?.integer(at: index)
        } catch {
            throw .notAPropertyList(error)
        }
    }

    /// The real number binary object `index` holds.
    @inline(__always)
    func real(at index: Int) throws(KeyedArchiveError) -> Double? {
        do {
            return try table?.real(at: index)
        } catch {
            throw .notAPropertyList(error)
        }
    }

    /// The UID a field holds, when it is a binary UID object.
    func uid(in field: FieldValue) throws(KeyedArchiveError) -> UInt64? {
        guard case .object(let index) = field else { return nil }
        return try uid(at: index)
    }

    /// The UIDs of the array a binary field holds, when it holds only UIDs.
    func uidElements(in field: FieldValue) throws(KeyedArchiveError) -> [UInt64]? {
        guard case .object(let index) = field else { return nil }
        do {
            return try table?.uidElements(at: index)
        } catch {
            throw .notAPropertyList(error)
        }
    }

    /// The number of elements of the array a field holds: a binary one counted in place, a
    /// decoded one as it is; `nil` when the field holds no array.
    func elementCount(in field: FieldValue) throws(KeyedArchiveError) -> Int? {
        guard case .object(let index) = field, let table else {
            guard case .array(let elements) = try propertyList(field) else { return nil }
            return elements.count
        }
        do {
            return try table.elementCount(at: index)
        } catch {
            throw .notAPropertyList(error)
        }
    }

    /// The string object a UID names in a binary archive, or `nil` for another kind of object.
    func string(uid: UInt64) throws(KeyedArchiveError) -> String? {
        let index = try check(uid)
        guard table != nil else { return nil }
        do {
            return try table?.string(at: references[index])
        } catch {
            throw .notAPropertyList(error)
        }
    }

    // MARK: Decoding state

    /// Marks `uid` as being decoded; throws on a cycle or excessive depth.
    func enter(_ uid: UInt64) throws(KeyedArchiveError) {
        guard depth < Self.maximumDepth else { throw .tooDeep(limit: Self.maximumDepth) }
        guard enterBudget > 0 else {
            throw .notAPropertyList(.tooLarge("shared objects expand far beyond the \(count) objects of the archive"))
        }
        enterBudget -= 1
        let index = try check(uid)
        guard !inProgress.contains(index) else { throw .cyclicReference(uid) }
        inProgress.append(index)
        depth += 1
    }

    /// Ends the decoding of `uid`.
    func leave(_ uid: UInt64) {
        _ = inProgress.popLast()
        depth -= 1
    }

    /// Enters and leaves `uid` at once: `enter` then `leave` with nothing entered in between, as
    /// decoding an object that holds no objects does (the same depth, budget and cycle checks).
    @inline(__always)
    func touch(_ uid: UInt64) throws(KeyedArchiveError) {
        guard depth < Self.maximumDepth else { throw .tooDeep(limit: Self.maximumDepth) }
        guard enterBudget > 0 else {
            throw .notAPropertyList(.tooLarge("shared objects expand far beyond the \(count) objects of the archive"))
        }
        enterBudget -= 1
        guard !inProgress.contains(try check(uid)) else { throw .cyclicReference(uid) }
    }

    // MARK: Classes

    /// The class name of object `uid` whose fields are `fields`, with the class dictionary checked.
    func className(ofObject uid: UInt64, fields: ObjectFields) throws(KeyedArchiveError) -> String {
        let classUID: UInt64
        if case .binary(let dictionary) = fields, case let reference = try reference(forKey: "$class", in: dictionary),
            reference >= 0, let binary = try self.uid(at: reference)
        {
            classUID = binary
        } else {
            guard let classField = try value(forKey: "$class", in: fields) else {
                throw .invalidClass(uid: uid, reason: "no $class")
            }
            guard let decoded = Self.uid(of: try propertyList(classField)) else {
                throw .invalidClass(uid: uid, reason: "$class is not a reference")
            }
            classUID = decoded
        }
        let slot = Int(truncatingIfNeeded: classUID) & (Self.classSlots - 1)
        // Empty slots hold UInt64.max, never a UID of an object.
        if classUID < UInt64(count), classUIDs[slot] == classUID { return classNames[slot] }
        let name = try checkClass(classUID, ofObject: uid)
        classUIDs[slot] = classUID
        classNames[slot] = name
        return name
    }

    /// Reads and checks class dictionary `classUID` (the class of object `uid`): its name.
    private func checkClass(_ classUID: UInt64, ofObject uid: UInt64) throws(KeyedArchiveError) -> String {
        guard let classFields = try self.fields(classUID) else {
            throw .invalidClass(uid: uid, reason: "class object \(classUID) is not a dictionary")
        }
        let nameField = try value(forKey: "$classname", in: classFields)
        guard let nameField, case .string(let name) = try propertyList(nameField) else {
            throw .invalidClass(uid: uid, reason: "class object \(classUID) has no string $classname")
        }
        // Apple's writer always adds $classes, but archives without it decode with Foundation too.
        if let chainField = try value(forKey: "$classes", in: classFields) {
            guard case .array(let names) = try propertyList(chainField), names.allSatisfy({ $0.stringValue != nil })
            else {
                throw .invalidClass(uid: uid, reason: "$classes of class object \(classUID) is not an array of names")
            }
        }
        return name
    }

    /// The name to report for object `uid` (whose fields are `fields`) when its class means
    /// `expected`: `className(ofObject:fields:)` then `matchedName`. Throws `unexpectedClass` when
    /// the object is of another class. Binary dictionaries go through
    /// `reportedClassName(ofObject:binary:expected:)`, which remembers the result per shape.
    func reportedClassName(
        ofObject uid: UInt64,
        fields: ObjectFields,
        expected: ArchivedClass
    ) throws(KeyedArchiveError) -> String {
        let name = try className(ofObject: uid, fields: fields)
        guard let reported = matchedName(expected, name) else {
            throw .unexpectedClass(expected: expected.unqualifiedName, found: name)
        }
        return reported
    }

    /// `reportedClassName(ofObject:fields:expected:)` for a binary dictionary object. Inlined: its
    /// common case is a few compares, and a call would pass the dictionary through memory.
    @inline(__always)
    func reportedClassName(
        ofObject uid: UInt64,
        binary dictionary: BinaryObjectTable.Dictionary,
        expected: ArchivedClass
    ) throws(KeyedArchiveError) -> String {
        var classReference = -1
        if dictionary.shape.slot >= 0 {
            classReference = try reference(forKey: "$class", in: dictionary)
            let key = 4 * dictionary.shape.slot
            let wanted = expected.name.rawBits
            // Generations start at 1, so an empty memo (all zero) matches no shape.
            if classReference >= 0, classMemoKeys[key] == UInt64(dictionary.shape.generation),
                classMemoKeys[key + 1] == UInt64(classReference), classMemoKeys[key + 2] == wanted.0,
                classMemoKeys[key + 3] == wanted.1
            {
                return classMemoNames[dictionary.shape.slot]
            }
        }
        return try checkAndRememberClass(
            ofObject: uid, binary: dictionary, expected: expected, classReference: classReference)
    }

    /// The full class check of `reportedClassName(ofObject:binary:expected:)`, remembered for the
    /// object's shape and `$class` object (at `classReference`, -1 when absent).
    @inline(never)
    private func checkAndRememberClass(
        ofObject uid: UInt64,
        binary dictionary: BinaryObjectTable.Dictionary,
        expected: ArchivedClass,
        classReference: Int
    ) throws(KeyedArchiveError) -> String {
        let reported = try reportedClassName(ofObject: uid, fields: .binary(dictionary), expected: expected)
        let memo = dictionary.shape.slot
        if memo >= 0, classReference >= 0 {
            let wanted = expected.name.rawBits
            let key = 4 * memo
            classMemoKeys[key] = UInt64(dictionary.shape.generation)
            classMemoKeys[key + 1] = UInt64(classReference)
            classMemoKeys[key + 2] = wanted.0
            classMemoKeys[key + 3] = wanted.1
            classMemoNames[memo] = reported
            classMemoExpected[memo] = expected.name
        }
        return reported
    }

    /// Whether the archived class name `name` means `expected` (`ArchivedClass.matches`).
    @inline(__always)
    func matches(_ expected: ArchivedClass, _ name: String) -> Bool {
        matchedName(expected, name) != nil
    }

    /// The class name to report for an object archived as `name` when that means `expected`:
    /// `expected.name` itself when the two are equal (a literal, which costs no reference
    /// counting when decoders copy it), else `name`; `nil` when `name` means another class.
    /// Remembered for the names seen: every object of a class repeats the same check on the
    /// same strings.
    func matchedName(_ expected: ArchivedClass, _ name: String) -> String? {
        let archived = name.rawBits
        let wanted = expected.name.rawBits
        var place = 0
        while place + 4 <= matchedBits.count {
            if matchedBits[place] == archived.0, matchedBits[place + 1] == archived.1,
                matchedBits[place + 2] == wanted.0, matchedBits[place + 3] == wanted.1
            {
                return matchedNames[place / 4 * 3 + 2]
            }
            place += 4
        }
        guard expected.matches(name) else { return nil }
        let result = name == expected.name ? expected.name : name
        // A few classes per archive; a bounded list keeps hostile archives from growing it.
        if matchedNames.count < 24 {
            matchedBits += [archived.0, archived.1, wanted.0, wanted.1]
            matchedNames += [name, expected.name, result]
        }
        return result
    }
}
