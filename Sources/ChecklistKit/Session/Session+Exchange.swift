import KeyedArchive

extension Session {
    func readFile(_ path: String) throws(CommandError) -> [UInt8] {
        let bytes: [UInt8]?
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw .refused("cannot read \(path): \(error)")
        }
        guard let bytes else { throw .refused("\(path): no such file") }
        return bytes
    }

    func export(_ format: Command.ExportFormat, to file: String?) throws -> CommandResult {
        let lists = book.checklists
        let text = format == .json ? ChecklistExport.json(lists) : ChecklistExport.markdown(lists)
        guard let file else {
            return CommandResult(
                lines: text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
                    OutputLine(String($0))
                })
        }
        do {
            try FileSystem.writeAtomically(Array(text.utf8), to: file, mode: 0o644)
        } catch {
            throw CommandError.refused("cannot write \(file): \(error)")
        }
        let items = lists.reduce(0) { $0 + $1.items.count }
        return CommandResult(lines: [
            OutputLine("exported \(lists.count) checklist\(lists.count == 1 ? "" : "s") (\(items) items) to \(file)")
        ])
    }

    func importFile(_ file: String) throws -> CommandResult {
        let bytes = try readFile(file)
        let baseName = String(file.split(separator: "/").last ?? "Imported")
        let fallback = baseName.split(separator: ".").first.map(String.init) ?? baseName
        let imported: [Checklist]
        do {
            imported = try ChecklistImport.checklists(from: bytes, fallbackName: fallback, now: clock())
        } catch {
            throw CommandError.refused("cannot import \(file): \(error)")
        }
        return try changeResult("import \(baseName)") { book in
            var names: [String] = []
            var itemCount = 0
            for var list in imported {
                list.name = uniqueName(list.name, in: book)
                for index in list.items.indices {
                    list.items[index].itemID = book.takeItemID()
                }
                if !Checklist.iconNames.contains(list.iconName) { list.iconName = "No Icon" }
                itemCount += list.items.count
                names.append(list.name)
                book.insert(list)
            }
            return [
                OutputLine(
                    "imported \(names.count) checklist\(names.count == 1 ? "" : "s") (\(itemCount) item\(itemCount == 1 ? "" : "s")): "
                        + names.joined(separator: ", "))
            ]
        }
    }

    /// `name`, or `name (2)`, `name (3)`… when a checklist has it already.
    private func uniqueName(_ name: String, in book: ChecklistBook) -> String {
        let taken = Set(book.checklists.map { $0.name.lowercased() })
        guard taken.contains(name.lowercased()) else { return name }
        var number = 2
        while taken.contains("\(name) (\(number))".lowercased()) { number += 1 }
        return "\(name) (\(number))"
    }

    func inspect(_ file: String, raw: Bool) throws -> CommandResult {
        let bytes: [UInt8]
        do {
            bytes = try readFile(file)
        } catch {
            throw InspectionError(path: file, reason: error.description)
        }
        let json: JSONValue
        do {
            if raw {
                json = try PropertyListReader.read(bytes).canonicalJSON
            } else {
                json = try ArchiveGraph(try KeyedUnarchiver(bytes: bytes)).resolved()
            }
        } catch {
            throw InspectionError(path: file, reason: "\(error)")
        }
        return CommandResult(lines: json.rendered(indent: 1).split(separator: "\n").map { OutputLine(String($0)) })
    }
}
