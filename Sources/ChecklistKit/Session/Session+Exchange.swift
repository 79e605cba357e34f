import KeyedArchive
import SystemCalls

extension Session {
    static func readFile(_ path: String) throws(CommandError) -> [UInt8] {
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
        if file == nil, format == .json, reportsJSON {
            // The export is a JSON document itself: `--json` prints it, on one line as every document.
            var result = CommandResult()
            result.document = Array(ChecklistExport.json(lists, indent: nil).utf8.dropLast())
            return result
        }
        let text: String
        switch format {
        case .json: text = ChecklistExport.json(lists)
        case .markdown: text = ChecklistExport.markdown(lists)
        case .ics: text = ChecklistExport.ics(lists, now: clock())
        }
        guard let file else { return CommandResult(lines: Self.verbatimLines(text)) }
        do {
            // A symbolic link is written through, as the data file is: its target is replaced.
            try FileSystem.writeAtomically(Array(text.utf8), to: FileSystem.followingLinks(file), mode: 0o644)
        } catch {
            throw CommandError.refused("cannot write \(file): \(error)")
        }
        let items = lists.reduce(0) { $0 + $1.items.count }
        return CommandResult(lines: [
            OutputLine("exported \(lists.count) checklist\(lists.count == 1 ? "" : "s") (\(items) items) to \(file)")
        ])
    }

    /// `text` as lines of output written as they are, split after each line feed: a carriage
    /// return before one stays on its line, so iCalendar's CRLF line ends reach standard output.
    /// (`"\r\n"` is one `Character`: a split of the characters at `"\n"` finds no line there.)
    static func verbatimLines(_ text: String) -> [OutputLine] {
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The text's last line feed ends its last line; it starts none.
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { OutputLine(String(decoding: $0, as: UTF8.self), .verbatim) }
    }

    func importFile(_ file: String, dryRun: Bool = false) throws -> CommandResult {
        let bytes = try Self.readFile(file)
        let baseName = String(file.split(separator: "/").last ?? "Imported")
        let fallback = baseName.split(separator: ".").first.map(String.init) ?? baseName
        let imported: [Checklist]
        defer { onProgress(nil) }
        do {
            if let foreign = try ChecklistImport.foreign(from: bytes, now: clock(), onProgress: { onProgress($0) }) {
                return try importForeign(foreign, name: baseName, dryRun: dryRun)
            }
            imported = try ChecklistImport.checklists(from: bytes, fallbackName: fallback, now: clock()) {
                onProgress($0)
            }
        } catch let error as ChecklistImport.Failure {
            throw CommandError.refused("cannot import \(file): \(error)")
        }
        if dryRun {
            let items = imported.reduce(0) { $0 + $1.items.count }
            return CommandResult(lines: [
                OutputLine(
                    "would import \(imported.count) checklist\(imported.count == 1 ? "" : "s") (\(items) item\(items == 1 ? "" : "s")); nothing changed"
                )
            ])
        }
        return try changeResult("import \(baseName)") { book in
            // One pass with one set of taken names and one sort at the end: importing N checklists
            // costs O(N log N), not a scan and a sort per checklist.
            var names = UniqueNames(book.checklists.map(\.name))
            var lists: [Checklist] = []
            // A UID the file gives is kept where no item here has it (an item has one UID, SPEC §8).
            let allLoaded = book.checklists.allSatisfy { $0.unloadedItemCount == nil }
            let taken = allLoaded ? Set(book.checklists.lazy.flatMap(\.items).compactMap(\.uid)) : nil
            lists.reserveCapacity(imported.count)
            var itemCount = 0
            let total = imported.reduce(0) { $0 + $1.items.count }
            for var list in imported {
                list.name = names.claim(list.name)
                for index in list.items.indices {
                    list.items[index].itemID = book.takeItemID()
                }
                onProgress(ProgressReport("import: adding items", done: itemCount + list.items.count, of: total))
                if !Checklist.iconNames.contains(list.iconName) { list.iconName = "No Icon" }
                itemCount += list.items.count
                lists.append(list)
            }
            ChecklistImport.settleUIDs(&lists, taken: taken)
            book.insert(contentsOf: lists)
            onProgress(ProgressReport("import: saving \(itemCount) items", done: itemCount, of: itemCount))
            let shown = lists.prefix(Self.importNamesShown).map(\.name).joined(separator: ", ")
            let more = lists.count > Self.importNamesShown ? " and \(lists.count - Self.importNamesShown) more" : ""
            return [
                OutputLine(
                    "imported \(lists.count) checklist\(lists.count == 1 ? "" : "s") (\(itemCount) item\(itemCount == 1 ? "" : "s")): "
                        + shown + more)
            ]
        }
    }

    /// Merges another tool's items (SPEC §15) as one undoable change, or with `dryRun` only says
    /// what the merge would do; the summary counts what was added, updated and left out, and why.
    private func importForeign(_ foreign: ForeignImport, name: String, dryRun: Bool) throws -> CommandResult {
        func summary(_ counts: ForeignImport.Counts) -> [OutputLine] {
            let verb = dryRun ? "would import" : "imported"
            var lines = [
                OutputLine(
                    "\(verb) from \(foreign.source): \(counts.added) added, \(counts.updated) updated,"
                        + " \(counts.unchanged) unchanged, \(foreign.leftOut.count) left out"
                        + (dryRun ? "; nothing changed" : ""))
            ]
            lines += foreign.leftOut.prefix(Self.leftOutShown).map { OutputLine("  left out: \($0)") }
            if foreign.leftOut.count > Self.leftOutShown {
                lines.append(OutputLine("  and \(foreign.leftOut.count - Self.leftOutShown) more left out"))
            }
            return lines
        }
        if dryRun {
            var nextID = book.nextItemID
            let (_, counts) = foreign.merged(into: book.checklists) {
                defer { nextID += 1 }
                return nextID
            }
            return CommandResult(lines: summary(counts))
        }
        return try changeResult("import \(name)") { book in
            let (lists, counts) = foreign.merged(into: book.checklists) { book.takeItemID() }
            onProgress(ProgressReport("import: saving", done: 1, of: 1))
            book.replaceChecklists(with: lists)
            return summary(counts)
        }
    }

    /// How many left-out entries an import from another tool names before "and N more".
    static let leftOutShown = 10

    /// How many imported checklists the summary line names before "and N more".
    static let importNamesShown = 5

    static func inspect(_ file: String, raw: Bool) throws -> CommandResult {
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
