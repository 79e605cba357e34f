import ChecklistKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The candidates the bash, zsh and fish scripts ask the program for (SPEC §2): the scripts run
/// `checklists ---completion -- positional@0 INDEX CURSOR WORD…` for the command and its
/// arguments, and print what this returns, one per line.
///
/// Checklist names are read from the data file the command line would use (`--file`, else the
/// environment's), through the program itself, so they are never stale; file names are listed
/// from the folder being typed.
enum ShellCompletion {
    /// The candidates for word `index` of `words` (the whole command line, program name first),
    /// typed up to `prefix`.
    static func candidates(words: [String], index: Int, prefix: String) -> [String] {
        var file: String?
        var position = 1
        // The options before the command, as ArgumentParser reads them.
        while position < min(index, words.count) {
            let word = words[position]
            if word == "--file" || word == "--color" {
                if word == "--file", position + 1 < words.count { file = unquoted(words[position + 1]) }
                position += 2
            } else if word.hasPrefix("--file=") {
                file = unquoted(String(word.dropFirst("--file=".count)))
                position += 1
            } else if word == "--" {
                position += 1
                break
            } else if word.hasPrefix("-") {
                position += 1
            } else {
                break
            }
        }
        guard position <= index, index <= words.count else { return [] }
        let commandWords = Array(words[position..<index]) + [prefix]
        let path = FileLocations.dataFile(option: file, environment: Environment.current())
        let candidates = Completion.complete(
            shellWords: commandWords,
            checklistNames: { (try? ChecklistStore(path: path))?.book.checklists.map(\.name) ?? [] },
            tags: { (try? ChecklistStore(path: path)).map { Array($0.book.tagSpellings.values) } ?? [] })
        switch candidates {
        case .words(let words): return words
        case .files: return fileNames(startingWith: unquoted(prefix))
        }
    }

    /// The entries of the folder `prefix` is in whose names start as it does, folders with a
    /// `/`; `~/` stands for the home folder. Hidden entries only when the name starts with a dot.
    static func fileNames(startingWith prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        var opened = folder.isEmpty ? "." : folder
        if opened.hasPrefix("~/"), let home = getenv("HOME") { opened = String(cString: home) + opened.dropFirst() }
        guard let directory = opendir(opened) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != "..", name.hasPrefix(start), !name.hasPrefix(".") || start.hasPrefix(".")
            else { continue }
            var info = stat()
            let isFolder = stat(opened + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            names.append(folder + name + (isFolder ? "/" : ""))
        }
        return names.sorted()
    }

    /// A shell word with its quotes and escapes removed (as far as it goes when unfinished).
    private static func unquoted(_ word: String) -> String {
        (try? CommandWords.split(word))?.first ?? (try? CommandWords.split(word + "\""))?.first
            ?? (try? CommandWords.split(word + "'"))?.first ?? word
    }
}
