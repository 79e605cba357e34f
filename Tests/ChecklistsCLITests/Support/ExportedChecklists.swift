import Foundation

/// The checklists of a data file as `checklists export json` writes them (SPEC §6).
struct ExportedChecklists {
    /// Why an export could not be read.
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// One item of a checklist.
    struct Item: Equatable {
        var itemID: Int
        var text: String
        var checked: Bool
    }

    /// One checklist.
    struct List: Equatable {
        var name: String
        var items: [Item]
    }

    /// The checklists in the order exported.
    var lists: [List]

    /// Parses `export json` output.
    init(json: String) throws {
        guard
            let root = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let lists = root["checklists"] as? [[String: Any]]
        else { throw Failure(message: "not an export: \(json.prefix(200))") }
        self.lists = try lists.map { list in
            guard let name = list["name"] as? String, let items = list["items"] as? [[String: Any]] else {
                throw Failure(message: "malformed checklist in export")
            }
            return List(
                name: name,
                items: try items.map { item in
                    guard let id = item["itemID"] as? Int, let text = item["text"] as? String,
                        let checked = item["checked"] as? Bool
                    else { throw Failure(message: "malformed item in export") }
                    return Item(itemID: id, text: text, checked: checked)
                })
        }
    }

    /// Every item of every checklist.
    var allItems: [Item] { lists.flatMap(\.items) }

    /// The checklist named `name`, if any.
    func list(_ name: String) -> List? {
        lists.first { $0.name == name }
    }
}
