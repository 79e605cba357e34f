import KeyedArchive

/// The UIDs of a checklist archive's objects, found by walking its property list (independently of
/// the editor): the `Checklists` array, and each checklist with its `Items` array and items.
struct ChecklistArchiveMap {
    /// One checklist's UID, its `Items` array's UID and its items' UIDs.
    struct List {
        var uid: UInt64
        var items: UInt64
        var itemUIDs: [UInt64]
    }

    /// Why a file could not be mapped.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var checklists: UInt64
    var lists: [List]

    init(_ bytes: [UInt8]) throws {
        let tree = try BinaryPropertyListReader.read(bytes)
        guard let root = tree.dictionaryValue, let objects = root["$objects"]?.arrayValue,
            let top = root["$top"]?.dictionaryValue, case .uid(let checklists) = top["Checklists"]
        else { throw Failure(description: "not a checklist archive") }
        func object(_ uid: UInt64) throws -> PropertyListDictionary {
            guard uid < UInt64(objects.count), let object = objects[Int(uid)].dictionaryValue else {
                throw Failure(description: "object \(uid) is not a dictionary")
            }
            return object
        }
        func elements(_ uid: UInt64) throws -> [UInt64] {
            guard let array = try object(uid)["NS.objects"]?.arrayValue else {
                throw Failure(description: "object \(uid) is not an NSArray")
            }
            return try array.map { element in
                guard case .uid(let uid) = element else { throw Failure(description: "element is not a UID") }
                return uid
            }
        }
        self.checklists = checklists
        lists = try elements(checklists).map { list in
            guard case .uid(let items) = try object(list)["Items"] else { throw Failure(description: "no Items") }
            return List(uid: list, items: items, itemUIDs: try elements(items))
        }
    }
}
