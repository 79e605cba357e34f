/// An XML element with its namespace resolved: what WebDAV and CalDAV answers are made of.
public struct XMLTree: Sendable, Equatable {
    /// The element's namespace URI (`DAV:`, `urn:ietf:params:xml:ns:caldav`…), empty for none.
    public var namespace: String
    /// The element's local name.
    public var name: String
    /// Its attributes by name as written (prefixes kept), namespace declarations left out.
    public var attributes: [String: String]
    /// The elements inside it, in order.
    public var children: [XMLTree]
    /// The text directly inside it (entities and CDATA resolved), joined.
    public var text: String

    /// An element `name` in `namespace`.
    public init(
        _ namespace: String, _ name: String, attributes: [String: String] = [:], children: [XMLTree] = [],
        text: String = ""
    ) {
        self.namespace = namespace
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The first child named `name` in `namespace`.
    public func child(_ namespace: String, _ name: String) -> XMLTree? {
        children.first { $0.namespace == namespace && $0.name == name }
    }

    /// Every child named `name` in `namespace`.
    public func children(_ namespace: String, _ name: String) -> [XMLTree] {
        children.filter { $0.namespace == namespace && $0.name == name }
    }

    /// The first element named `name` in `namespace` at any depth below this one (depth first).
    public func descendant(_ namespace: String, _ name: String) -> XMLTree? {
        var pending = Array(children.reversed())
        while let next = pending.popLast() {
            if next.namespace == namespace && next.name == name { return next }
            pending += next.children.reversed()
        }
        return nil
    }
}
