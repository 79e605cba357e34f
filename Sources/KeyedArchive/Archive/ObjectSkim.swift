/// What a skim reads in each object: its class and the kinds of its fields.
///
/// `KeyedUnarchiver.decode(_:objects:reading:)` reads objects of a shape already decoded in place,
/// field by field, checking each as decoding it would. Keys not listed are ignored, as decoding
/// ignores keys it does not ask for.
public struct ObjectSkim: Sendable {
    /// The kind of value a field must hold, each checked as the decoder's matching read checks it.
    public enum Kind: Sendable {
        /// `KeyedDecoder.decode(String.self, forKey:)` / `decodeIfPresent(String.self, forKey:)`.
        case string
        /// `decode(Bool.self, forKey:)` / `decodeIfPresent(Bool.self, forKey:)`.
        case bool
        /// `decode(Int.self, forKey:)` / `decodeIfPresent(Int.self, forKey:)`.
        case integer
        /// `decode(Double.self, forKey:)`; an optional real may also be absent.
        case real
        /// `decodeDate(forKey:)` / `decodeDateIfPresent(forKey:)`: an `NSDate` object.
        case date
        /// `decodeStringsIfPresent(forKey:)`: an `NSArray` of strings, or a lone string.
        case strings
    }

    /// One field to check.
    public struct Field: Sendable {
        /// The key the field is stored under.
        public var key: String
        /// The kind of value it must hold.
        public var kind: Kind
        /// Whether it must be there: checked as the non-optional read (`decode`, `decodeDate`)
        /// checks it, so an absent key throws; otherwise as the `…IfPresent` read (absent or
        /// `$null` passes).
        public var required: Bool

        /// A field under `key` holding a `kind`, optional unless `required`.
        public init(key: String, kind: Kind, required: Bool = false) {
            self.key = key
            self.kind = kind
            self.required = required
        }
    }

    /// A field's value as a skim that builds objects read it (`KeyedUnarchiver.decode(_:objects:reading:)`).
    /// A field holds its skim kind's value, or `absent` (no key, or `$null` for an optional object).
    public enum Value: Sendable {
        case absent
        case bool(Bool)
        case integer(Int)
        case real(Double)
        case string(String)
        /// An `NSDate`'s time, in seconds since 2001-01-01 UTC.
        case date(Double)
        /// An `NSArray`'s strings (one, for a lone string).
        case strings([String])
    }

    /// The values of one object's fields, in the order of the skim's `fields`.
    public struct Values {
        var values: [Value]

        /// The value of field `field` (its position in the skim's `fields`).
        public subscript(field: Int) -> Value { field >= 0 && field < values.count ? values[field] : .absent }

        /// The boolean of field `field`, `nil` when absent.
        public func bool(_ field: Int) -> Bool? {
            guard case .bool(let value) = self[field] else { return nil }
            return value
        }

        /// The integer of field `field`, `nil` when absent.
        public func integer(_ field: Int) -> Int? {
            guard case .integer(let value) = self[field] else { return nil }
            return value
        }

        /// The string of field `field`, `nil` when absent.
        public func string(_ field: Int) -> String? {
            guard case .string(let value) = self[field] else { return nil }
            return value
        }

        /// The date of field `field` (seconds since 2001-01-01 UTC), `nil` when absent.
        public func date(_ field: Int) -> Double? {
            guard case .date(let value) = self[field] else { return nil }
            return value
        }

        /// The strings of field `field`, `nil` when absent.
        public func strings(_ field: Int) -> [String]? {
            guard case .strings(let value) = self[field] else { return nil }
            return value
        }
    }

    /// The class each object must be of (any module prefix, as decoding matches names).
    public var archivedClass: ArchivedClass
    /// The fields read in each object, in this order.
    public var fields: [Field]

    /// A skim of objects of class `archivedClass` reading `fields`.
    public init(archivedClass: ArchivedClass, fields: [Field]) {
        self.archivedClass = archivedClass
        self.fields = fields
    }
}
