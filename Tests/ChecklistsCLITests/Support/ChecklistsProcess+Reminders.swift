import ChecklistKit
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension ChecklistsProcess {
    /// The current time in seconds since 2001, the archive's epoch.
    static var now: Double { Date().timeIntervalSinceReferenceDate }

    /// Writes the data file: one checklist `Groceries` with an item reminding at each due date
    /// (seconds since 2001), with IDs from 0, unless `ids` gives them.
    func writeReminders(_ items: [(text: String, due: Double)], ids: [Int]? = nil) throws {
        let list = Checklist(
            name: "Groceries",
            items: items.enumerated().map { index, item in
                ChecklistItem(
                    text: item.text, itemID: ids?[index] ?? index, created: 0, dueDate: item.due, shouldRemind: true)
            })
        let next = (ids ?? Array(items.indices)).max().map { $0 + 1 } ?? 0
        let book = ChecklistBook(checklists: [list], currentIndex: 0, nextItemID: next)
        try FileManager.default.createDirectory(atPath: dataFolder, withIntermediateDirectories: true)
        try Data(book.archived()).write(to: URL(filePath: dataFile))
    }

    /// Polls `condition` every 20 ms until it holds; fails the test after `seconds` (a hang, not a speed).
    static func waitUntil(seconds: Double = 30, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            try #require(Date() < deadline, "gave up waiting after \(seconds) s")
            usleep(20_000)
        }
    }

    /// Whether process `pid` has the file at `path` open.
    static func process(_ pid: Int32, hasOpen path: String) -> Bool {
        let folder = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return descriptors.contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == path
        }
    }
}
