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

    /// Describes a class whose superclass is `NSObject` unless another chain is given.
    public init(name: String, superclasses: [String] = ["NSObject"]) {
        self.name = name
        chain = [name] + superclasses
    }

    /// The name without its module prefix (`ChecklistItem`).
    public var unqualifiedName: String { Self.unqualified(name) }

    /// Whether an archived class name means this class, whatever its module prefix.
    public func matches(_ archivedName: String) -> Bool {
        Self.unqualified(archivedName) == unqualifiedName
    }

    /// Strips a module prefix: everything up to the last dot.
    static func unqualified(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    static let array = ArchivedClass(name: "NSArray")
    static let date = ArchivedClass(name: "NSDate")
}
