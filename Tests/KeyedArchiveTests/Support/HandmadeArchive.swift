import Foundation
import KeyedArchive

/// Keyed archives assembled object by object, to build graphs no archiver would write.
enum HandmadeArchive {
    /// The archive envelope around `objects` (with "$null" expected first) and `$top`.
    static func tree(objects: [PropertyList], top: [(String, PropertyList)]) -> PropertyList {
        .dictionary(
            PropertyListDictionary([
                ("$version", .integer(100_000)), ("$archiver", .string("NSKeyedArchiver")),
                ("$top", .dictionary(PropertyListDictionary(top))), ("$objects", .array(objects)),
            ]))
    }

    /// A class dictionary with the chain `[name, "NSObject"]`.
    static func classDictionary(_ name: String) -> PropertyList {
        .dictionary(
            PropertyListDictionary([
                ("$classname", .string(name)), ("$classes", .array([.string(name), .string("NSObject")])),
            ]))
    }

    /// An object dictionary: `$class` plus `fields`.
    static func object(class classUID: UInt64, _ fields: [(String, PropertyList)]) -> PropertyList {
        .dictionary(PropertyListDictionary([("$class", .uid(classUID))] + fields))
    }

    /// An `NSArray` object of `elements` UIDs.
    static func array(class classUID: UInt64, _ elements: [UInt64]) -> PropertyList {
        object(class: classUID, [("NS.objects", .array(elements.map { .uid($0) }))])
    }

    /// The same tree as an XML property list, with UIDs as `CF$UID` dictionaries.
    static func xml(_ tree: PropertyList) -> [UInt8] {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(tree, to: &out)
        out += "\n</plist>\n"
        return Array(out.utf8)
    }

    private static func write(_ value: PropertyList, to out: inout String) {
        switch value {
        case .dictionary(let dictionary):
            out += "<dict>"
            for (key, item) in zip(dictionary.keys, dictionary.values) {
                out += "<key>\(escaped(key))</key>"
                write(item, to: &out)
            }
            out += "</dict>"
        case .array(let elements):
            out += "<array>"
            for element in elements { write(element, to: &out) }
            out += "</array>"
        case .string(let string): out += "<string>\(escaped(string))</string>"
        case .integer(let integer): out += "<integer>\(integer)</integer>"
        case .unsignedInteger(let integer): out += "<integer>\(integer)</integer>"
        case .real(let real): out += "<real>\(real)</real>"
        case .bool(let bool): out += bool ? "<true/>" : "<false/>"
        case .date(let seconds):
            let iso = CivilTime.iso8601Microseconds(referenceSeconds: seconds.rounded(.down))
            out += "<date>\(iso.prefix(19))Z</date>"
        case .data(let bytes): out += "<data>\(Data(bytes).base64EncodedString())</data>"
        case .uid(let uid): out += "<dict><key>CF$UID</key><integer>\(uid)</integer></dict>"
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// A node that may contain nodes of its own kind, to build cycles and deep chains through the typed decoder.
struct ArchivableNode: KeyedArchivable {
    static let archivedClass = ArchivedClass(name: "Checklists.Node")

    var name: String
    var children: [ArchivableNode]

    func encode(with coder: inout KeyedEncoder) {
        coder.encode(name, forKey: "Name")
        coder.encode(children, forKey: "Children")
    }

    init(name: String, children: [ArchivableNode]) {
        self.name = name
        self.children = children
    }

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        name = try coder.decode(String.self, forKey: "Name")
        children = try coder.decode([ArchivableNode].self, forKey: "Children")
    }

    /// The number of nodes in the tree below and including this one.
    var size: Int { 1 + children.reduce(0) { $0 + $1.size } }
}
