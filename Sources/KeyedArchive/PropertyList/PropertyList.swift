/// A property-list value: the tree that binary and XML property lists hold.
///
/// Dictionaries keep their keys in file order; sets read from binary lists become arrays.
/// Dates are seconds since 2001-01-01T00:00:00Z, as property lists store them.
public enum PropertyList: Sendable, Equatable {
    /// A dictionary with string keys, in the order the file gives them.
    case dictionary(PropertyListDictionary)
    /// An ordered array (binary sets are read as arrays too).
    case array([PropertyList])
    /// A string.
    case string(String)
    /// A signed integer.
    case integer(Int64)
    /// An unsigned integer above `Int64.max` (16-byte integers in binary lists).
    case unsignedInteger(UInt64)
    /// A floating-point number.
    case real(Double)
    /// A boolean.
    case bool(Bool)
    /// A date as seconds since 2001-01-01T00:00:00Z.
    case date(Double)
    /// Raw bytes.
    case data([UInt8])
    /// A keyed-archive object reference (binary lists, or `CF$UID` in XML).
    case uid(UInt64)
}

extension PropertyList {
    /// The dictionary, when this value is one.
    public var dictionaryValue: PropertyListDictionary? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The array, when this value is one.
    public var arrayValue: [PropertyList]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The string, when this value is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, when this value is an integer that fits in `Int64`.
    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The UID, when this value is one.
    public var uidValue: UInt64? {
        if case .uid(let value) = self { return value }
        return nil
    }

    /// A short name of the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .dictionary: "dictionary"
        case .array: "array"
        case .string: "string"
        case .integer, .unsignedInteger: "integer"
        case .real: "real"
        case .bool: "boolean"
        case .date: "date"
        case .data: "data"
        case .uid: "UID"
        }
    }
}
