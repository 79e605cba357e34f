/// The key–value fields of one archived object, decoded or still in the binary file.
enum ObjectFields {
    /// Fields of a decoded dictionary (XML archives, `$top`).
    case tree(PropertyListDictionary)
    /// Fields of a dictionary object read in place from a binary archive.
    case binary(BinaryObjectTable.Dictionary, BinaryObjectTable)

    /// The value for `key`, or `nil` when absent.
    func value(forKey key: String) throws(KeyedArchiveError) -> PropertyList? {
        switch self {
        case .tree(let dictionary):
            return dictionary[key]
        case .binary(let dictionary, let table):
            do {
                return try table.value(forKey: key, in: dictionary)
            } catch {
                throw .notAPropertyList(error)
            }
        }
    }

    /// All fields, decoded, in file order.
    func dictionary() throws(KeyedArchiveError) -> PropertyListDictionary {
        switch self {
        case .tree(let dictionary):
            return dictionary
        case .binary(let dictionary, let table):
            do {
                return try table.entries(of: dictionary)
            } catch {
                throw .notAPropertyList(error)
            }
        }
    }
}
