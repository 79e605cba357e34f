/// Checklist names in use (ignoring case), handing out `Name`, or `Name (2)`, `Name (3)`… when taken.
struct UniqueNames {
    private var taken: Set<String>
    /// The next number to try after each name, so that many clashes of one name cost one step each.
    private var nextNumber: [String: Int] = [:]

    /// The names `existing` are taken.
    init(_ existing: [String]) {
        taken = Set(existing.map { $0.lowercased() })
    }

    /// `name` if free, else the first free `name (N)`; either is taken from now on.
    mutating func claim(_ name: String) -> String {
        var candidate = name
        let key = name.lowercased()
        var number = nextNumber[key] ?? 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(name) (\(number))"
            number += 1
        }
        if candidate != name { nextNumber[key] = number }
        taken.insert(candidate.lowercased())
        return candidate
    }
}
