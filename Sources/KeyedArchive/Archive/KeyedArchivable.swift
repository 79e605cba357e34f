/// A value that archives itself by key, like NSCoding's `encode(with:)` / `init(coder:)`.
public protocol KeyedArchivable {
    /// The class name and superclass chain written to the archive.
    static var archivedClass: ArchivedClass { get }
    /// Writes the value's fields by key.
    func encode(with coder: inout KeyedEncoder)
    /// Reads the value back from its fields.
    init(from coder: KeyedDecoder) throws(KeyedArchiveError)
}

/// The class name an archived value is written under, with its superclass chain.
public struct ArchivedClass: Sendable, Hashable {
    /// The full class name, module prefix included (`Checklists.ChecklistItem`).
    public let name: String
    /// The class chain from the class itself up to the root (`[name, "NSObject"]`).
    public let chain: [String]
    /// The name without its module prefix (`ChecklistItem`), computed once: decoding compares it per object.
    public let unqualifiedName: String

    /// Describes a class whose superclass is `NSObject` unless another chain is given.
    public init(name: String, superclasses: [String] = ["NSObject"]) {
        self.name = name
        chain = [name] + superclasses
        unqualifiedName = Self.unqualified(name)
    }

    /// Whether an archived class name means this class, whatever its module prefix.
    public func matches(_ archivedName: String) -> Bool {
        // Quick check on the common case, the exact name, before stripping a prefix.
        archivedName == name || Self.unqualified(archivedName) == unqualifiedName
    }

    /// Strips a module prefix: everything up to the last dot.
    static func unqualified(_ name: String) -> String {
        // A byte scan: `String.lastIndex(of:)` walks Characters, which cost more than the rest of
        // decoding an object did (benchmarks, 10,000 items).
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return name }
        return String(name[name.utf8.index(after: dot)...])
    }

    static let array = ArchivedClass(name: "NSArray")
    static let mutableArray = ArchivedClass(name: "NSMutableArray")
    static let date = ArchivedClass(name: "NSDate")
}
