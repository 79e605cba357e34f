/// Why an archive could not be read, or read into the types asked for.
public enum KeyedArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a property list at all.
    case notAPropertyList(PropertyListError)
    /// The property list is not a keyed archive (`$archiver`, `$version`, `$objects`, `$top`).
    case notAKeyedArchive(String)
    /// A UID points past the end of `$objects`.
    case danglingReference(UInt64, objectCount: Int)
    /// An object refers back to itself while being decoded.
    case cyclicReference(UInt64)
    /// Objects nest deeper than the decoder allows.
    case tooDeep(limit: Int)
    /// An object's `$class` is missing or its class dictionary is malformed.
    case invalidClass(uid: UInt64, reason: String)
    /// An object is of another class than the one asked for.
    case unexpectedClass(expected: String, found: String)
    /// A required key is missing.
    case missingKey(String, inClass: String)
    /// A value has the wrong type.
    case typeMismatch(key: String, expected: String, found: String)
    /// `ArchiveEditor` cannot change the archive by appending, or was asked for an edit that
    /// makes no sense; encoding the whole archive afresh is the way out.
    case notEditable(String)

    /// `error`, from code that reads property lists and archives, as an archive error: a property
    /// list's error wrapped, an archive's as it is.
    static func wrapping(_ error: any Error) -> KeyedArchiveError {
        switch error {
        case let error as PropertyListError: .notAPropertyList(error)
        case let error as KeyedArchiveError: error
        default: .notAKeyedArchive("\(error)")
        }
    }

    public var description: String {
        switch self {
        case .notAPropertyList(let error):
            "\(error)"
        case .notAKeyedArchive(let reason):
            "not a keyed archive: \(reason)"
        case .danglingReference(let uid, let count):
            "reference to object \(uid), but the archive holds only \(count) objects"
        case .cyclicReference(let uid):
            "object \(uid) refers to itself"
        case .tooDeep(let limit):
            "objects nest deeper than \(limit) levels"
        case .invalidClass(let uid, let reason):
            "object \(uid) has no usable class: \(reason)"
        case .unexpectedClass(let expected, let found):
            "expected an object of class \(expected), found \(found)"
        case .missingKey(let key, let className):
            "\(className) has no '\(key)'"
        case .typeMismatch(let key, let expected, let found):
            "'\(key)' should be \(expected), found \(found)"
        case .notEditable(let reason):
            "cannot change the archive by appending: \(reason)"
        }
    }
}
