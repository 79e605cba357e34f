/// An iCalendar component (`BEGIN:NAME` … `END:NAME`): its properties and the components in it, in order.
public struct CalendarComponent: Sendable, Equatable {
    /// The component's name, in upper case (`VCALENDAR`, `VTODO`, `VALARM`…).
    public var name: String
    /// Its properties, in the order read or built.
    public var properties: [ContentLine]
    /// The components inside it, in order.
    public var components: [CalendarComponent]

    /// A component named `name` with `properties` and `components`.
    public init(_ name: String, properties: [ContentLine] = [], components: [CalendarComponent] = []) {
        self.name = name.uppercased()
        self.properties = properties
        self.components = components
    }

    /// The first property named `name`, if present.
    public func property(_ name: String) -> ContentLine? {
        let wanted = name.uppercased()
        return properties.first { $0.name == wanted }
    }

    /// Every property named `name`.
    public func properties(named name: String) -> [ContentLine] {
        let wanted = name.uppercased()
        return properties.filter { $0.name == wanted }
    }

    /// Replaces the properties named `name` by `line` (at the first one's place, else at the
    /// end), or removes them when `line` is `nil`. A property that says the same already is
    /// left as it was read, so an unchanged task is written back byte for byte.
    public mutating func set(_ name: String, _ line: ContentLine?) {
        let wanted = name.uppercased()
        let existing = properties.indices.filter { properties[$0].name == wanted }
        if let line, existing.count == 1, let only = existing.first, properties[only].means(line) { return }
        guard let first = existing.first else {
            if let line { properties.append(line) }
            return
        }
        for index in existing.reversed() { properties.remove(at: index) }
        if let line { properties.insert(line, at: first) }
    }

    /// The components named `name` inside this one.
    public func components(named name: String) -> [CalendarComponent] {
        let wanted = name.uppercased()
        return components.filter { $0.name == wanted }
    }
}
