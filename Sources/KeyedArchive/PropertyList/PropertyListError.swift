/// Why bytes could not be read as a property list, or a tree could not be written as one.
public enum PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are neither a binary (`bplist00`) nor an XML property list.
    case unknownFormat
    /// The binary list is shorter than its header and trailer need.
    case truncated
    /// The 32-byte trailer holds impossible sizes or offsets.
    case invalidTrailer(String)
    /// An object's offset, marker or length points outside the file or is malformed.
    case invalidObject(index: Int, reason: String)
    /// A container refers to itself, directly or through others.
    case cyclicReference(index: Int)
    /// Containers nest deeper than the reader allows.
    case tooDeep(limit: Int)
    /// Shared containers would expand into far more values than the file holds.
    case tooLarge(String)
    /// The XML text is not a well-formed property list.
    case invalidXML(line: Int, reason: String)
    /// A value cannot be written (for example a string key that is not a string).
    case unencodable(String)

    public var description: String {
        switch self {
        case .unknownFormat:
            "not a property list (neither binary 'bplist00' nor XML)"
        case .truncated:
            "binary property list is truncated"
        case .invalidTrailer(let reason):
            "binary property list trailer is invalid: \(reason)"
        case .invalidObject(let index, let reason):
            "binary property list object \(index) is invalid: \(reason)"
        case .cyclicReference(let index):
            "binary property list object \(index) contains itself"
        case .tooDeep(let limit):
            "property list nests deeper than \(limit) levels"
        case .tooLarge(let reason):
            "property list is too large: \(reason)"
        case .invalidXML(let line, let reason):
            "XML property list line \(line): \(reason)"
        case .unencodable(let reason):
            "cannot write property list: \(reason)"
        }
    }
}

/// Limits every reader applies so hostile input cannot exhaust the stack or memory.
enum PropertyListLimits {
    /// The deepest nesting of arrays and dictionaries accepted.
    static let maximumDepth = 512
}
