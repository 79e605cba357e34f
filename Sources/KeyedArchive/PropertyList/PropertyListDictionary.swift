/// A property-list dictionary that keeps its keys in the order they were read or added.
///
/// Lookups are linear: property-list dictionaries in archives are small, and a scan of a
/// handful of short keys is faster than hashing them.
public struct PropertyListDictionary: Sendable, Equatable {
    /// The keys, in order.
    public private(set) var keys: [String]
    /// The values, in the order of `keys`.
    public private(set) var values: [PropertyList]

    /// Creates an empty dictionary.
    public init() {
        keys = []
        values = []
    }

    /// Creates an empty dictionary with room for `capacity` entries, so reading one grows no arrays.
    init(minimumCapacity capacity: Int) {
        self.init()
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// Creates a dictionary from key–value pairs; a repeated key keeps its last value.
    public init(_ pairs: [(String, PropertyList)]) {
        self.init()
        keys.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            self[key] = value
        }
    }

    /// The number of entries.
    public var count: Int { keys.count }

    /// The entries as key–value pairs, in order.
    public var pairs: [(key: String, value: PropertyList)] {
        Array(zip(keys, values)).map { (key: $0.0, value: $0.1) }
    }

    /// The value for `key`; setting `nil` removes the entry, setting a new key appends it.
    public subscript(key: String) -> PropertyList? {
        get {
            guard let index = index(of: key) else { return nil }
            return values[index]
        }
        set {
            if let index = index(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// The position of `key`, compared byte for byte ("é" and "e\u{301}" are different keys, as
    /// in the file). Lengths are compared first, which rules out most keys at once.
    private func index(of key: String) -> Int? {
        let length = key.utf8.count
        for index in keys.indices where keys[index].utf8.count == length && ExactString(keys[index]) == ExactString(key)
        {
            return index
        }
        return nil
    }

    /// Appends an entry without checking for an existing key (the reader rejects repeats first).
    mutating func appendUnchecked(key: String, value: PropertyList) {
        keys.append(key)
        values.append(value)
    }
}
