import KeyedArchive
import TestSupport
import Testing

/// The shared fixtures: every field of every object, skimmed as each kind, passes exactly where
/// reading it as that kind passes, with the same integer.
@Suite(.enabled(if: Fixtures.available, "../shared/fixtures is absent"))
struct KeyedUnarchiverSkimFixtureTests {
    static let kinds: [ObjectSkim.Kind] = [.string, .bool, .integer, .real, .date]

    /// Reads `field` of object `uid` as its kind's decoder read: the oracle.
    static func read(
        _ field: ObjectSkim.Field, of uid: UInt64, as archivedClass: ArchivedClass, in bytes: [UInt8]
    )
        throws(KeyedArchiveError) -> Int?
    {
        let decoder = try KeyedUnarchiver(bytes: bytes).decoder(forObject: uid, of: archivedClass)
        switch (field.kind, field.required) {
        case (.string, true): _ = try decoder.decode(String.self, forKey: field.key)
        case (.string, false): _ = try decoder.decodeIfPresent(String.self, forKey: field.key)
        case (.bool, true): _ = try decoder.decode(Bool.self, forKey: field.key)
        case (.bool, false): _ = try decoder.decodeIfPresent(Bool.self, forKey: field.key)
        case (.integer, true): return try decoder.decode(Int.self, forKey: field.key)
        case (.integer, false): return try decoder.decodeIfPresent(Int.self, forKey: field.key)
        case (.real, true): _ = try decoder.decode(Double.self, forKey: field.key)
        case (.real, false):
            // No optional read of reals: absent passes, present is read as the required one.
            if try decoder.rawValue(forKey: field.key) != nil { _ = try decoder.decode(Double.self, forKey: field.key) }
        case (.date, true): _ = try decoder.decodeDate(forKey: field.key)
        case (.date, false): _ = try decoder.decodeDateIfPresent(forKey: field.key)
        }
        return nil
    }

    /// Each object of the archive with its class name and keys, as the raw tree holds them.
    static func classedObjects(_ tree: PropertyList) -> [(uid: UInt64, className: String, keys: [String])] {
        guard case .dictionary(let root) = tree, case .array(let objects)? = root["$objects"] else { return [] }
        var result: [(uid: UInt64, className: String, keys: [String])] = []
        for (index, object) in objects.enumerated().prefix(300) {
            guard case .dictionary(let fields) = object, case .uid(let classUID)? = fields["$class"],
                classUID < UInt64(objects.count), case .dictionary(let classFields) = objects[Int(classUID)],
                case .string(let name)? = classFields["$classname"]
            else { continue }
            result.append((UInt64(index), name, fields.keys.filter { $0 != "$class" }))
        }
        return result
    }

    @Test(arguments: Fixtures.entries.filter { $0.archive != "-" && $0.format == "binary" })
    func everyFieldSkimsWhereItDecodes(_ entry: Fixtures.Entry) throws {
        let bytes = try Fixtures.bytes(entry)
        guard let tree = try? PropertyListReader.read(bytes) else { return }
        var failures = 0
        for object in Self.classedObjects(tree) where failures < 3 {
            let archivedClass = ArchivedClass(name: object.className)
            for key in object.keys + ["$absent"] {
                for kind in Self.kinds {
                    for required in [false, true] {
                        let field = ObjectSkim.Field(key: key, kind: kind, required: required)
                        // A Result, not `try?`: a read of nothing (`nil`) must stay apart from an error.
                        let read = Result { () throws(KeyedArchiveError) -> Int? in
                            try Self.read(field, of: object.uid, as: archivedClass, in: bytes)
                        }
                        let decoded: [Int?]? =
                            switch read {
                            case .success(let integer): [integer]
                            case .failure: nil
                            }
                        let skim = ObjectSkim(
                            archivedClass: archivedClass, fields: [field],
                            integerKey: kind == .integer ? key : "$no such key")
                        let skimmed = try? KeyedUnarchiver(bytes: bytes).skim([object.uid], skim)
                        if skimmed != decoded {
                            failures += 1
                            let verdicts =
                                "decoded \(String(describing: decoded)), skimmed \(String(describing: skimmed))"
                            Issue.record(
                                "\(entry.file) object \(object.uid) '\(key)' as \(kind), required \(required): \(verdicts)"
                            )
                        }
                    }
                }
            }
        }
    }
}
