/// The `$objects` of one archive, with what decoding in progress needs to detect cycles.
///
/// An XML archive's objects are a decoded tree; a binary archive's are read from the file
/// on demand (`BinaryObjectTable`), which spares building dictionaries for every object.
final class ArchiveObjects {
    /// The maximum nesting of objects a decoder follows.
    static let maximumDepth = 256

    private enum Storage {
        case tree([PropertyList])
        case binary(BinaryObjectTable, references: [Int])
    }

    private let storage: Storage
    /// The number of entries in `$objects`.
    let count: Int
    private var inProgress: [Bool]
    private var depth = 0
    /// How many more objects may be entered: shared references (a DAG) could otherwise make
    /// decoding exponential in the archive's size. Each object of a sane archive is entered once.
    private var enterBudget: Int
    /// Class names already checked, by the UID of their class dictionary.
    private var classNames: [String?]

    init(objects: [PropertyList]) {
        storage = .tree(objects)
        count = objects.count
        enterBudget = 4 * objects.count + 1_024
        inProgress = [Bool](repeating: false, count: count)
        classNames = [String?](repeating: nil, count: count)
    }

    init(table: BinaryObjectTable, references: [Int]) {
        storage = .binary(table, references: references)
        count = references.count
        enterBudget = 4 * references.count + 1_024
        inProgress = [Bool](repeating: false, count: count)
        classNames = [String?](repeating: nil, count: count)
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
        switch storage {
        case .tree(let objects):
            return objects[index]
        case .binary(let table, let references):
            do {
                return try table.value(references[index])
            } catch {
                throw .notAPropertyList(error)
            }
        }
    }

    /// The fields of the object a UID names, or `nil` when that object is not a dictionary.
    func fields(_ uid: UInt64) throws(KeyedArchiveError) -> ObjectFields? {
        let index = try check(uid)
        switch storage {
        case .tree(let objects):
            guard case .dictionary(let dictionary) = objects[index] else { return nil }
            return .tree(dictionary)
        case .binary(let table, let references):
            do {
                return try table.dictionary(references[index]).map { .binary($0, table) }
            } catch {
                throw .notAPropertyList(error)
            }
        }
    }

    /// Marks `uid` as being decoded; throws on a cycle or excessive depth.
    func enter(_ uid: UInt64) throws(KeyedArchiveError) {
        guard depth < Self.maximumDepth else { throw .tooDeep(limit: Self.maximumDepth) }
        guard enterBudget > 0 else {
            throw .notAPropertyList(.tooLarge("shared objects expand far beyond the \(count) objects of the archive"))
        }
        enterBudget -= 1
        let index = try check(uid)
        guard !inProgress[index] else { throw .cyclicReference(uid) }
        inProgress[index] = true
        depth += 1
    }

    /// Ends the decoding of `uid`.
    func leave(_ uid: UInt64) {
        inProgress[Int(uid)] = false
        depth -= 1
    }

    /// The class name of object `uid` whose fields are `fields`, with the class dictionary checked.
    func className(ofObject uid: UInt64, fields: ObjectFields) throws(KeyedArchiveError) -> String {
        guard let classValue = try fields.value(forKey: "$class") else {
            throw .invalidClass(uid: uid, reason: "no $class")
        }
        guard let classUID = Self.uid(of: classValue) else {
            throw .invalidClass(uid: uid, reason: "$class is not a reference")
        }
        if classUID < UInt64(classNames.count), let known = classNames[Int(classUID)] { return known }
        guard let classFields = try self.fields(classUID) else {
            throw .invalidClass(uid: uid, reason: "class object \(classUID) is not a dictionary")
        }
        guard case .string(let name) = try classFields.value(forKey: "$classname") else {
            throw .invalidClass(uid: uid, reason: "class object \(classUID) has no string $classname")
        }
        // Apple's writer always adds $classes, but archives without it decode with Foundation too.
        if let chain = try classFields.value(forKey: "$classes") {
            guard case .array(let names) = chain, names.allSatisfy({ $0.stringValue != nil }) else {
                throw .invalidClass(uid: uid, reason: "$classes of class object \(classUID) is not an array of names")
            }
        }
        classNames[Int(classUID)] = name
        return name
    }
}
