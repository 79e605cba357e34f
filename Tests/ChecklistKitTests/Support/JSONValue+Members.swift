import KeyedArchive

/// Reading parsed JSON in tests: members, elements and texts.
extension JSONValue {
    /// The member `key` of an object, `nil` for anything else.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element at `index` of an array, `nil` for anything else.
    subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The elements of an array, none for anything else.
    var elements: [JSONValue] {
        guard case .array(let elements) = self else { return [] }
        return elements
    }

    /// The text of a string.
    var text: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }
}
