import KeyedArchive

/// A value whose fields are all optional but its title, to check which keys each object of a
/// class really holds when objects of one class differ in their keys or in their order.
struct ArchivableNote: KeyedArchivable, Equatable {
    static let archivedClass = ArchivedClass(name: "Notes.Note")

    var title: String
    var done: Bool?
    var count: Int?
    /// Seconds since 2001-01-01T00:00:00Z.
    var when: Double?

    func encode(with coder: inout KeyedEncoder) {
        coder.encode(title, forKey: "Title")
        if let done { coder.encode(done, forKey: "Done") }
        if let count { coder.encode(count, forKey: "Count") }
        if let when { coder.encodeDate(referenceSeconds: when, forKey: "When") }
    }

    init(title: String, done: Bool? = nil, count: Int? = nil, when: Double? = nil) {
        self.title = title
        self.done = done
        self.count = count
        self.when = when
    }

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        title = try coder.decode(String.self, forKey: "Title")
        done = try coder.decodeIfPresent(Bool.self, forKey: "Done")
        count = try coder.decodeIfPresent(Int.self, forKey: "Count")
        when = try coder.decodeDateIfPresent(forKey: "When")
    }
}
